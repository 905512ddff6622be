import { beforeAll, describe, expect, it } from 'vitest';
import { Fhir } from 'fhir';
import type { Bundle } from '@medplum/fhirtypes';
import { fhirIdentifierSystems } from '@pca/contracts/fhir-paths.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, PRIYA, useTestApp } from '../../test/use-test-app.ts';
import { endpointApiPaths, EndpointView } from '@pca/contracts/endpoints.ts';
import { appendAudits } from '#platform/audit.ts';
import {
  expectOutcome,
  expectValidFhir,
  indexR4Definitions,
  partnerToken as tokenFor,
} from './fhir-test-support.ts';

// The partner API's conformance (docs/decisions/073-hcpd-search.md): this test reads /fhir/metadata and proves
// that every search parameter, include, revinclude and format it declares works — a query per parameter that
// finds a seeded row and one that misses it — and that an undeclared parameter is refused under strict
// handling. It is driven by the CapabilityStatement, so what a later change declares is tested too: a declared
// parameter, include or revinclude without an example below fails until it has one.

const { t, as } = useTestApp({
  RATE_LIMIT_WRITES: '1000/10s',
  RATE_LIMIT_PARTNER_WRITES: '1000/10s',
  RATE_LIMIT_PARTNER_READS: '100000/1m',
});
beforeAll(indexR4Definitions, 60_000);

const harbour = demoIds.organisation('harbour-group');
const surryHills = demoIds.organisation('harbour-surry-hills');
const telehealth = demoIds.organisation('harbour-telehealth');
const clinic = demoIds.location('surry-hills-clinic');
const clinicEndpoint = demoIds.endpoint('surry-hills-clinic-fhir');
const virtual = demoIds.location('harbour-virtual');
const gp = demoIds.healthcareService('surry-hills-gp');
const telehealthGp = demoIds.healthcareService('harbour-telehealth-gp');
const alice = demoIds.practitioner('alice');
const farah = demoIds.practitioner('farah');
const aliceAtGp = demoIds.practitionerRole('alice', 'surry-hills-gp');

const HPIO = fhirIdentifierSystems.hpio;
const HPII = fhirIdentifierSystems.hpii;
const SURRY_HILLS_HPIO = `${HPIO}|8003627574911863`;
const TELEHEALTH_HPIO = `${HPIO}|8003622527601893`;
const ALICE_HPII = `${HPII}|8003615260181594`;
const FARAH_HPII = `${HPII}|8003610830166134`;
/** The identifier system NHSD files the portal's resources under (added in beforeAll). */
const NHSD_OWN = 'https://nhsd.example/identifiers/portal';

/** One parameter's proof: `hit` finds `finds` (a resource's reference; the type's subject if none), `miss` does not. */
interface Example {
  hit: string;
  miss: string;
  finds?: string;
}

/** What a type's examples find unless they say otherwise. */
const subject: Record<string, string> = {
  Organization: `Organization/${surryHills}`,
  Location: `Location/${clinic}`,
  HealthcareService: `HealthcareService/${gp}`,
  Practitioner: `Practitioner/${alice}`,
  PractitionerRole: `PractitionerRole/${aliceAtGp}`,
};
const ex = (hit: string, miss: string, finds?: string): Example => ({ hit, miss, finds });
const common = (id: string) => ({
  _id: ex(id, '00000000-0000-4000-8000-000000000000'),
  _lastUpdated: ex('ge2000-01-01', 'gt2999-01-01'),
  active: ex('true', 'false'),
});
const locationChains = {
  'location.address': ex('120 Crown', 'Crown Street'),
  'location.address-city': ex('surry', 'Parramatta'),
  'location.address-postalcode': ex('2010', '2000'),
  'location.address-state': ex('NSW', 'VIC'),
};
const organizationChains = {
  'organization.identifier': ex(SURRY_HILLS_HPIO, TELEHEALTH_HPIO),
  'organization.name': ex('Harbour Medical Centre S', 'Harbour Tele'),
};

