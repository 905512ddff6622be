import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NhsdBanner,
  NhsdSearchResult,
  nhsdImportApiPaths as paths,
  nhsdMessages,
} from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE } from '../../../test/use-test-app.ts';
import { expectProblem } from '../../../test/expect-problem.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DirectoryUnavailableError } from './directory.ts';
import { createFhirNhsdDirectory, ROLE_CODE_SYSTEM, servicesOfBundle } from './fhir-directory.ts';

// A FHIR-shaped stand-in of a national directory, served over HTTP on a free port: HealthcareService search
// answers a searchset Bundle with the matched services and their included Location and Organization.

interface Entry {
  id: string;
  name: string;
  types: string[];
  organisation: string;
  line: string[];
  city: string;
  postcode: string;
  state: string;
  locationType?: 'MOBL' | 'VI';
  phone?: string;
}

const directory: Entry[] = [
  {
    id: 'hs-1',
    name: 'Crown Street Physiotherapy',
    types: ['Physiotherapy'],
    organisation: 'Crown Street Health',
    line: ['200 Crown Street'],
    city: 'Surry Hills',
    postcode: '2010',
    state: 'NSW',
    phone: '0291110000',
  },
  {
    id: 'hs-2',
    name: 'Crown Street Dental',
    types: ['Dental', 'Orthodontics'],
    organisation: 'Crown Street Health',
    line: ['200 Crown Street', 'Level 2'],
    city: 'Surry Hills',
    postcode: '2010',
    state: 'NSW',
  },
  {
    id: 'hs-3',
    name: 'Harbour Nurses at Home',
    types: ['Community nursing'],
    organisation: 'Harbour Nurses',
    line: [],
    city: 'Bondi',
    postcode: '2026',
    state: 'NSW',
    locationType: 'MOBL',
  },
  {
    id: 'hs-4',
    name: 'Telehealth Psychology Australia',
    types: ['Psychology'],
    organisation: 'Telehealth Psychology',
    line: [],
    city: 'Melbourne',
    postcode: '3000',
    state: 'VIC',
    locationType: 'VI',
  },
];

const resources = (e: Entry) => [
  {
    fullUrl: `urn:hs:${e.id}`,
    search: { mode: 'match' },
    resource: {
      resourceType: 'HealthcareService',
      id: e.id,
      active: true,
      name: e.name,
      type: e.types.map((t) => ({ text: t })),
      location: [{ reference: `Location/loc-${e.id}` }],
      providedBy: { reference: `Organization/org-${e.organisation.length}` },
      telecom: e.phone ? [{ system: 'phone', value: e.phone }] : [],
    },
  },
  {
    search: { mode: 'include' },
    resource: {
      resourceType: 'Location',
      id: `loc-${e.id}`,
      type: e.locationType
        ? [{ coding: [{ system: ROLE_CODE_SYSTEM, code: e.locationType }] }]
        : [],
      address: { line: e.line, city: e.city, postalCode: e.postcode, state: e.state },
    },
  },
  {
    search: { mode: 'include' },
    resource: {
      resourceType: 'Organization',
      id: `org-${e.organisation.length}`,
      name: e.organisation,
    },
  },
];

/** Requests the stand-in received (path and query), to assert what the client asks. */
const received: URL[] = [];
let server: Server;
let base: string;

