import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditActors,
  AuditEventsPage,
  auditEventsApiPaths as paths,
  profileApiPaths,
  shellApiPaths,
  type AuditEventItem,
} from '@pca/contracts';
import { auditEvents } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { appendAudit } from '#platform/audit.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { csvCell } from '#platform/lib/csv.ts';
import { parseCsv } from '../../test/csv.ts';

let t: TestApp;
/** Every statement the API sent, in order. */
const statements: string[] = [];
const ra = {
  alice: '2000000011',
  ben: '2000000022',
  farah: '2000000055',
  george: '2000000066',
  priya: '2000000077',
  isla: '2000000099',
  hannah: '2000000112',
};
type Who = keyof typeof ra | 'benForAlice';
const tokens: Partial<Record<Who, string>> = {};
const user = demoIds.user;
const alicePractitioner = demoIds.practitioner('alice');
const coastal = demoIds.organisation('coastal-physio');
const clinic = demoIds.location('surry-hills-clinic');

const get = (who: Who | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? t.bearer(tokens[who]!) : {} });
const page = async (who: Who, query = '') => {
  const res = await get(who, `${paths.list}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return AuditEventsPage.parse(res.json());
};
/** Every row of a trail, following the cursor. */
async function all(who: Who, query = '') {
  const items: AuditEventItem[] = [];
  let cursor: string | null = null;
  do {
    const sep = query ? '&' : '?';
    const p = await page(
      who,
      cursor ? `${query}${sep}cursor=${cursor}&pageSize=100` : `${query}${sep}pageSize=100`,
    );
    items.push(...p.items);
    cursor = p.nextCursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' }, { onQuery: (q) => statements.push(q) });
  for (const [key, number] of Object.entries(ra)) tokens[key as Who] = await t.tokenFor(number);
  tokens.benForAlice = await t.tokenFor(ra.ben);
  const start = await t.app.inject({
    method: 'PUT',
    url: shellApiPaths.managing,
    headers: t.bearer(tokens.benForAlice),
    payload: { practitionerId: alicePractitioner },
  });
  expect(start.statusCode, start.body).toBeLessThan(300);
  // Ben, managing Alice, changes her personal contact details: a delegated change of hers.
  const saved = await t.app.inject({
    method: 'PUT',
    url: profileApiPaths.personalContactDetails.replace(':id', user('alice')),
    headers: t.bearer(tokens.benForAlice),
    payload: { personalEmail: 'alice.home@example.com', personalPhone: '0400000111' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  // Events written as modules write them: the organisation is found from the entity.
  await appendAudit(t.db, {
    actorUserId: user('priya'),
    action: 'location.updated',
    entityType: 'Location',
    entityId: clinic,
    changedFields: { name: { from: 'Clinic', to: 'Surry Hills Clinic' }, clientSecret: 'abc' },
  });
  await appendAudit(t.db, {
    actorUserId: null,
    action: 'organisation.updated',
    entityType: 'Organisation',
    entityId: coastal,
    changedFields: { website: { from: null, to: 'https://coastal.example' } },
  });
  // Isla's organisation's history: 45 events over 45 days, one with a formula for a spreadsheet.
  await t.db.insert(auditEvents).values(
    Array.from({ length: 45 }, (_, n) => ({
      at: new Date(Date.UTC(2025, 2, 1 + n, 1)),
      actorUserId: n % 3 === 0 ? user('isla') : null,
      action: n % 2 ? 'healthcare-service.updated' : 'organisation.updated',
      entityType: n % 2 ? 'HealthcareService' : 'Organisation',
      entityId: n === 7 ? '=HYPERLINK("http://evil.example")' : coastal,
      organisationId: coastal,
      changedFields: { name: { from: `Name ${n}`, to: `Name ${n + 1}` } },
    })),
  );
});
afterAll(() => t.close());

describe('who sees which events', () => {
  const delegated = (items: AuditEventItem[]) =>
    items.find((i) => i.action === 'practitioner.update-personal-contact-details');

  it("shows Alice what Ben did on her behalf as 'Ben Okafor for Alice Nguyen'", async () => {
    const items = await all('alice');
    const event = delegated(items)!;
    expect(event).toMatchObject({
      actor: { id: user('ben'), name: 'Ben Okafor' },
      actingFor: { id: alicePractitioner, name: 'Alice Nguyen' },
      summary: 'Changed personal contact details',
      entityLabel: 'Practitioner profile',
    });
    expect(event.changes).toContainEqual({
      field: 'personalEmail',
      label: 'Personal email',
      from: null,
      to: 'alice.home@example.com',
    });
  });

  it('shows Ben managing Alice her trail, and Ben in his own account what he did', async () => {
    const managed = await page('benForAlice');
    expect(managed.trailOf).toEqual({ kind: 'managed', name: 'Alice Nguyen' });
    expect(delegated(await all('benForAlice'))).toBeDefined();
    const own = await page('ben');
    expect(own.trailOf).toEqual({ kind: 'own', name: 'Ben Okafor' });
    expect(delegated(await all('ben'))).toBeDefined();
  });

  it("shows organisation managers their organisations' events, masked where sensitive, and nobody else", async () => {
    const location = (items: AuditEventItem[]) =>
      items.find((i) => i.action === 'location.updated');
    const event = location(await all('alice'))!;
    expect(event.organisation?.name).toBe('Harbour Medical Centre Surry Hills');
    expect(event.changes).toEqual([
      { field: 'name', label: 'Name', from: 'Clinic', to: 'Surry Hills Clinic' },
      { field: 'clientSecret', label: 'Client secret', from: null, to: '••••••' },
    ]);
    // George is Harbour's Viewer, not a manager; Isla manages another organisation; Ben managing
    // Alice acts for her as a practitioner only.
    for (const who of ['george', 'isla', 'farah', 'benForAlice'] as const)
      expect(location(await all(who)), who).toBeUndefined();
    const isla = await all('isla');
    expect(isla.every((i) => i.organisation?.id === coastal || i.actor?.id === user('isla'))).toBe(
      true,
    );
  });

  it('gives no one an event outside their trail', async () => {
    const trails = Object.fromEntries(
      await Promise.all(
        (['alice', 'ben', 'farah', 'george', 'priya', 'isla'] as const).map(
          async (who) => [who, new Set((await all(who)).map((i) => i.id))] as const,
        ),
      ),
    );
    for (const id of trails.isla!) expect(trails.alice!.has(id)).toBe(false);
    for (const id of trails.alice!) expect(trails.isla!.has(id)).toBe(false);
    expect([...trails.george!].some((id) => trails.alice!.has(id))).toBe(false);
    for (const id of trails.alice!) expect(trails.farah!.has(id)).toBe(false);
  });

  it('refuses the signed-out', async () => {
    expectProblem(await get(null, paths.list), 401);
    expectProblem(await get(null, paths.csv), 401);
  });
});

describe('filters and paging', () => {
  it('pages newest first with a cursor, no row twice', async () => {
    const first = await page('isla', '?entity=organisation&pageSize=10');
    expect(first.items).toHaveLength(10);
    const second = await page(
      'isla',
      `?entity=organisation&pageSize=10&cursor=${first.nextCursor}`,
    );
    const third = await page(
      'isla',
      `?entity=organisation&pageSize=10&cursor=${second.nextCursor}`,
    );
    const rows = [...first.items, ...second.items, ...third.items];
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    const times = rows.map((r) => r.at);
    expect([...times].sort().reverse()).toEqual(times);
    // 23 of the 45 and the one appendAudit wrote: 24.
    expect(third.items).toHaveLength(4);
    expect(third.nextCursor).toBeNull();
  });

  it('narrows by entity, actor and Sydney days', async () => {
    expect((await all('isla', '?entity=healthcare-service')).length).toBe(22);
    expect(
      (await all('isla', `?actor=${user('isla')}`)).every((i) => i.actor?.id === user('isla')),
    ).toBe(true);
    // 1 March 2025 01:00 UTC is 12 pm in Sydney on the 1st; 10–12 March are three days.
    const days = await all('isla', '?from=2025-03-10&to=2025-03-12');
    expect(days.map((d) => d.at.slice(0, 10))).toEqual(['2025-03-12', '2025-03-11', '2025-03-10']);
    expect(await all('isla', '?from=2030-01-01')).toEqual([]);
  });

  it('offers the trail’s people as actors', async () => {
    const res = await get('alice', paths.actors);
    const { actors } = AuditActors.parse(res.json());
    expect(actors.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Alice Nguyen', 'Ben Okafor']),
    );
  });

  it('offers the people with a role on a healthcare service of the trail’s organisations', async () => {
    // Ben manages Surry Hills GP (a HealthcareServiceManager); Hannah manages the Harbour group above it.
    const gp = demoIds.healthcareService('surry-hills-gp');
    await appendAudit(t.db, {
      actorUserId: user('ben'),
      action: 'healthcare-service.updated',
      entityType: 'HealthcareService',
      entityId: gp,
      changedFields: { name: { from: 'Surry Hills GP', to: 'Surry Hills General Practice' } },
    });
    const edit = (await all('hannah')).find(
      (i) => i.entityId === gp && i.action === 'healthcare-service.updated',
    );
    expect(edit?.actor?.id).toBe(user('ben'));
    const before = statements.length;
    const res = await get('hannah', paths.actors);
    expect(res.statusCode, res.body).toBe(200);
    const { actors } = AuditActors.parse(res.json());
    expect(actors).toContainEqual({ id: user('ben'), name: 'Ben Okafor' });
    // Still one statement beside the caller's lookup.
    const sent = statements.slice(before);
    expect(sent.filter((q) => q.includes('order by u.family_name'))).toHaveLength(1);
    expect(sent.length).toBeLessThanOrEqual(2);
    const byBen = await all('hannah', `?actor=${user('ben')}`);
    expect(byBen.map((i) => i.entityId)).toContain(gp);
  });

  it.each([
    ['?from=2025-03-12&to=2025-03-10', 'to'],
    ['?from=2025-02-30', 'from'],
    ['?entity=everything', 'entity'],
    ['?actor=ben', 'actor'],
    ['?cursor=yesterday', 'cursor'],
    ['?cursor=5523-55-92T34%3A34%3A45.767160Z_baeaec14-abfa-bafb-acef-1ca0961af0bb', 'cursor'],
    ['?pageSize=0', 'pageSize'],
    ['?pageSize=101', 'pageSize'],
  ])('answers %s with a problem naming %s', async (query, field) => {
    expectProblem(await get('alice', `${paths.list}${query}`), 400, { field });
  });

  it('answers a bad CSV filter with a problem too', async () => {
    expectProblem(await get('alice', `${paths.csv}?from=2025-03-12&to=2025-03-10`), 400, {
      field: 'to',
    });
  });
});

describe('SQL statements per request (docs/benchmarks/audit-events.md)', () => {
  it('reads a page, filtered or not, in one statement beside the caller', async () => {
    for (const query of ['', '?entity=organisation', `?actor=${user('isla')}&from=2025-03-01`]) {
      const before = statements.length;
      await page('isla', query);
      const sent = statements.slice(before);
      expect(
        sent.filter((q) => q.includes('audit_events')),
        query,
      ).toHaveLength(1);
      // The rest is the caller's one lookup, when the request cache does not answer (decision 021).
      expect(sent.length, query).toBeLessThanOrEqual(2);
    }
  });
});

describe('the CSV download', () => {
  /** A cell as a spreadsheet must not run it. */
  const guarded = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value);

  it('holds the same rows as the pages of the same filter, guarded against formulas', async () => {
    const query = '?from=2025-03-01&to=2025-04-30';
    const items = await all('isla', query);
    const res = await get('isla', `${paths.csv}${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-events-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const [header, ...rows] = parseCsv(res.body);
    expect(header![0]).toBe('When (UTC)');
    expect(rows.map((r) => [r[0], r[1], r[3], r[5]])).toEqual(
      items.map((i) => [i.at, i.actor?.name ?? 'System', i.summary, guarded(i.entityId ?? '')]),
    );
    expect(res.body).toContain(`'=HYPERLINK(""http://evil.example"")`);
  });

  it('streams a long trail in batches', async () => {
    // 1,200 more rows: three batches of the reader.
    await t.db.insert(auditEvents).values(
      Array.from({ length: 1_200 }, (_, n) => ({
        at: new Date(Date.UTC(2024, 0, 1) + n * 60_000),
        actorUserId: user('isla'),
        action: 'organisation.updated',
        entityType: 'Organisation',
        entityId: coastal,
        organisationId: coastal,
      })),
    );
    const res = await get('isla', `${paths.csv}?to=2024-12-31`);
    expect(parseCsv(res.body)).toHaveLength(1_201);
  });
});

describe('csvCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+61 2 9999', "'+61 2 9999"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['plain', 'plain'],
  ])('%s → %s', (value, cell) => expect(csvCell(value)).toBe(cell));
});