/** Example values per `Type.parameter`, for the searches of the partner `nhsd` (which sees Harbour's world). */
const EXAMPLES: Record<string, Record<string, Example>> = {
  Organization: {
    ...common(surryHills),
    identifier: ex(SURRY_HILLS_HPIO, TELEHEALTH_HPIO),
    name: ex('harbour medical centre s', 'Harbour Tele'),
    type: ex(
      'http://terminology.hl7.org/CodeSystem/organization-type|prov',
      'http://terminology.hl7.org/CodeSystem/organization-type|govt',
    ),
    partof: ex(`Organization/${harbour}`, `Organization/${surryHills}`),
    // docs/decisions/084-organisation-address.md: the clinic's seeded business address.
    address: ex('120 Crown', 'Crown Street'),
    'address-city': ex('surry', 'Sydney'),
    'address-postalcode': ex('2010', '2000'),
    'address-state': ex('nsw', 'VIC'),
  },
  Location: {
    ...common(clinic),
    identifier: ex(`${NHSD_OWN}|${clinic}`, `${NHSD_OWN}|${virtual}`),
    name: ex('Surry Hills Cl', 'Harbour Tele'),
    address: ex('120 Crown', 'Crown Street'),
    'address-city': ex('surry', 'Parramatta'),
    'address-postalcode': ex('2010', '2000'),
    'address-state': ex('nsw', 'VIC'),
    type: ex(
      'http://terminology.hl7.org/CodeSystem/v3-RoleCode|VI',
      'http://terminology.hl7.org/CodeSystem/v3-RoleCode|MOBL',
      `Location/${virtual}`,
    ),
    locationphysicaltype: ex(
      'http://terminology.hl7.org/CodeSystem/location-physical-type|bu',
      'http://terminology.hl7.org/CodeSystem/location-physical-type|ro',
    ),
    organization: ex(`Organization/${surryHills}`, `Organization/${telehealth}`),
    ...organizationChains,
    status: ex('active', 'inactive'),
    // docs/decisions/079-location-amenities-postal-position.md: the clinic's seeded amenities, postal address
    // and position (near Crown Street: within 2 km of the locality's centre, not of Melbourne's).
    locationamenities: ex(
      'https://healthterminologies.gov.au/fhir/CodeSystem/facility-amenity-1|wheelchairAccess',
      'cafeteria',
    ),
    locmailaddress: ex('po box 5', 'Parramatta'),
    near: ex('-33.88447|151.21001|2|km', '-37.8136|144.9631|10|km'),
  },
  HealthcareService: {
    ...common(gp),
    identifier: ex(
      `${fhirIdentifierSystems.nhsdService}|${demoIds.nhsdService(0)}`,
      `${fhirIdentifierSystems.nhsdService}|${demoIds.nhsdService(1)}`,
    ),
    name: ex('Harbour General', 'Harbour Skin'),
    'service-type': ex('General practice', 'Skin cancer clinic'),
    specialty: ex('http://snomed.info/sct|394814009', 'Dermatology'),
    organization: ex(`Organization/${surryHills}`, `Organization/${telehealth}`),
    ...organizationChains,
    location: ex(`Location/${clinic}`, `Location/${virtual}`),
    ...locationChains,
    daysofweek: ex('http://hl7.org/fhir/days-of-week|sat', 'sun'),
    starttime: ex('le0800', 'lt0700'),
    endtime: ex('ge1800', 'gt1800'),
    // Seeded (docs/decisions/078-languages-and-billing.md): Surry Hills GP Vietnamese and Mandarin, mixed
    // billing; the Telehealth GP Arabic, bulk billing only. MIX is HCPD's own code, not AU Base's.
    languages: ex('urn:ietf:bcp:47|vi', 'ar'),
    hsbilling: ex(
      'http://digitalhealth.gov.au/fhir/hcpd/CodeSystem/hc-service-provision-code-cs|MIX',
      'http://terminology.hl7.org.au/CodeSystem/service-provision-conditions|MIX',
    ),
    // Harbour's telehealth line is open 24 hours every day (docs/decisions/080-hours-all-day-and-rsg.md).
    allday: ex('true', 'false', `HealthcareService/${telehealthGp}`),
    'address-postalcode': ex('2010', '2000'),
    'address-state': ex('NSW', 'VIC'),
  },
  Practitioner: {
    ...common(alice),
    identifier: ex(ALICE_HPII, FARAH_HPII),
    'identifier-r5': ex(
      'http://hl7.org.au/id/ahpra-registration-number|MED0001234567',
      'http://hl7.org.au/id/ahpra-registration-number|PHY0009876543',
    ),
    name: ex('nguy', 'Haddad'),
    family: ex('Nguyen', 'Alice'),
    given: ex('Alice', 'Nguyen'),
    regprof: ex('Medical', 'Physio'),
    rsg: ex('http://hl7.org/fhir/administrative-gender|female', 'male'),
  },
  PractitionerRole: {
    ...common(aliceAtGp),
    identifier: ex(ALICE_HPII, FARAH_HPII),
    role: ex('general practitioner', 'Physiotherapist'),
    specialty: ex('|394814009', 'Dermatology'),
    practitioner: ex(`Practitioner/${alice}`, `Practitioner/${farah}`),
    'practitioner.identifier': ex(ALICE_HPII, FARAH_HPII),
    'practitioner.name': ex('Nguyen', 'Haddad'),
    'practitioner.family': ex('Nguyen', 'Haddad'),
    'practitioner.given': ex('Alice', 'Farah'),
    organization: ex(`Organization/${surryHills}`, `Organization/${telehealth}`),
    ...organizationChains,
    location: ex(`Location/${clinic}`, `Location/${virtual}`),
    ...locationChains,
    service: ex(`HealthcareService/${gp}`, `HealthcareService/${telehealthGp}`),
    'service.service-type': ex('General practice', 'Skin cancer clinic'),
    'service.name': ex('Harbour General Practice S', 'Harbour Telehealth'),
    'service-type': ex('General practice', 'Skin cancer clinic'),
    // Alice offers Vietnamese in her Surry Hills role (seeded), none at Telehealth.
    languages: ex('vi', 'urn:ietf:bcp:47|cmn'),
    'address-postalcode': ex('2010', '2000'),
    'address-state': ex('NSW', 'VIC'),
    // The role's own hours: Monday, Tuesday, Thursday and Friday 08:30–12:30.
    daysofweek: ex('http://hl7.org/fhir/days-of-week|mon', 'wed'),
    starttime: ex('le0830', 'lt0830'),
    endtime: ex('ge1230', 'gt1230'),
    allday: ex('false', 'true'),
  },
};

