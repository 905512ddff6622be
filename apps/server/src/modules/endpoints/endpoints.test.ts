import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { Bundle } from '@medplum/fhirtypes';
import { endpointApiPaths, EndpointList, EndpointView, type EndpointInput } from '@pca/contracts';
import { auditEvents, endpoints, partnerPublications } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { ALICE, BEN, GEORGE, JACK, useTestApp } from '../../test/use-test-app.ts';
import { expectValidFhir, indexR4Definitions, partnerToken } from '../fhir/fhir-test-support.ts';

// A location's endpoints (docs/decisions/085-location-endpoints.md): kept and changed as the location's other
// edits are, served as Location.endpoint with `_include=Location:endpoint` and `_revinclude=Location:endpoint`,
// and seen by a partner only where the location is.

const statements: string[] = [];
/** The next statement matching `when` fails with `error`, as a dropped connection fails it (set by a test). */
let failNext: { when: RegExp; error: Error } | undefined;
const { t, as } = useTestApp(
  { RATE_LIMIT_WRITES: '1000/10s' },
  {
    onQuery: (sql) => {
      statements.push(sql);
      if (failNext?.when.test(sql)) {
        const { error } = failNext;
        failNext = undefined;
        throw error;
      }
    },
  },
);
beforeAll(indexR4Definitions, 60_000);

const clinic = demoIds.location('surry-hills-clinic');
const surryHills = demoIds.organisation('harbour-surry-hills');
const seeded = demoIds.endpoint('surry-hills-clinic-fhir');
const listUrl = endpointApiPaths.location.replace(':id', clinic);

const input: EndpointInput = {
  name: 'Clinic secure messaging',
  connectionType: 'http://ns.electronichealth.net.au/smd/intf/SealedMessageDelivery/TLS/2010',
  payloadType: 'http://ns.electronichealth.net.au/er/sc/deliver/hl7Mdm/2012',
  payloadMimeTypes: ['application/hl7-v2'],
  address: 'https://smd.harbourmedical.example.com.au/clinic',
  status: 'active',
};

const fhir = async (url: string, authorization: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization } });
  expect(res.statusCode, res.body).toBe(200);
  const bundle = res.json() as Bundle;
  expectValidFhir(bundle);
  return bundle;
};
const ids = (bundle: Bundle, type: string, mode: 'match' | 'include') =>
  (bundle.entry ?? [])
    .filter((e) => e.resource?.resourceType === type && e.search?.mode === mode)
    .map((e) => e.resource!.id);

