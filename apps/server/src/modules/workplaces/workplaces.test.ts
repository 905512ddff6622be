import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  WorkplaceServiceSummary,
  Workplaces,
  workplaceServiceApiPath as servicePath,
  workplacesApiPaths as paths,
  workplacesProblemTypes as problemTypes,
} from '@pca/contracts';
import { healthcareServices, practitionerRoles } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { today } from '#platform/entities/summaries.ts';
import { ALICE, BEN, GEORGE, PRIYA, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { publishedTo } from './service.ts';

// Every statement the app sends, so a request's count can be read (docs/benchmarks/sql-per-request.md).
const statements: string[] = [];
// Rate-limit counters are written in batches, timing-dependent and not the request's own work: off here.
const { t, as } = useTestApp({ RATE_LIMITS: 'false' }, { onQuery: (sql) => statements.push(sql) });

const FARAH = '2000000055';
const service = demoIds.healthcareService;
const alice = demoIds.practitioner('alice');
const farah = demoIds.practitioner('farah');
const missing = '00000000-0000-4000-8000-000000000000';

/** Ben's own session, managing someone (a separate token, so `as(BEN)` stays Ben himself). */
async function benManaging(practitionerId: string) {
  const headers = t.bearer(await t.tokenFor(BEN));
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/managing',
    headers,
    payload: { practitionerId },
  });
  expect(res.statusCode).toBe(200);
  return headers;
}