/** Per include: the search it is asked with and a resource it must include. */
const INCLUDES: Record<string, { query: string; includes: string }> = {
  'Organization:partOf': { query: `_id=${surryHills}`, includes: `Organization/${harbour}` },
  'Location:organization': { query: `_id=${clinic}`, includes: `Organization/${surryHills}` },
  'HealthcareService:location': { query: `_id=${gp}`, includes: `Location/${clinic}` },
  'HealthcareService:organization': { query: `_id=${gp}`, includes: `Organization/${surryHills}` },
  'PractitionerRole:practitioner': { query: `_id=${aliceAtGp}`, includes: `Practitioner/${alice}` },
  'PractitionerRole:organization': {
    query: `_id=${aliceAtGp}`,
    includes: `Organization/${surryHills}`,
  },
  'PractitionerRole:location': { query: `_id=${aliceAtGp}`, includes: `Location/${clinic}` },
  'PractitionerRole:service': { query: `_id=${aliceAtGp}`, includes: `HealthcareService/${gp}` },
  // The clinic's seeded endpoint (docs/decisions/085-location-endpoints.md).
  'Location:endpoint': { query: `_id=${clinic}`, includes: `Endpoint/${clinicEndpoint}` },
};

/** Per `Type revinclude`: the search it is asked with and a resource it must add. */
const REVINCLUDES: Record<string, { query: string; includes: string }> = {
  'Organization PractitionerRole:organization': {
    query: `_id=${surryHills}`,
    includes: `PractitionerRole/${aliceAtGp}`,
  },
  'Organization Location:organization': {
    query: `_id=${surryHills}`,
    includes: `Location/${clinic}`,
  },
  'Organization HealthcareService:organization': {
    query: `_id=${surryHills}`,
    includes: `HealthcareService/${gp}`,
  },
  'Location HealthcareService:location': {
    query: `_id=${clinic}`,
    includes: `HealthcareService/${gp}`,
  },
  'Location PractitionerRole:location': {
    query: `_id=${clinic}`,
    includes: `PractitionerRole/${aliceAtGp}`,
  },
  'HealthcareService PractitionerRole:service': {
    query: `_id=${gp}`,
    includes: `PractitionerRole/${aliceAtGp}`,
  },
  'Practitioner PractitionerRole:practitioner': {
    query: `_id=${alice}`,
    includes: `PractitionerRole/${aliceAtGp}`,
  },
  'Endpoint Location:endpoint': {
    query: `_id=${clinicEndpoint}`,
    includes: `Location/${clinic}`,
  },
};

