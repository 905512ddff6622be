import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PublicationsOverview,
  PublishedEntitiesPage,
  publicationsOverviewApiPaths as paths,
  shellApiPaths,
  type PublishedEntity,
} from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { CSV_BATCH, csvCellsOf } from './service.ts';
import { parseCsv } from '../../test/csv.ts';

let t: TestApp;
/** Every statement the API sent, in order. */
const statements: string[] = [];
const ra = {
  alice: '2000000011',
  ben: '2000000022',
  george: '2000000066',
  priya: '2000000077',
};
type Who = keyof typeof ra | 'benForAlice';
const tokens: Partial<Record<Who, string>> = {};
const medifund = demoIds.partnerService('medifund');
const missing = '00000000-0000-4000-8000-000000000000';

const get = (who: Who | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? t.bearer(tokens[who]!) : {} });
const entitiesUrl = (partner: string, query = '') =>
  `${paths.entities.replace(':partnerServiceId', partner)}${query}`;
const csvUrl = (partner: string, query = '') =>
  `${paths.csv.replace(':partnerServiceId', partner)}${query}`;

async function drill(partner: string, query = '') {
  const res = await get('priya', entitiesUrl(partner, query));
  expect(res.statusCode, res.body).toBe(200);
  return PublishedEntitiesPage.parse(res.json());
}
/** Every row of the drill-down, page by page. */
async function all(partner: string, type?: string, pageSize = 7) {
  const items: PublishedEntity[] = [];
  for (let page = 1; ; page++) {
    const p = await drill(
      partner,
      `?page=${page}&pageSize=${pageSize}${type ? `&type=${type}` : ''}`,
    );
    items.push(...p.items);
    if (page * pageSize >= p.total) return { items, total: p.total };
  }
}

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' }, { onQuery: (q) => statements.push(q) });
  for (const [key, number] of Object.entries(ra)) tokens[key as Who] = await t.tokenFor(number);
  tokens.benForAlice = await t.tokenFor(ra.ben);
  const start = await t.app.inject({
    method: 'PUT',
    url: shellApiPaths.managing,
    headers: t.bearer(tokens.benForAlice),
    payload: { practitionerId: demoIds.practitioner('alice') },
  });
  expect(start.statusCode, start.body).toBeLessThan(300);
});
afterAll(() => t.close());

describe('the overview', () => {
  it('counts what each partner receives as the partner API serves it (the seeded world)', async () => {
    const res = await get('priya', paths.list);
    expect(res.statusCode, res.body).toBe(200);
    const { partners } = PublicationsOverview.parse(res.json());
    expect(partners.map((p) => p.name)).toEqual([
      'Health Connect Directory',
      'MediFund Health Insurance',
      'NHSD (providers only)',
      'National Health Services Directory',
      'PracticeLink Referrals',
    ]);
    const byName = Object.fromEntries(partners.map((p) => [p.name, p]));
    // Harbour publishes to MediFund at the group's level without future practitioners: the group and its
    // three HI organisations, their three locations and three services; of the roles only Alice's two,
    // because her own choice publishes to MediFund (and that choice is the one practitioner's publication).
    expect(byName['MediFund Health Insurance']!.counts).toEqual({
      organisations: 4,
      locations: 3,
      healthcareServices: 3,
      practitionerRoles: 2,
      practitioners: 1,
    });
    // The seed's practitioner publication (10 days before the base date) records nobody.
    expect(byName['MediFund Health Insurance']!.lastChange).toMatchObject({ by: null });
    // The NHSD publishes future practitioners: every role of Harbour's services.
    const nhsd = byName['National Health Services Directory']!;
    expect(nhsd.counts.organisations).toBe(4);
    expect(nhsd.lastChange?.by).toEqual({ id: demoIds.user('alice'), name: 'Alice Nguyen' });
    const roles = await t.db.execute(
      sql.raw(`select count(*)::int as n from practitioner_roles r join healthcare_services s
         on s.id = r.healthcare_service_id join organisations o on o.id = s.organisation_id
         where o.parent_id = '${demoIds.organisation('harbour-group')}'`),
    );
    expect(nhsd.counts.practitionerRoles).toBe(
      (roles as unknown as { rows: { n: number }[] }).rows[0]!.n,
    );
    expect(byName['PracticeLink Referrals']).toMatchObject({
      counts: {
        organisations: 0,
        locations: 0,
        healthcareServices: 0,
        practitionerRoles: 0,
        practitioners: 0,
      },
      lastChange: null,
    });
  });
});