const get = async (url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

/** A date `days` from today, as YYYY-MM-DD. */
const fromToday = (days: number) => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const addedRoles: string[] = [];
afterAll(async () => {
  if (addedRoles.length && t.db)
    await t.db.delete(practitionerRoles).where(inArray(practitionerRoles.id, addedRoles));
});

describe('My workplaces: the list', () => {
  it('needs a session', async () => {
    expectProblem(await t.app.inject({ method: 'GET', url: paths.list }), 401);
  });

  it("gives Alice her two active roles, each with its service, business, location and role's dates", async () => {
    const res = await get(paths.list, await as(ALICE));
    expect(res.statusCode).toBe(200);
    const body = Workplaces.parse(res.json());
    expect(body.practitioner.id).toBe(alice);
    expect(body.managing).toBe(false);
    expect(body.past).toEqual([]);
    expect(body.active.map((w) => w.service.name)).toEqual([
      'Harbour General Practice Surry Hills',
      'Harbour Telehealth GP',
    ]);
    const [gp, telehealth] = body.active;
    expect(gp!.service).toMatchObject({
      id: service('surry-hills-gp'),
      serviceType: 'General practice',
      organisation: { name: 'Harbour Medical Centre Surry Hills', type: 'HiOrganisation' },
      business: { id: demoIds.organisation('harbour-group'), name: 'Harbour Medical Group' },
      location: {
        name: 'Surry Hills Clinic',
        kind: 'physical',
        address: '120 Crown Street, Surry Hills NSW 2010',
      },
    });
    expect(gp!.roles).toEqual([
      expect.objectContaining({
        id: demoIds.practitionerRole('alice', 'surry-hills-gp'),
        primaryType: 'General practitioner',
        startDate: '2024-03-04',
        status: 'active',
      }),
    ]);
    expect(telehealth!.service.location).toMatchObject({ kind: 'VI', address: '' });
  });

  it("gives Ben managing Farah her ended role, under Past; Ben managing Alice, Alice's", async () => {
    const forFarah = Workplaces.parse((await get(paths.list, await benManaging(farah))).json());
    expect(forFarah).toMatchObject({
      practitioner: { id: farah, givenName: 'Farah' },
      managing: true,
    });
    expect(forFarah.active).toEqual([]);
    expect(forFarah.past).toHaveLength(1);
    expect(forFarah.past[0]!.service.name).toBe('Harbour Skin Check Clinic');
    expect(forFarah.past[0]!.roles[0]).toMatchObject({ endDate: '2025-06-30', status: 'ended' });

    const forAlice = Workplaces.parse((await get(paths.list, await benManaging(alice))).json());
    expect(forAlice.practitioner.id).toBe(alice);
    expect(forAlice.managing).toBe(true);
    expect(forAlice.active.map((w) => w.service.id)).toEqual([
      service('surry-hills-gp'),
      service('harbour-telehealth-gp'),
    ]);
  });

  it('splits active from past: ended, not yet started and a service that ended go to Past', async () => {
    const ended = { id: crypto.randomUUID(), start: '2020-01-01', end: fromToday(-1) };
    const future = { id: crypto.randomUUID(), start: fromToday(10), end: null };
    addedRoles.push(ended.id, future.id);
    await t.db.insert(practitionerRoles).values(
      [ended, future].map((r) => ({
        id: r.id,
        practitionerId: alice,
        healthcareServiceId: service('surry-hills-skin'),
        primaryType: 'Skin cancer doctor',
        startDate: r.start,
        endDate: r.end,
      })),
    );
    const body = Workplaces.parse((await get(paths.list, await as(ALICE))).json());
    expect(body.active).toHaveLength(2);
    const skin = body.past.find((w) => w.service.id === service('surry-hills-skin'))!;
    expect(skin.roles.map((r) => [r.id, r.status])).toEqual([
      [ended.id, 'ended'],
      [future.id, 'notStarted'],
    ]);

    // The telehealth service ends yesterday: Alice's role there is past with the service's reason.
    await t.db
      .update(healthcareServices)
      .set({ endDate: fromToday(-1) })
      .where(eq(healthcareServices.id, service('harbour-telehealth-gp')));
    try {
      const after = Workplaces.parse((await get(paths.list, await as(ALICE))).json());
      expect(after.active.map((w) => w.service.id)).toEqual([service('surry-hills-gp')]);
      const telehealth = after.past.find((w) => w.service.id === service('harbour-telehealth-gp'));
      expect(telehealth!.roles[0]!.status).toBe('serviceEnded');
    } finally {
      await t.db
        .update(healthcareServices)
        .set({ endDate: null })
        .where(eq(healthcareServices.id, service('harbour-telehealth-gp')));
    }
    await t.db
      .delete(practitionerRoles)
      .where(inArray(practitionerRoles.id, [ended.id, future.id]));
    addedRoles.length = 0;
  });

  it('refuses George, Priya and Ben himself (no practitioner, none managed) with a problem', async () => {
    for (const who of [GEORGE, PRIYA, BEN]) {
      const body = expectProblem(await get(paths.list, await as(who)), 403, {
        type: problemTypes.noPractitioner.replace('/problems/', ''),
      });
      expect(body.detail).toBe(
        'My workplaces is for practitioners and the delegates managing them.',
      );
    }
  });
});

describe('My workplaces: a service summary', () => {
  it("gives Alice her GP service's details, hours, contact, publications and her role there", async () => {
    const res = await get(servicePath(service('surry-hills-gp')), await as(ALICE));
    expect(res.statusCode).toBe(200);
    const body = WorkplaceServiceSummary.parse(res.json());
    expect(body.service).toMatchObject({
      name: 'Harbour General Practice Surry Hills',
      business: { name: 'Harbour Medical Group' },
      isActive: true,
      contact: {
        phone: '0291234510',
        website: 'https://harbourmedical.example.com.au/surry-hills',
      },
    });
    expect(body.service.openingHours.find((d) => d.day === 'mon')!.ranges.length).toBeGreaterThan(
      0,
    );
    expect(body.roles.map((r) => r.id)).toEqual([
      demoIds.practitionerRole('alice', 'surry-hills-gp'),
    ]);
    // Its own rows publish to both NHSD services; MediFund comes from Harbour Medical Group's choice.
    expect(body.publications.map((p) => [p.partner.name, p.from.level, p.from.name])).toEqual([
      ['MediFund Health Insurance', 'organisation', 'Harbour Medical Group Pty Ltd'],
      [
        'National Health Services Directory',
        'healthcare-service',
        'Harbour General Practice Surry Hills',
      ],
      ['NHSD (providers only)', 'healthcare-service', 'Harbour General Practice Surry Hills'],
    ]);
  });

  it('gives Ben managing Farah the summary of the service she worked at, with her ended role', async () => {
    const res = await get(servicePath(service('surry-hills-skin')), await benManaging(farah));
    expect(res.statusCode).toBe(200);
    const body = WorkplaceServiceSummary.parse(res.json());
    expect(body.managing).toBe(true);
    expect(body.roles).toEqual([
      expect.objectContaining({ status: 'ended', endDate: '2025-06-30' }),
    ]);
  });

  it('answers 404 for a service the practitioner never held a role at, even one their business runs', async () => {
    // Alice manages Harbour Medical Group, which runs the skin clinic, but she never worked there.
    for (const [headers, id] of [
      [await as(ALICE), service('surry-hills-skin')],
      [await as(ALICE), missing],
      [await as(FARAH), service('surry-hills-gp')],
      [await benManaging(alice), service('surry-hills-skin')],
      // Ben manages the GP service, but has no practitioner record: My workplaces shows him nothing.
      [await as(BEN), service('surry-hills-gp')],
      [await as(GEORGE), service('surry-hills-gp')],
    ] as const) {
      const body = expectProblem(await get(servicePath(id), headers), 404);
      expect(body.detail).toBe('Healthcare service not found.');
    }
  });

  it('answers 400 with a problem for an id that is not a uuid', async () => {
    expectProblem(await get(servicePath('not-a-uuid'), await as(ALICE)), 400, { field: 'id' });
  });
});

describe('SQL statements per request', () => {
  /** Statements one request sends, once the caller's session is in the request-context cache. */
  async function countOf(url: string, headers: Record<string, string>) {
    const cold = statements.length;
    await get(url, headers); // reads the caller too (as after SESSION_CACHE_MS), then caches them
    const before = statements.length;
    const res = await get(url, headers);
    expect(res.statusCode).toBe(200);
    console.info(
      `GET ${url}: ${before - cold} statements reading the caller, ${statements.length - before} cached`,
    );
    return statements.length - before;
  }

  it('the list is one statement and a summary two, however many roles or partners', async () => {
    // A new session each time, so the first request reads its caller.
    const list = await countOf(paths.list, t.bearer(await t.tokenFor(ALICE)));
    const summary = await countOf(
      servicePath(service('surry-hills-gp')),
      t.bearer(await t.tokenFor(ALICE)),
    );
    console.info(`GET ${paths.list}: ${list} statements; GET ${paths.service}: ${summary}`);
    expect(list).toBe(1);
    expect(summary).toBe(2);
  });
});

describe('which partner services a service is published to', () => {
  const svc = { id: 's', name: 'Service', organisationId: 'hi', locationId: 'l' };
  const chain = [
    { id: 'hi', parentId: 'top', name: 'HI organisation' },
    { id: 'top', parentId: null, name: 'Business' },
  ];
  const row = (over: Partial<Parameters<typeof publishedTo>[3][number]>) => ({
    partnerServiceId: 'p',
    partnerName: 'Partner',
    partnerRole: 'directory' as const,
    featureFlag: null,
    publish: true,
    organisationId: 'top',
    locationId: null,
    healthcareServiceId: null,
    ...over,
  });
  const features = { healthConnectPublication: false } as never;

  it('takes the nearest level: a service or location that says no outranks the business saying yes', () => {
    expect(publishedTo(svc, 'Clinic', chain, [row({})], features)).toEqual([
      {
        partner: { id: 'p', name: 'Partner', role: 'directory' },
        from: { level: 'organisation', name: 'Business' },
      },
    ]);
    expect(
      publishedTo(
        svc,
        'Clinic',
        chain,
        [row({}), row({ locationId: 'l', organisationId: 'hi', publish: false })],
        features,
      ),
    ).toEqual([]);
    expect(
      publishedTo(
        svc,
        'Clinic',
        chain,
        [row({ publish: false }), row({ organisationId: 'hi' })],
        features,
      )[0]!.from,
    ).toEqual({ level: 'organisation', name: 'HI organisation' });
  });

  it('leaves out a partner whose feature flag is off, and rows of other organisations', () => {
    expect(
      publishedTo(
        svc,
        'Clinic',
        chain,
        [row({ featureFlag: 'healthConnectPublication' })],
        features,
      ),
    ).toEqual([]);
    expect(
      publishedTo(svc, 'Clinic', chain, [row({ organisationId: 'elsewhere' })], features),
    ).toEqual([]);
  });
});