/**
 * What the seeded world lacks for Endpoint and Provenance (docs/decisions/072-endpoint-and-provenance.md): two
 * endpoints added by Harbour's manager through the API (Surry Hills's own and its GP service's; a third at
 * Telehealth to miss), and a change of each directory type in the audit trail, so each has a Provenance.
 */
beforeAll(async () => {
  // NHSD files what it reads under an identifier system of its own (valued with the portal's id), which
  // Location's identifier searches and every other identifier search takes too.
  const system = await t.app.inject({
    method: 'POST',
    url: '/api/partner-identifier-systems',
    headers: await as(PRIYA),
    payload: {
      partnerServiceId: demoIds.partnerService('nhsd'),
      system: NHSD_OWN,
      name: 'NHSD portal id',
    },
  });
  expect(system.statusCode, system.body).toBe(201);
  const add = async (path: string, id: string, name: string, connectionType: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: path.replace(':id', id),
      headers: await as(ALICE),
      payload: {
        name,
        connectionType,
        payloadType: 'http://ns.electronichealth.net.au/er/sc/deliver/hl7Mdm/2012',
        payloadMimeTypes: ['application/hl7-v2'],
        address: `https://smd.example.org.au/${id}`,
        status: 'active',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return EndpointView.parse(res.json()).id;
  };
  const SMD = 'http://ns.electronichealth.net.au/smd/intf/SealedMessageDelivery/TLS/2010';
  const orgEndpoint = await add(endpointApiPaths.organisation, surryHills, 'Surry Hills SMD', SMD);
  const gpEndpoint = await add(endpointApiPaths.healthcareService, gp, 'GP secure messaging', SMD);
  const other = await add(endpointApiPaths.organisation, telehealth, 'Telehealth SMD', SMD);
  await appendAudits(
    t.db,
    [
      ['organisation.updated', 'Organisation', surryHills],
      ['location.updated', 'Location', clinic],
      ['healthcare-service.updated', 'HealthcareService', gp],
      ['practitioner.updated', 'Practitioner', alice],
      ['practitioner-role.updated', 'PractitionerRole', aliceAtGp],
    ].map(([action, entityType, entityId]) => ({
      actorUserId: demoIds.user('alice'),
      action: action!,
      entityType: entityType!,
      entityId: entityId!,
    })),
  );
  subject['Endpoint'] = `Endpoint/${orgEndpoint}`;
  subject['Provenance'] = '';
  EXAMPLES['Endpoint'] = {
    _id: ex(orgEndpoint, other),
    _lastUpdated: ex('ge2000-01-01', 'gt2999-01-01'),
    identifier: ex(
      `urn:ietf:rfc:3986|urn:uuid:${orgEndpoint}`,
      `urn:ietf:rfc:3986|urn:uuid:${other}`,
    ),
    name: ex('Surry Hills S', 'Telehealth'),
    epurl: ex(
      `https://smd.example.org.au/${surryHills}`,
      `https://smd.example.org.au/${telehealth}`,
    ),
    hcepi: ex(`urn:uuid:${orgEndpoint}`, `urn:uuid:${other}`),
    payloadmimetype: ex('urn:ietf:bcp:13|application/hl7-v2', 'application/pdf'),
    organization: ex(`Organization/${surryHills}`, `Organization/${telehealth}`),
    'connection-type': ex(SMD, 'http://example.org/other-connection'),
    'payload-type': ex(
      'http://ns.electronichealth.net.au/er/sc/deliver/hl7Mdm/2012',
      'http://example.org/other-payload',
    ),
    status: ex('active', 'off'),
  };
  // A Provenance's id is its audit event's, known only by searching: each example names what it finds.
  const provenanceOf = async (target: string) => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const res = await get(`/fhir/Provenance?target=${target}`, { authorization });
    expect(res.statusCode, res.body).toBe(200);
    return refs(res.json() as Bundle, 'match')[0]!;
  };
  const ofEndpoint = await provenanceOf(`Endpoint/${orgEndpoint}`);
  const ofOther = await provenanceOf(`Endpoint/${other}`);
  EXAMPLES['Provenance'] = {
    _id: ex(ofEndpoint.split('/')[1]!, ofOther.split('/')[1]!, ofEndpoint),
    _lastUpdated: ex('ge2000-01-01', 'gt2999-01-01', ofEndpoint),
    recorded: ex('ge2000-01-01', 'lt2000-01-01', ofEndpoint),
    target: ex(`Endpoint/${orgEndpoint}`, `Endpoint/${other}`, ofEndpoint),
  };
  Object.assign(REVINCLUDES, {
    'Endpoint HealthcareService:endpoint': {
      query: `_id=${gpEndpoint}`,
      includes: `HealthcareService/${gp}`,
    },
    'Endpoint PractitionerRole:endpoint': {
      query: `_id=${gpEndpoint}`,
      includes: `PractitionerRole/${aliceAtGp}`,
    },
  });
  Object.assign(INCLUDES, {
    'Provenance:target': {
      query: `_id=${ofEndpoint.split('/')[1]!}`,
      includes: `Endpoint/${orgEndpoint}`,
    },
    'Organization:endpoint': { query: `_id=${surryHills}`, includes: `Endpoint/${orgEndpoint}` },
    'HealthcareService:endpoint': { query: `_id=${gp}`, includes: `Endpoint/${gpEndpoint}` },
    'PractitionerRole:endpoint': { query: `_id=${aliceAtGp}`, includes: `Endpoint/${gpEndpoint}` },
    'Endpoint:organization': {
      query: `_id=${orgEndpoint}`,
      includes: `Organization/${surryHills}`,
    },
  });
  const targets: Array<[string, string]> = [
    ['Organization', surryHills],
    ['Location', clinic],
    ['HealthcareService', gp],
    ['Practitioner', alice],
    ['PractitionerRole', aliceAtGp],
    ['Endpoint', orgEndpoint],
  ];
  for (const [type, id] of targets)
    REVINCLUDES[`${type} Provenance:target`] = {
      query: `_id=${id}`,
      includes: await provenanceOf(`${type}/${id}`),
    };
}, 60_000);