describe('a location’s endpoints', () => {
  it('lists the seeded endpoint to whoever reads the location; only its managers may change them', async () => {
    const viewer = await t.app.inject({ method: 'GET', url: listUrl, headers: await as(GEORGE) });
    expect(viewer.statusCode).toBe(200);
    expect(EndpointList.parse(viewer.json())).toMatchObject({
      canEdit: false,
      endpoints: [{ id: seeded, name: 'Surry Hills Clinic FHIR server' }],
    });
    const manager = await t.app.inject({ method: 'GET', url: listUrl, headers: await as(ALICE) });
    expect(EndpointList.parse(manager.json()).canEdit).toBe(true);

    // The organisation's own list does not hold the location's.
    const own = await t.app.inject({
      method: 'GET',
      url: endpointApiPaths.organisation.replace(':id', surryHills),
      headers: await as(ALICE),
    });
    expect(EndpointList.parse(own.json()).endpoints.map((e) => e.id)).not.toContain(seeded);

    for (const who of [GEORGE, BEN])
      expectProblem(
        await t.app.inject({
          method: 'POST',
          url: listUrl,
          headers: await as(who),
          payload: input,
        }),
        403,
      );
    // Someone who cannot see the location learns nothing of its endpoints.
    expectProblem(
      await t.app.inject({
        method: 'PUT',
        url: endpointApiPaths.endpoint.replace(':id', seeded),
        headers: await as(JACK),
        payload: input,
      }),
      404,
    );
  });

  it('refuses an endpoint that is not valid, naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: listUrl,
      headers: await as(ALICE),
      payload: { ...input, address: 'http://insecure.example.com.au' },
    });
    expectProblem(res, 400, { field: 'address' });
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: listUrl,
        headers: await as(ALICE),
        payload: { ...input, name: '' },
      }),
      400,
      { field: 'name' },
    );
  });

  it('adds, changes and removes one, each audited with its location', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: listUrl,
      headers: await as(ALICE),
      payload: input,
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = EndpointView.parse(created.json());
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, endpoint.id), eq(auditEvents.action, 'endpoint.created')),
      );
    expect(audit).toMatchObject({ entityType: 'Endpoint', organisationId: surryHills });
    expect(audit!.changedFields).toMatchObject({ locationId: clinic, name: input.name });

    const url = endpointApiPaths.endpoint.replace(':id', endpoint.id);
    const changed = await t.app.inject({
      method: 'PUT',
      url,
      headers: await as(ALICE),
      payload: { ...input, status: 'suspended' },
    });
    expect(changed.json()).toMatchObject({ status: 'suspended' });
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: await as(ALICE) })).statusCode,
    ).toBe(204);
    const [last] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, endpoint.id))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(1);
    expect(last!.action).toBe('endpoint.deleted');
  });

  it('answers an outage while reading its owner as an outage, not as a missing endpoint', async () => {
    // The endpoint is read; the location it belongs to is not, the connection dropped on the way.
    failNext = {
      when: /from "locations" where "locations"\."id" = \$1/,
      error: new Error('Connection terminated unexpectedly'),
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: endpointApiPaths.endpoint.replace(':id', seeded),
      headers: await as(ALICE),
      payload: input,
    });
    expect(failNext).toBeUndefined();
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({
      type: '/problems/service-unavailable',
      title: 'Service unavailable',
      status: 503,
    });
    const [unchanged] = await t.db.select().from(endpoints).where(eq(endpoints.id, seeded));
    expect(unchanged!.name).toBe('Surry Hills Clinic FHIR server');
  });

  it('is served as the location’s endpoint, included both ways, and seen only where the location is', async () => {
    const { authorization } = await partnerToken(t, as, 'nhsd');
    const byLocation = await fhir(
      `/fhir/Location?_id=${clinic}&_include=Location:endpoint`,
      authorization,
    );
    const location = byLocation.entry!.find((e) => e.search?.mode === 'match')!.resource!;
    expect((location as { endpoint?: unknown }).endpoint).toEqual([
      { reference: `Endpoint/${seeded}` },
    ]);
    expect(ids(byLocation, 'Endpoint', 'include')).toEqual([seeded]);

    const byEndpoint = await fhir(
      `/fhir/Endpoint?_id=${seeded}&_revinclude=Location:endpoint`,
      authorization,
    );
    expect(ids(byEndpoint, 'Location', 'include')).toEqual([clinic]);
    const endpoint = byEndpoint.entry!.find((e) => e.search?.mode === 'match')!.resource!;
    expect(endpoint).toMatchObject({
      managingOrganization: { reference: `Organization/${surryHills}` },
      connectionType: { code: 'hl7-fhir-rest' },
    });
    // Not the organisation's: Organization.endpoint holds its own only.
    const org = await fhir(`/fhir/Organization?_id=${surryHills}`, authorization);
    expect(JSON.stringify(org)).not.toContain(seeded);

    const metadata = (
      await t.app.inject({ method: 'GET', url: '/fhir/metadata', headers: { authorization } })
    ).json() as {
      rest: Array<{
        resource: Array<{ type: string; searchInclude?: string[]; searchRevInclude?: string[] }>;
      }>;
    };
    const declared = Object.fromEntries(metadata.rest[0]!.resource.map((r) => [r.type, r]));
    expect(declared['Location']!.searchInclude).toContain('Location:endpoint');
    expect(declared['Endpoint']!.searchRevInclude).toContain('Location:endpoint');

    // MediFund sees Harbour; once the clinic is withheld from it, so is the clinic's endpoint.
    const medifund = await partnerToken(t, as, 'medifund');
    const seen = await t.app.inject({
      method: 'GET',
      url: `/fhir/Endpoint/${seeded}`,
      headers: { authorization: medifund.authorization },
    });
    expect(seen.statusCode).toBe(200);
    await t.db.insert(partnerPublications).values({
      partnerServiceId: demoIds.partnerService('medifund'),
      organisationId: surryHills,
      locationId: clinic,
      publish: false,
    });
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/fhir/Endpoint/${seeded}`,
      headers: { authorization: medifund.authorization },
    });
    expect(hidden.statusCode).toBe(404);
    const search = await fhir(`/fhir/Endpoint?_id=${seeded}`, medifund.authorization);
    expect(search.entry ?? []).toEqual([]);
  });
});

describe('SQL statements per request (docs/benchmarks/sql-per-request.md)', () => {
  /** Statements one request sends once its caller is in the request-context cache (a first request reads them). */
  async function countOf(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    const headers = await as(ALICE);
    await t.app.inject({ method: 'GET', url: listUrl, headers });
    const before = statements.length;
    const res = await t.app.inject({ method, url, headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    // The rate limit's counter is left out: a read's is written in batches, so whether one lands in this
    // request depends on the clock (docs/decisions/009-rate-limits.md). So are what PostgreSQL's driver adds
    // to a write: the transaction's begin and commit, and the pg_notify that ends other processes' cached
    // callers (docs/decisions/021-request-context-cache.md), so that both databases count the same.
    const count = statements
      .slice(before)
      .filter(
        (sql) =>
          !sql.includes('"rate_limits"') && !/^(begin|commit|select pg_notify)\b/i.test(sql.trim()),
      ).length;
    console.info(`${method} ${url}: ${count} statements`);
    return { count, res };
  }

  // A list reads the location and its organisation (who may see it) and then its endpoints; a write reads
  // what it changes and where it sits, then writes it and its audit event.
  it('a list is three reads whatever it holds; a write five statements at most, its audit event included', async () => {
    const list = await countOf('GET', listUrl);
    const added = await countOf('POST', listUrl, input);
    const id = EndpointView.parse(added.res.json()).id;
    const url = endpointApiPaths.endpoint.replace(':id', id);
    const changed = await countOf('PUT', url, { ...input, name: 'Clinic messaging' });
    const removed = await countOf('DELETE', url);
    expect({
      list: list.count,
      added: added.count,
      changed: changed.count,
      removed: removed.count,
    }).toEqual({ list: 3, added: 4, changed: 5, removed: 5 });
  });
});