describe('the drill-down', () => {
  it('pages through what MediFund receives, in order, with links’ ids', async () => {
    const { items, total } = await all(medifund);
    expect(total).toBe(13);
    expect(items).toHaveLength(13);
    expect(new Set(items.map((i) => i.id)).size).toBe(13);
    expect(items.map((i) => i.type)).toEqual([
      ...Array(4).fill('organisation'),
      ...Array(3).fill('location'),
      ...Array(3).fill('healthcare-service'),
      'practitioner-role',
      'practitioner-role',
      'practitioner',
    ]);
    expect(items[0]).toMatchObject({
      type: 'organisation',
      name: 'Harbour Home Visits',
      organisationType: 'HiOrganisation',
      organisation: null,
    });
    const role = items.find((i) => i.id === demoIds.practitionerRole('alice', 'surry-hills-gp'))!;
    expect(role).toMatchObject({
      name: 'Alice Nguyen',
      healthcareService: { id: demoIds.healthcareService('surry-hills-gp') },
      organisation: { name: 'Harbour Medical Centre Surry Hills' },
    });
    expect(items.at(-1)).toMatchObject({ id: demoIds.practitioner('alice'), type: 'practitioner' });
  });

  it('filters by kind, and answers an empty page past the end with the total', async () => {
    const locations = await all(medifund, 'location', 2);
    expect(locations.total).toBe(3);
    expect(locations.items.every((i) => i.type === 'location')).toBe(true);
    const past = await drill(medifund, '?page=9&pageSize=25');
    expect(past).toMatchObject({ items: [], total: 13, page: 9 });
  });

  it('refuses a bad kind or page, and a partner that does not exist, with problems', async () => {
    expectProblem(await get('priya', entitiesUrl(medifund, '?type=doctor')), 400);
    expectProblem(await get('priya', entitiesUrl(medifund, '?pageSize=1000')), 400);
    expectProblem(await get('priya', entitiesUrl(medifund, '?page=0')), 400);
    expectProblem(await get('priya', entitiesUrl('not-a-uuid')), 400);
    expectProblem(await get('priya', entitiesUrl(missing)), 404);
    expectProblem(await get('priya', csvUrl(missing)), 404);
  });
});

describe('who may read it', () => {
  it('is the operator alone: 403 for George, Alice and a managing session, 401 signed out', async () => {
    for (const url of [paths.list, entitiesUrl(medifund), csvUrl(medifund)]) {
      for (const who of ['george', 'alice', 'ben', 'benForAlice'] as const)
        expectProblem(await get(who, url), 403);
      expectProblem(await get(null, url), 401);
    }
  });

  it('refuses anyone else before reading the query: a malformed one is 403, not 400', async () => {
    for (const url of [
      entitiesUrl(medifund, '?type=doctor&page=0'),
      entitiesUrl('not-a-uuid'),
      csvUrl(medifund, '?type=doctor'),
    ])
      expectProblem(await get('alice', url), 403);
  });
});

describe('the CSV download', () => {
  /** A row's cells as a spreadsheet must not run them. */
  const guarded = (item: PublishedEntity) =>
    csvCellsOf(item).map((value) => (/^[=+\-@]/.test(value) ? `'${value}` : value));

  it('holds the same rows as the drill-down, in its order', async () => {
    for (const type of [undefined, 'practitioner-role']) {
      const { items } = await all(medifund, type);
      const res = await get('priya', csvUrl(medifund, type ? `?type=${type}` : ''));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="publications-medifund-health-insurance-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const [header, ...rows] = parseCsv(res.body);
      expect(header![0]).toBe('Type');
      expect(rows).toEqual(items.map(guarded));
    }
  });

  it('streams in batches, guarded against formulas', async () => {
    // More practitioners choosing MediFund than one batch holds, one named like a formula; each accepted
    // MediFund's current statement (docs/decisions/081-practitioner-publication-acceptance.md).
    const extra = CSV_BATCH + 20;
    await t.db.execute(
      sql.raw(`
      insert into practitioners (id, given_name, family_name)
      select gen_random_uuid(), case when n = 1 then '=HYPERLINK("http://evil.example")' else 'Batch' end,
        'Person ' || lpad(n::text, 4, '0')
      from generate_series(1, ${extra}) n`),
    );
    await t.db.execute(
      sql.raw(`
      insert into practitioner_publications (practitioner_id, partner_service_id, publish,
        information_use_statement_id, accepted_by_user_id, accepted_at)
      select id, '${medifund}', true, '${demoIds.informationUseStatement('medifund', 1)}',
        '${demoIds.user('alice')}', now()
      from practitioners where family_name like 'Person %'`),
    );
    const res = await get('priya', csvUrl(medifund, '?type=practitioner'));
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(1 + 1 + extra);
    expect(res.body).toContain(`'=HYPERLINK(""http://evil.example"") Person 0001`);
    const { items } = await all(medifund, 'practitioner', 100);
    expect(rows.slice(1)).toEqual(items.map(guarded));
  });
});

describe('SQL statements per request', () => {
  const sent = async (url: string) => {
    const before = statements.length;
    const res = await get('priya', url);
    expect(res.statusCode, res.body).toBe(200);
    return statements.slice(before);
  };

  it('answers the overview in one statement and a page in two, beside the caller', async () => {
    const overview = await sent(paths.list);
    expect(overview.filter((q) => q.includes('partner_publications'))).toHaveLength(1);
    // The rest is the caller's one lookup, when the request cache does not answer (decision 021).
    expect(overview.length).toBeLessThanOrEqual(2);
    const page = await sent(entitiesUrl(medifund, '?type=location'));
    expect(
      page.filter((q) => q.includes('partner_services') || q.includes('partner_publications')),
    ).toHaveLength(2);
    expect(page.length).toBeLessThanOrEqual(3);
  });

  it('reads the CSV in one statement per batch of rows', async () => {
    const csv = await sent(csvUrl(medifund));
    const batches = csv.filter((q) => q.includes('partner_publications'));
    const { total } = await drill(medifund);
    expect(batches).toHaveLength(Math.floor(total / CSV_BATCH) + 1);
  });
});