interface Declared {
  type: string;
  interaction: Array<{ code: string }>;
  searchParam?: Array<{ name: string; type: string; definition?: string }>;
  searchInclude?: string[];
  searchRevInclude?: string[];
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const refs = (bundle: Bundle, mode: 'match' | 'include') =>
  (bundle.entry ?? [])
    .filter((e) => e.search?.mode === mode)
    .map((e) => `${e.resource!.resourceType}/${e.resource!.id!}`);

async function declared() {
  const res = await get('/fhir/metadata');
  expect(res.statusCode).toBe(200);
  const body = res.json() as { format: string[]; rest: Array<{ resource: Declared[] }> };
  return {
    formats: body.format,
    // The searchable types (Task's status search is fhir.test.ts's: partners' own requests, not the directory).
    resources: body.rest[0]!.resource.filter(
      (r) => r.type !== 'Task' && r.interaction.some((i) => i.code === 'search-type'),
    ),
  };
}

describe('FHIR partner API conformance: everything /fhir/metadata declares works', () => {
  // One test per type (each a few dozen searches); the last proves no searchable type is left out.
  const TESTED_TYPES = [
    'Organization',
    'Location',
    'HealthcareService',
    'Practitioner',
    'PractitionerRole',
    'Endpoint',
    'Provenance',
  ];
  it('tests every type the metadata declares searchable', async () => {
    const { resources } = await declared();
    expect(resources.map((r) => r.type).filter((type) => !TESTED_TYPES.includes(type))).toEqual([]);
  });

  it.each(TESTED_TYPES)(
    'every declared search parameter of %s finds a seeded row and misses it with another value',
    async (type) => {
      const resource = (await declared()).resources.find((r) => r.type === type);
      if (!resource) return; // Not served (yet): nothing declared, nothing to prove.
      const { authorization } = await tokenFor(t, as, 'nhsd');
      const missing: string[] = [];
      const failures: string[] = [];
      for (const p of resource.searchParam ?? []) {
        const example = EXAMPLES[type]?.[p.name];
        if (!example) {
          missing.push(`${type}.${p.name}`);
          continue;
        }
        const finds = example.finds ?? subject[type]!;
        const search = async (value: string) => {
          const url = `/fhir/${type}?${new URLSearchParams({ [p.name]: value, _count: '100' }).toString()}`;
          const res = await get(url, { authorization });
          if (res.statusCode !== 200) {
            failures.push(`${url}: ${res.statusCode} ${res.body}`);
            return [];
          }
          return refs(res.json() as Bundle, 'match');
        };
        if (!(await search(example.hit)).includes(finds))
          failures.push(`${type}?${p.name}=${example.hit} does not find ${finds}`);
        if ((await search(example.miss)).includes(finds))
          failures.push(`${type}?${p.name}=${example.miss} finds ${finds}`);
      }
      expect(missing, 'declared parameters without an example in EXAMPLES').toEqual([]);
      expect(failures).toEqual([]);
      // A Provenance is searched by what it is about and when (target, recorded) besides its id and date.
      expect(resource.searchParam?.length ?? 0).toBeGreaterThan(type === 'Provenance' ? 3 : 5);
    },
  );

  it('every declared parameter has its type, and a definition unless it is the API’s own', async () => {
    const { resources } = await declared();
    for (const resource of resources)
      for (const p of resource.searchParam ?? []) {
        expect(['token', 'string', 'reference', 'date', 'number', 'uri', 'special']).toContain(
          p.type,
        );
        if (p.definition)
          expect(p.definition).toMatch(/^http:\/\/(hl7\.org|digitalhealth\.gov\.au)\//);
      }
  });

  it('every declared include and revinclude adds what it names', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const { resources } = await declared();
    const missing: string[] = [];
    const failures: string[] = [];
    for (const resource of resources) {
      const asks = [
        ...(resource.searchInclude ?? []).map((inc) => ({
          kind: '_include',
          inc,
          example: INCLUDES[inc],
        })),
        ...(resource.searchRevInclude ?? []).map((inc) => ({
          kind: '_revinclude',
          inc,
          example: REVINCLUDES[`${resource.type} ${inc}`],
        })),
      ];
      for (const { kind, inc, example } of asks) {
        if (!example) {
          missing.push(`${resource.type} ${kind}=${inc}`);
          continue;
        }
        const res = await get(
          `/fhir/${resource.type}?${example.query}&${kind}=${encodeURIComponent(inc)}`,
          { authorization },
        );
        expect(res.statusCode, res.body).toBe(200);
        const bundle = res.json() as Bundle;
        expectValidFhir(bundle);
        if (!refs(bundle, 'include').includes(example.includes))
          failures.push(
            `${resource.type}?${example.query}&${kind}=${inc} lacks ${example.includes}`,
          );
      }
    }
    expect(missing, 'declared includes without an example').toEqual([]);
    expect(failures).toEqual([]);
  });

  it('answers in every declared format, by _format and by Accept, the CapabilityStatement too', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const { formats } = await declared();
    expect(formats).toEqual(['json', 'xml']);
    const converter = new Fhir();
    const asJson = (await get(`/fhir/HealthcareService?_id=${gp}`, { authorization })).json();
    for (const format of formats) {
      const mediaType = `application/fhir+${format}`;
      for (const [url, headers] of [
        [`/fhir/HealthcareService?_id=${gp}&_format=${format}`, { authorization }],
        [`/fhir/HealthcareService?_id=${gp}`, { authorization, accept: mediaType }],
      ] as const) {
        const res = await get(url, headers);
        expect(res.statusCode).toBe(200);
        expect(String(res.headers['content-type'])).toMatch(
          new RegExp(`^${mediaType.replace('+', '\\+')}`),
        );
        const body = format === 'xml' ? converter.xmlToObj(res.body) : res.json();
        // The same resources; the links keep the _format asked for, so the next page comes alike.
        expect((body as Bundle).entry).toEqual((asJson as Bundle).entry);
      }
      const metadata = await get(`/fhir/metadata?_format=${format}`);
      expect(String(metadata.headers['content-type'])).toMatch(
        new RegExp(`^${mediaType.replace('+', '\\+')}`),
      );
      const statement = format === 'xml' ? converter.xmlToObj(metadata.body) : metadata.json();
      expect(statement).toMatchObject({ resourceType: 'CapabilityStatement', format: formats });
      expectValidFhir(statement);
    }
    // An error in XML when XML is asked for; a format it does not speak is 406.
    const bad = await get('/fhir/HealthcareService?colour=blue&_format=xml', { authorization });
    expect(bad.statusCode).toBe(400);
    expect(converter.xmlToObj(bad.body)).toMatchObject({ resourceType: 'OperationOutcome' });
    expectOutcome(await get('/fhir/metadata?_format=turtle'), 406, 'invalid');
  });

  it('takes a write as FHIR XML and answers it in XML; a body that is not FHIR XML is a 400', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const converter = new Fhir();
    const communication = {
      resourceType: 'Communication',
      status: 'completed',
      recipient: [{ reference: `Practitioner/${alice}` }],
      topic: { text: 'Your listing is live in XML' },
      payload: [{ contentString: '<p>Welcome</p>' }],
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/fhir/Communication',
      headers: {
        authorization,
        'content-type': 'application/fhir+xml',
        accept: 'application/fhir+xml',
      },
      payload: converter.objToXml(communication),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(String(res.headers['content-type'])).toMatch(/^application\/fhir\+xml/);
    const created = converter.xmlToObj(res.body) as { resourceType: string; topic: unknown };
    expect(created).toMatchObject({ resourceType: 'Communication', topic: communication.topic });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/fhir/Communication',
      headers: { authorization, 'content-type': 'application/fhir+xml' },
      payload: 'this is not XML',
    });
    expectOutcome(bad, 400, 'invalid');
  });

  it('refuses an undeclared parameter under strict handling (the default), leaves it out under lenient', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    for (const prefer of [undefined, 'handling=strict']) {
      expect(
        expectOutcome(
          await get(`/fhir/Location?_id=${clinic}&colour=blue`, {
            authorization,
            ...(prefer ? { prefer } : {}),
          }),
          400,
          'not-supported',
        ),
      ).toContain('colour');
      expectOutcome(
        await get(`/fhir/Location?name:above=Surry`, {
          authorization,
          ...(prefer ? { prefer } : {}),
        }),
        400,
        'not-supported',
      );
    }
    const lenient = await get(
      `/fhir/Location?_id=${clinic}&colour=blue&name:above=x&_include=Location:nowhere`,
      { authorization, prefer: 'return=representation; handling=lenient' },
    );
    expect(lenient.statusCode).toBe(200);
    expect(lenient.headers['preference-applied']).toBe('handling=lenient');
    const bundle = lenient.json() as Bundle;
    expect(refs(bundle, 'match')).toEqual([`Location/${clinic}`]);
    const self = bundle.link!.find((l) => l.relation === 'self')!.url!;
    expect(self).toContain(`_id=${clinic}`);
    expect(self).not.toMatch(/colour|above|nowhere/);
    expectOutcome(
      await get(`/fhir/Location?_id=${clinic}`, { authorization, prefer: 'handling=sloppy' }),
      400,
      'invalid',
    );
  });
});

