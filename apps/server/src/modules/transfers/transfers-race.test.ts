import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Transfer, type LocationInput } from '@pca/contracts';
import { auditEvents, healthcareServices, locations, transfers } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, JACK, PRIYA, useTestApp } from '../../test/use-test-app.ts';

// Row locks only mean something with several connections: PGlite runs one statement at a time, so this
// file runs on PostgreSQL (PCA_TEST_POSTGRES=1 / CI, docs/development.md#tests) (decision 067).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const clinic = demoIds.location('surry-hills-clinic');
const surryHills = demoIds.organisation('harbour-surry-hills');
const riverbend = demoIds.organisation('riverbend');

const { t, as } = useTestApp();

const edit = (name: string): LocationInput => ({
  name,
  kind: 'physical',
  addressLine: '122 Crown Street',
  locality: 'Surry Hills',
  postcode: '2010',
  state: 'NSW',
  phone: '02 9123 4500',
  afterHoursPhone: '',
  email: 'reception@harbourmedical.example.com.au',
  fax: '',
  website: '',
  suppressEmail: true,
  suppressPhone: false,
});

const owner = async () => (await t.db.select().from(locations).where(eq(locations.id, clinic)))[0]!;

async function startTransfer(to: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers: await as(PRIYA),
    payload: { entityType: 'Location', entityId: clinic, toOrganisationId: to, reason: 'Race.' },
  });
  expect(res.statusCode).toBe(201);
  return Transfer.parse(res.json()).id;
}

describe.runIf(onPostgres)('transfers racing edits (PostgreSQL)', () => {
  it('a transfer and an edit of its location: one wins, nothing half-moved', async () => {
    const managers = { [surryHills]: ALICE, [riverbend]: JACK };
    const outcomes: number[] = [];
    for (let round = 0; round < 8; round++) {
      const before = await owner();
      const from = before.organisationId;
      const to = from === surryHills ? riverbend : surryHills;
      const id = await startTransfer(to);
      const name = `Surry Hills Clinic ${round}`;
      const [accepted, edited] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/transfers/${id}/accept`,
          headers: await as(managers[to]!),
        }),
        t.app.inject({
          method: 'PATCH',
          url: `/api/locations/${clinic}`,
          headers: await as(managers[from]!),
          payload: edit(name),
        }),
      ]);
      expect(accepted.statusCode).toBe(200);
      // 409: the edit was authorised on the giving organisation and then found its row moved; 403: it
      // started after the transfer committed.
      expect([200, 403, 409]).toContain(edited.statusCode);
      outcomes.push(edited.statusCode);
      const after = await owner();
      expect(after.organisationId).toBe(to);
      // The edit either landed before the move (by the giving manager, in the giving trail) or not at all.
      const audit = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, clinic), eq(auditEvents.action, 'location.updated')));
      const mine = audit.filter(
        (e) => (e.changedFields as { name?: { to?: string } }).name?.to === name,
      );
      if (edited.statusCode === 200) {
        expect(after.name).toBe(name);
        expect(mine.map((e) => e.organisationId)).toEqual([from]);
      } else {
        expect(after.name).toBe(before.name);
        expect(mine).toEqual([]);
      }
      const services = await t.db
        .select()
        .from(healthcareServices)
        .where(eq(healthcareServices.locationId, clinic));
      expect(services.every((s) => s.organisationId === to)).toBe(true);
    }
    expect(outcomes).toHaveLength(8);
    console.info(`edit answers racing a transfer: ${outcomes.join(', ')}`);
  });

  it('accepting and withdrawing at once: exactly one answer wins', async () => {
    const from = (await owner()).organisationId;
    const to = from === surryHills ? riverbend : surryHills;
    const id = await startTransfer(to);
    const [accepted, cancelled] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/transfers/${id}/accept`,
        headers: await as(to === riverbend ? JACK : ALICE),
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/transfers/${id}/cancel`,
        headers: await as(PRIYA),
      }),
    ]);
    expect([accepted.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
    const [row] = await t.db.select().from(transfers).where(eq(transfers.id, id));
    expect((await owner()).organisationId).toBe(row!.status === 'Completed' ? to : from);
  });

  it('two starts of one location: one is pending, the other a conflict', async () => {
    const from = (await owner()).organisationId;
    const to = from === surryHills ? riverbend : surryHills;
    const headers = await as(PRIYA);
    const payload = {
      entityType: 'Location',
      entityId: clinic,
      toOrganisationId: to,
      reason: 'Twice.',
    };
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        t.app.inject({ method: 'POST', url: '/api/transfers', headers, payload }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.headers['content-type']).toContain('application/problem+json');
  });
});