function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  received.push(url);
  const send = (status: number, body: unknown, type = 'application/fhir+json') => {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const [, mode, resource] = url.pathname.split('/');
  if (mode === 'slow') {
    setTimeout(() => send(200, { resourceType: 'Bundle', entry: [] }), 1_000);
    return;
  }
  if (mode === 'broken') return send(500, { resourceType: 'OperationOutcome' });
  if (mode === 'garbage') return send(200, '<html>maintenance</html>', 'text/html');
  if (resource === 'metadata') return send(200, { resourceType: 'CapabilityStatement' });
  if (resource !== 'HealthcareService') return send(404, { resourceType: 'OperationOutcome' });
  const q = url.searchParams;
  const ids = q.get('_id')?.split(',');
  const type = q.get('location.type')?.split('|')[1];
  const matches = directory.filter(
    (e) =>
      (!ids || ids.includes(e.id)) &&
      (!q.get('location.address-postalcode') ||
        e.postcode === q.get('location.address-postalcode')) &&
      (!q.get('location.address-city') ||
        e.city.toLowerCase() === q.get('location.address-city')!.toLowerCase()) &&
      (!q.get('name:contains') ||
        e.name.toLowerCase().includes(q.get('name:contains')!.toLowerCase())) &&
      (!type || e.locationType === type),
  );
  // Two a page, with a next link, so the client follows pages.
  const page = Number(q.get('page') ?? 1);
  const slice = matches.slice((page - 1) * 2, page * 2);
  const next = new URL(url);
  next.searchParams.set('page', String(page + 1));
  send(200, {
    resourceType: 'Bundle',
    type: 'searchset',
    total: matches.length,
    link:
      matches.length > page * 2
        ? [
            {
              relation: 'next',
              url: `${base}${next.pathname.replace(/^\/fhir/, '')}${next.search}`,
            },
          ]
        : [],
    entry: slice.flatMap(resources),
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (path = 'fhir', timeoutMs = 2_000) =>
  createFhirNhsdDirectory({ baseUrl: base.replace(/fhir$/, path), timeoutMs });

const query = { name: '', suburb: '', postcode: '', state: '', limit: 200 };

describe('the FHIR R4 directory client', () => {
  it('finds physical services by postcode with their location and organisation, following pages', async () => {
    received.length = 0;
    const found = await client().findByType({ ...query, appliesTo: 'si', postcode: '2010' });
    expect(found).toEqual([
      {
        nhsdResourceIdentifier: 'hs-2',
        name: 'Crown Street Dental',
        serviceTypes: ['Dental', 'Orthodontics'],
        organisationName: 'Crown Street Health',
        addressLines: ['200 Crown Street', 'Level 2'],
        city: 'Surry Hills',
        postcode: '2010',
        state: 'NSW',
        appliesTo: 'si',
        phone: null,
        email: null,
        website: null,
      },
      expect.objectContaining({ nhsdResourceIdentifier: 'hs-1', phone: '0291110000' }),
    ]);
    const asked = received[0]!;
    expect(asked.pathname).toBe('/fhir/HealthcareService');
    expect(asked.searchParams.get('location.address-postalcode')).toBe('2010');
    expect(asked.searchParams.getAll('_include')).toEqual([
      'HealthcareService:location',
      'HealthcareService:providedBy',
    ]);
  });

  it('searches mobile and virtual services by name and location type', async () => {
    received.length = 0;
    const home = await client().findByType({ ...query, appliesTo: 'home', name: 'nurses' });
    expect(home.map((s) => [s.nhsdResourceIdentifier, s.appliesTo])).toEqual([['hs-3', 'home']]);
    expect(received[0]!.searchParams.get('location.type')).toBe(`${ROLE_CODE_SYSTEM}|MOBL`);
    expect(received[0]!.searchParams.get('name:contains')).toBe('nurses');
    const virtual = await client().findByType({ ...query, appliesTo: 'virtual', name: 'psych' });
    expect(virtual.map((s) => s.nhsdResourceIdentifier)).toEqual(['hs-4']);
    expect(await client().findByType({ ...query, appliesTo: 'home', name: 'psych' })).toEqual([]);
  });

  it('reads services by identifier', async () => {
    const found = await client().getByIds(['hs-4', 'hs-1', 'missing']);
    expect(found.map((s) => s.nhsdResourceIdentifier).sort()).toEqual(['hs-1', 'hs-4']);
  });

  it('maps a timeout, an error status, an unreadable answer and a closed port to DirectoryUnavailableError', async () => {
    const search = { ...query, appliesTo: 'si' as const, postcode: '2010' };
    await expect(client('slow', 100).findByType(search)).rejects.toBeInstanceOf(
      DirectoryUnavailableError,
    );
    await expect(client('broken').findByType(search)).rejects.toBeInstanceOf(
      DirectoryUnavailableError,
    );
    await expect(client('garbage').getByIds(['hs-1'])).rejects.toBeInstanceOf(
      DirectoryUnavailableError,
    );
    const closed = createFhirNhsdDirectory({ baseUrl: 'http://127.0.0.1:1/fhir', timeoutMs: 500 });
    await expect(closed.findByType(search)).rejects.toBeInstanceOf(DirectoryUnavailableError);
  });

  it('keeps directory text to our text rule and skips inactive services and included resources', () => {
    const services = servicesOfBundle({
      resourceType: 'Bundle',
      entry: [
        {
          search: { mode: 'match' },
          resource: {
            resourceType: 'HealthcareService',
            id: 'hs-x',
            name: ' Bad\u0000Name\r\n Clinic \uD800',
            type: [{ coding: [{ display: 'Dental\u0007' }] }],
          } as never,
        },
        {
          search: { mode: 'match' },
          resource: { resourceType: 'HealthcareService', id: 'hs-y', active: false } as never,
        },
        {
          search: { mode: 'include' },
          resource: { resourceType: 'HealthcareService', id: 'hs-z' } as never,
        },
      ],
    });
    expect(services).toHaveLength(1);
    expect(services[0]).toMatchObject({
      nhsdResourceIdentifier: 'hs-x',
      name: 'Bad Name Clinic \uFFFD',
      serviceTypes: ['Dental'],
      organisationName: 'Bad Name Clinic \uFFFD',
      appliesTo: 'si',
    });
  });

  it('reads the banner from the CapabilityStatement: none in time is maintenance', async () => {
    expect(await client().banner()).toEqual({ maintenance: false });
    expect(await client('broken').banner()).toEqual({ maintenance: true });
    expect(await client('slow', 100).banner()).toEqual({ maintenance: true });
  });
});

describe('the API with NHSD_FHIR_URL set', () => {
  let t: TestApp;
  let slow: TestApp;
  beforeAll(async () => {
    [t, slow] = await Promise.all([
      createTestApp({ NHSD_FHIR_URL: base }),
      createTestApp({ NHSD_FHIR_URL: base.replace(/fhir$/, 'slow'), NHSD_FHIR_TIMEOUT_MS: '200' }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([t?.close(), slow?.close()]);
  });

  it('finds and imports through the FHIR directory', async () => {
    const headers = t.bearer(await t.tokenFor(ALICE));
    const res = await t.app.inject({
      method: 'GET',
      url: `${paths.find}?appliesTo=si&postcode=2010`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const body = NhsdSearchResult.parse(res.json());
    expect(body.services.map((s) => s.nhsdResourceIdentifier)).toEqual(['hs-2', 'hs-1']);
    expect(body.organisationNames).toEqual([
      {
        organisationName: 'Crown Street Health',
        addressText: '200 Crown Street, Level 2, Surry Hills NSW 2010',
      },
      {
        organisationName: 'Crown Street Health',
        addressText: '200 Crown Street, Surry Hills NSW 2010',
      },
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: paths.import,
      headers,
      payload: {
        importIds: ['hs-1'],
        organisationId: demoIds.organisation('harbour-surry-hills'),
        locationId: demoIds.location('surry-hills-clinic'),
      },
    });
    expect(imported.statusCode).toBe(200);
    const again = NhsdSearchResult.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `${paths.find}?appliesTo=si&postcode=2010`,
          headers,
        })
      ).json(),
    );
    expect(again.services.find((s) => s.nhsdResourceIdentifier === 'hs-1')).toMatchObject({
      identifierAlreadyInUse: true,
    });
  });

  it('a directory that does not answer in time is the search error (502 problem), and the banner says maintenance', async () => {
    const headers = slow.bearer(await slow.tokenFor(ALICE));
    const res = await slow.app.inject({
      method: 'GET',
      url: `${paths.find}?appliesTo=si&postcode=2010`,
      headers,
    });
    const problem = expectProblem(res, 502, { type: 'nhsd-directory-unavailable' });
    expect(problem.detail).toBe(nhsdMessages.searchError);
    const importing = await slow.app.inject({
      method: 'POST',
      url: paths.import,
      headers,
      payload: { importIds: ['hs-1'], organisationId: demoIds.organisation('harbour-surry-hills') },
    });
    expect(expectProblem(importing, 502, { type: 'nhsd-directory-unavailable' }).detail).toBe(
      nhsdMessages.importError,
    );
    const banner = await slow.app.inject({ method: 'GET', url: paths.banner, headers });
    expect(NhsdBanner.parse(banner.json())).toEqual({
      maintenance: true,
      message: nhsdMessages.maintenance,
    });
  });
});