describe('FHIR partner API: _summary and _elements', () => {
  it('answers the summary, the text-only view, the data, the count and the elements asked for, tagged SUBSETTED', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const search = async (query: string) => {
      const res = await get(`/fhir/HealthcareService?_id=${gp}&${query}`, { authorization });
      expect(res.statusCode, res.body).toBe(200);
      const bundle = res.json() as Bundle;
      expectValidFhir(bundle);
      return bundle;
    };
    const tagged = (r: { meta?: { tag?: Array<{ code?: string }> } }) =>
      (r.meta?.tag ?? []).some((tag) => tag.code === 'SUBSETTED');
    const whole = (await search('_summary=false')).entry![0]!.resource as unknown as Record<
      string,
      unknown
    >;
    expect(whole['telecom']).toBeDefined();
    expect(tagged(whole)).toBe(false);

    const summary = (await search('_summary=true')).entry![0]!.resource as unknown as Record<
      string,
      unknown
    >;
    expect(Object.keys(summary).sort()).toEqual(
      [
        'resourceType',
        'id',
        'meta',
        'identifier',
        'active',
        'providedBy',
        'type',
        'specialty',
        'comment',
        'location',
        'name',
      ]
        .filter((k) => k in whole)
        .sort(),
    );
    expect(tagged(summary)).toBe(true);

    const text = (await search('_summary=text')).entry![0]!.resource as unknown as Record<
      string,
      unknown
    >;
    expect(Object.keys(text).sort()).toEqual(['id', 'meta', 'resourceType']);

    const data = (await search('_summary=data')).entry![0]!.resource as unknown as Record<
      string,
      unknown
    >;
    expect({ ...data, meta: undefined }).toEqual({ ...whole, meta: undefined });
    expect(tagged(data)).toBe(true);

    const count = await search('_summary=count');
    expect(count.total).toBe(1);
    expect(count.entry ?? []).toEqual([]);

    const elements = (await search('_elements=name,telecom&_include=HealthcareService:location'))
      .entry!;
    expect(Object.keys(elements[0]!.resource!).sort()).toEqual(
      ['id', 'meta', 'name', 'resourceType', 'telecom'].sort(),
    );
    expect(tagged(elements[0]!.resource!)).toBe(true);
    // What the search includes comes whole.
    const location = elements.find((e) => e.search?.mode === 'include')!.resource!;
    expect(tagged(location)).toBe(false);
    expect((location as { address?: unknown }).address).toBeDefined();

    // A read takes them too.
    const read = await get(`/fhir/HealthcareService/${gp}?_elements=name`, { authorization });
    expect(Object.keys(read.json() as object).sort()).toEqual([
      'id',
      'meta',
      'name',
      'resourceType',
    ]);

    expectOutcome(
      await get(`/fhir/HealthcareService?_summary=maybe`, { authorization }),
      400,
      'invalid',
    );
    expectOutcome(
      await get(`/fhir/HealthcareService?_summary=true&_elements=name`, { authorization }),
      400,
      'invalid',
    );
    expectOutcome(
      await get(`/fhir/HealthcareService?_elements=name;drop`, { authorization }),
      400,
      'invalid',
    );
  });
});
