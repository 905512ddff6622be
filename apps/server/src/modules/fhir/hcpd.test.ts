import { beforeAll, describe, expect, it } from 'vitest';
import type { Bundle } from '@medplum/fhirtypes';
import {
  endpointApiPaths,
  EndpointView,
  terminologyApiPaths,
  TerminologyConcepts,
  UnmatchedTerms,
} from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { ALICE, GEORGE, PRIYA, useTestApp } from '../../test/use-test-app.ts';
import {
  expectOutcome,
  expectValidFhir,
  indexR4Definitions,
  partnerToken as tokenFor,
} from './fhir-test-support.ts';

// What HCPD adds to the partner API (docs/decisions/071-terminology-and-codes.md,
// 072-endpoint-and-provenance.md): SNOMED CT-AU codings from the terminology, the identifier types AU Base
// fixes, the profiles declared, Endpoint and Provenance — on the real database, every resource valid R4, and
// each HCPD profile's required elements, bindings and fixed values checked where a resource declares it.

const { t, as } = useTestApp({
  RATE_LIMIT_WRITES: '1000/10s',
  RATE_LIMIT_PARTNER_WRITES: '1000/10s',
  RATE_LIMIT_PARTNER_READS: '100000/1m',
});
beforeAll(indexR4Definitions, 60_000);

const SCT = 'http://snomed.info/sct';
const HCPD = 'http://digitalhealth.gov.au/fhir/hcpd/StructureDefinition/';
const surryHillsGp = demoIds.healthcareService('surry-hills-gp');
const surryHills = demoIds.organisation('harbour-surry-hills');
const aliceRole = demoIds.practitionerRole('alice', 'surry-hills-gp');

const fhir = (url: string, authorization: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization } });
const search = async (url: string, authorization: string) => {
  const res = await fhir(url, authorization);
  expect(res.statusCode).toBe(200);
  const bundle = res.json() as Bundle;
  expectValidFhir(bundle);
  return bundle;
};
type R = Record<string, unknown> & { meta: { profile: string[] } };
const resources = (bundle: Bundle, type: string) =>
  (bundle.entry ?? [])
    .map((e) => e.resource as unknown as R)
    .filter((r) => r['resourceType'] === type);

/**
 * hc-organization (docs/decisions/084-organisation-address.md): a name, the ABN (1..1, AU Base's ABN type), an
 * HPI-O (inv-01) and exactly one address, of the fixed type `physical`.
 */
function expectHcOrganization(o: R) {
  expect(o.meta.profile).toEqual([
    'http://hl7.org.au/fhir/StructureDefinition/au-organization',
    `${HCPD}hc-organization`,
  ]);
  expect(o['name']).toEqual(expect.any(String));
  const identifier = o['identifier'] as Array<{
    system: string;
    type: { coding: Array<{ code: string }> };
  }>;
  const abn = identifier.filter((i) => i.system === 'http://hl7.org.au/id/abn');
  expect(abn).toHaveLength(1);
  expect(abn[0]!.type.coding[0]!.code).toBe('ABN');
  expect(
    identifier.some((i) => i.system === 'http://ns.electronichealth.net.au/id/hi/hpio/1.0'),
  ).toBe(true);
  const address = o['address'] as Array<Record<string, unknown>>;
  expect(address.filter((a) => a['type'] === 'physical')).toHaveLength(1);
  expect(address[0]).toMatchObject({
    use: 'work',
    type: 'physical',
    line: [expect.any(String)],
    city: expect.any(String),
    state: expect.any(String),
    postalCode: expect.stringMatching(/^\d{4}$/),
    country: 'AU',
  });
}

/** hc-healthcareservice: what it requires of an instance that declares it. */
function expectHcHealthcareService(s: R) {
  expect(s.meta.profile).toContain(`${HCPD}hc-healthcareservice`);
  const identifier = s['identifier'] as Array<Record<string, unknown>>;
  expect(identifier).toContainEqual({
    type: {
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
          code: 'XX',
          display: 'Organization identifier',
        },
      ],
    },
    system: 'http://digitalhealth.gov.au/fhir/hcpd/id/hc-local-identifier',
    value: s['id'],
  });
  expect(s['providedBy']).toBeDefined();
  const type = s['type'] as Array<{
    coding: Array<{ system: string; code: string; display: string }>;
  }>;
  expect(type.length).toBeGreaterThan(0);
  for (const t of type)
    for (const c of t.coding) {
      expect(c.system).toBe(SCT);
      expect(c.code).toMatch(/^\d{6,18}$/);
      expect(c.display.length).toBeGreaterThan(0);
    }
  expect((s['location'] as unknown[]).length).toBe(1);
}

describe('FHIR partner API: HCPD data', () => {
  it('codes a service type and a role from the terminology, finds them by system|code, and types HPI-I as au-hpii fixes', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const services = await search(
      `/fhir/HealthcareService?service-type=${encodeURIComponent(`${SCT}|788007007`)}`,
      authorization,
    );
    const gp = resources(services, 'HealthcareService').find((s) => s['id'] === surryHillsGp)!;
    expect(gp).toBeDefined();
    expect(gp['type']).toEqual([
      {
        coding: [{ system: SCT, code: '788007007', display: 'General practice service' }],
        text: 'General practice',
      },
    ]);
    expectHcHealthcareService(gp);
    // Every match carries the code asked for; a code of another system finds nothing.
    for (const s of resources(services, 'HealthcareService'))
      expect((s['type'] as Array<{ coding: Array<{ code: string }> }>)[0]!.coding[0]!.code).toBe(
        '788007007',
      );
    expect(
      (
        await search(
          `/fhir/HealthcareService?service-type=${encodeURIComponent('http://example.org|788007007')}`,
          authorization,
        )
      ).entry ?? [],
    ).toEqual([]);

    const roles = await search(
      `/fhir/PractitionerRole?role=${encodeURIComponent(`${SCT}|62247001`)}&service=${surryHillsGp}&_include=PractitionerRole:practitioner`,
      authorization,
    );
    const role = resources(roles, 'PractitionerRole').find((r) => r['id'] === aliceRole)!;
    expect(role['code']).toEqual([
      {
        coding: [{ system: SCT, code: '62247001', display: 'General practitioner' }],
        text: 'General practitioner',
      },
    ]);
    // Alice's one Ahpra registration is the role's, and its service has a location (decision 083).
    expect(role.meta.profile).toEqual([
      'http://hl7.org.au/fhir/StructureDefinition/au-practitionerrole',
      `${HCPD}hc-practitionerrole`,
    ]);
    const practitioner = resources(roles, 'Practitioner').find((p) => p['identifier'])!;
    expect((practitioner['identifier'] as Array<{ type: unknown }>)[0]!.type).toEqual({
      coding: [
        {
          system: 'http://terminology.hl7.org/CodeSystem/v2-0203',
          code: 'NPI',
          display: 'National Provider Identifier',
        },
      ],
      text: 'HPI-I',
    });

    const org = (await fhir(`/fhir/Organization/${surryHills}`, authorization)).json() as R;
    const hpio = (
      org['identifier'] as Array<{
        system: string;
        type: { coding: Array<{ system: string; code: string }> };
      }>
    ).find((i) => i.system === 'http://ns.electronichealth.net.au/id/hi/hpio/1.0');
    if (hpio)
      expect(hpio.type.coding[0]).toMatchObject({
        system: 'http://terminology.hl7.org.au/CodeSystem/v2-0203',
        code: 'NOI',
      });
    expectValidFhir(org);
    expectHcOrganization(org);
    // The group has an ABN and an address but no HPI-O (inv-01): AU Base only, its address served all the same.
    const group = (
      await fhir(`/fhir/Organization/${demoIds.organisation('harbour-group')}`, authorization)
    ).json() as R;
    expect(group.meta.profile).toEqual([
      'http://hl7.org.au/fhir/StructureDefinition/au-organization',
    ]);
    expect(group['address']).toEqual([
      {
        use: 'work',
        type: 'physical',
        text: 'Level 2, 88 George Street, Sydney NSW 2000',
        line: ['Level 2, 88 George Street'],
        city: 'Sydney',
        state: 'NSW',
        postalCode: '2000',
        country: 'AU',
      },
    ]);

    // hc-location: the local identifier, a name, the managing organisation, and a type or a physical type.
    const clinic = (
      await fhir(`/fhir/Location/${demoIds.location('surry-hills-clinic')}`, authorization)
    ).json() as R;
    expectValidFhir(clinic);
    expect(clinic.meta.profile).toContain(`${HCPD}hc-location`);
    expect(clinic).toMatchObject({
      identifier: [{ system: 'http://digitalhealth.gov.au/fhir/hcpd/id/hc-local-identifier' }],
      name: expect.any(String),
      managingOrganization: { reference: expect.stringMatching(/^Organization\//) },
    });
    expect(!!clinic['type'] || !!clinic['physicalType']).toBe(true);

    const metadata = (await t.app.inject({ method: 'GET', url: '/fhir/metadata' })).json() as {
      rest: Array<{
        resource: Array<{
          type: string;
          profile?: string;
          searchParam?: Array<{ name: string }>;
          searchInclude?: string[];
          searchRevInclude?: string[];
        }>;
      }>;
    };
    const declared = Object.fromEntries(metadata.rest[0]!.resource.map((r) => [r.type, r]));
    expect(declared['HealthcareService']!.profile).toBe(`${HCPD}hc-healthcareservice`);
    expect(declared['PractitionerRole']!.searchParam!.map((p) => p.name)).toContain('role');
    expect(declared['HealthcareService']!.searchInclude).toContain('HealthcareService:endpoint');
    expect(declared['Organization']!.searchRevInclude).toContain('Provenance:target');
    expect(declared['Organization']!.searchParam!.map((p) => p.name)).toEqual(
      expect.arrayContaining(['address', 'address-city', 'address-postalcode', 'address-state']),
    );
    expect(declared['Endpoint']!.profile).toBe(`${HCPD}hc-endpoint`);
    expect(declared['Provenance']!.searchParam!.map((p) => p.name)).toContain('target');
  });

  it('a manager adds an endpoint to a service; the partner reads it as an HC Endpoint, includes it, and reads who last changed it', async () => {
    const input = {
      name: 'Surry Hills GP secure messaging',
      connectionType: 'http://ns.electronichealth.net.au/smd/intf/SealedMessageDelivery/TLS/2010',
      payloadType: 'http://ns.electronichealth.net.au/er/sc/deliver/hl7Mdm/2012',
      address: 'https://smd.example.org.au/surry-hills',
      status: 'active',
    };
    const url = endpointApiPaths.healthcareService.replace(':id', surryHillsGp);
    const notHttps = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ALICE),
      payload: { ...input, address: 'http://smd.example.org.au' },
    });
    expectProblem(notHttps, 400, { field: 'address' });
    const unknownType = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ALICE),
      payload: { ...input, connectionType: 'carrier-pigeon' },
    });
    expectProblem(unknownType, 400, { field: 'connectionType' });
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ALICE),
      payload: input,
    });
    expect(created.statusCode).toBe(201);
    const endpoint = EndpointView.parse(created.json());
    const list = await t.app.inject({ method: 'GET', url, headers: await as(ALICE) });
    expect(list.json()).toMatchObject({
      canEdit: true,
      endpoints: [{ id: endpoint.id, name: input.name }],
    });

    const { authorization } = await tokenFor(t, as, 'nhsd');
    const read = await fhir(`/fhir/Endpoint/${endpoint.id}`, authorization);
    expect(read.statusCode).toBe(200);
    const e = read.json() as R;
    expectValidFhir(e);
    // hc-endpoint: identifier (HC Endpoint Identifier, type RI), connectionType 1..1, payloadType 1..*, address.
    expect(e).toMatchObject({
      resourceType: 'Endpoint',
      status: 'active',
      identifier: [
        {
          type: {
            coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'RI' }],
          },
          system: 'urn:ietf:rfc:3986',
          value: `urn:uuid:${endpoint.id}`,
        },
      ],
      connectionType: {
        system: 'http://hl7.org.au/fhir/CodeSystem/smd-interfaces',
        code: input.connectionType,
        display: 'Sealed Message Delivery',
      },
      payloadType: [
        {
          coding: [
            {
              system: 'http://hl7.org.au/fhir/CodeSystem/endpoint-payload-type',
              code: input.payloadType,
            },
          ],
        },
      ],
      address: input.address,
      managingOrganization: { reference: `Organization/${surryHills}` },
    });
    expect(e.meta.profile).toContain(`${HCPD}hc-endpoint`);

    const withEndpoint = await search(
      `/fhir/HealthcareService?_id=${surryHillsGp}&_include=HealthcareService:endpoint&_revinclude=Provenance:target`,
      authorization,
    );
    const service = resources(withEndpoint, 'HealthcareService')[0]!;
    expect(service['endpoint']).toEqual([{ reference: `Endpoint/${endpoint.id}` }]);
    expect(resources(withEndpoint, 'Endpoint').map((r) => r['id'])).toEqual([endpoint.id]);
    const byType = await search(
      `/fhir/Endpoint?connection-type=${encodeURIComponent(input.connectionType)}&status=active&organization=${surryHills}`,
      authorization,
    );
    expect(resources(byType, 'Endpoint').map((r) => r['id'])).toContain(endpoint.id);

    const provenance = await search(
      `/fhir/Provenance?target=Endpoint/${endpoint.id}`,
      authorization,
    );
    const [p] = resources(provenance, 'Provenance');
    // hc-provenance: one target, activity from the provenance activity types, recorded, agent who an organisation.
    expect(p).toMatchObject({
      target: [{ reference: `Endpoint/${endpoint.id}` }],
      activity: {
        coding: [
          { system: 'http://terminology.hl7.org/CodeSystem/v3-DataOperation', code: 'CREATE' },
        ],
      },
      agent: [{ who: { reference: `Organization/${surryHills}` } }],
    });
    expect(p!.meta.profile).toEqual([`${HCPD}hc-provenance`]);
    expect(JSON.stringify(p)).not.toMatch(/Alice|Nguyen/);

    // A partner that does not see the service sees neither the endpoint nor its provenance.
    const other = await tokenFor(t, as, 'medifund');
    const unseen = await t.db.execute(
      `select 1 from partner_publications where partner_service_id = '${demoIds.partnerService('medifund')}' and healthcare_service_id = '${surryHillsGp}' and not publish`,
    );
    if ((unseen as unknown as { rows: unknown[] }).rows.length)
      expect((await fhir(`/fhir/Endpoint/${endpoint.id}`, other.authorization)).statusCode).toBe(
        404,
      );

    // Someone without a manager's role may not change it; a manager changes and removes it.
    const endpointUrl = endpointApiPaths.endpoint.replace(':id', endpoint.id);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: endpointUrl,
          headers: await as(GEORGE),
          payload: input,
        })
      ).statusCode,
    ).toBeGreaterThanOrEqual(403);
    const changed = await t.app.inject({
      method: 'PUT',
      url: endpointUrl,
      headers: await as(ALICE),
      payload: { ...input, status: 'suspended' },
    });
    expect(changed.json()).toMatchObject({ status: 'suspended' });
    const after = await search(`/fhir/Provenance?target=Endpoint/${endpoint.id}`, authorization);
    expect(resources(after, 'Provenance')[0]!['activity']).toMatchObject({
      coding: [{ code: 'UPDATE' }],
    });
    expect(
      (await t.app.inject({ method: 'DELETE', url: endpointUrl, headers: await as(ALICE) }))
        .statusCode,
    ).toBe(204);
    expect((await fhir(`/fhir/Endpoint/${endpoint.id}`, authorization)).statusCode).toBe(404);
  });

  it('serves a role’s and a service’s specialty coded, and finds them by specialty (docs/decisions/077-specialties.md)', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const generalPractice = [
      {
        coding: [{ system: SCT, code: '394814009', display: 'General practice' }],
        text: 'General practice',
      },
    ];
    const roles = await search(
      `/fhir/PractitionerRole?specialty=${encodeURIComponent(`${SCT}|394814009`)}`,
      authorization,
    );
    const role = resources(roles, 'PractitionerRole').find((r) => r['id'] === aliceRole)!;
    expect(role['specialty']).toEqual(generalPractice);
    for (const r of resources(roles, 'PractitionerRole'))
      expect(r['specialty']).toEqual(generalPractice);
    const services = await search(`/fhir/HealthcareService?specialty=394814009`, authorization);
    const gp = resources(services, 'HealthcareService').find((s) => s['id'] === surryHillsGp)!;
    expect(gp['specialty']).toEqual(generalPractice);
    // Another system's code, or a specialty nothing holds, finds nothing.
    for (const query of [
      `specialty=${encodeURIComponent('http://example.org|394814009')}`,
      'specialty=Cardiology',
    ])
      expect((await search(`/fhir/PractitionerRole?${query}`, authorization)).entry ?? []).toEqual(
        [],
      );
  });

  it('serves languages and billing as HCPD defines them, and finds them by languages and hsbilling (docs/decisions/078-languages-and-billing.md)', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const BCP47 = 'urn:ietf:bcp:47';
    const services = await search(
      `/fhir/HealthcareService?languages=${encodeURIComponent(`${BCP47}|vi`)}`,
      authorization,
    );
    expect(resources(services, 'HealthcareService').map((s) => s['id'])).toEqual([surryHillsGp]);
    const gp = resources(services, 'HealthcareService')[0]!;
    expect(gp['communication']).toEqual([
      { coding: [{ system: BCP47, code: 'vi', display: 'Vietnamese' }] },
      { coding: [{ system: BCP47, code: 'cmn', display: 'Mandarin' }] },
    ]);
    // hc-service-provision-code-vs: MIX is HCPD's own code system's, the others AU Base's.
    expect(gp['serviceProvisionCode']).toEqual([
      {
        coding: [
          {
            system: 'http://digitalhealth.gov.au/fhir/hcpd/CodeSystem/hc-service-provision-code-cs',
            code: 'MIX',
            display: 'Mixed Billing',
          },
        ],
      },
    ]);
    const bulk = await search(
      `/fhir/HealthcareService?hsbilling=${encodeURIComponent('http://terminology.hl7.org.au/CodeSystem/service-provision-conditions|BBO')}`,
      authorization,
    );
    expect(resources(bulk, 'HealthcareService').map((s) => s['id'])).toEqual([
      demoIds.healthcareService('harbour-telehealth-gp'),
    ]);
    // One extension a language, by the extension's own canonical URL.
    const roles = await search(`/fhir/PractitionerRole?languages=vi`, authorization);
    expect(resources(roles, 'PractitionerRole').map((r) => r['id'])).toEqual([aliceRole]);
    expect(resources(roles, 'PractitionerRole')[0]!['extension']).toEqual([
      {
        url: 'http://digitalhealth.gov.au/fhir/cc/StructureDefinition/practitioner-role-communication',
        valueCodeableConcept: { coding: [{ system: BCP47, code: 'vi', display: 'Vietnamese' }] },
      },
    ]);
    const xml = await fhir(`/fhir/PractitionerRole/${aliceRole}?_format=xml`, authorization);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toContain(
      '<extension url="http://digitalhealth.gov.au/fhir/cc/StructureDefinition/practitioner-role-communication">',
    );
    // Another system, the wrong system for a code, a code nothing holds, and `|code` (no system) find nothing.
    for (const query of [
      `HealthcareService?languages=${encodeURIComponent('http://example.org|vi')}`,
      `HealthcareService?hsbilling=${encodeURIComponent('http://terminology.hl7.org.au/CodeSystem/service-provision-conditions|MIX')}`,
      'HealthcareService?hsbilling=NFE',
      `PractitionerRole?languages=${encodeURIComponent('|vi')}`,
    ])
      expect((await search(`/fhir/${query}`, authorization)).entry ?? [], query).toEqual([]);
    const metadata = (await fhir('/fhir/metadata', authorization)).json() as {
      rest: Array<{
        resource: Array<{ type: string; searchParam?: Array<Record<string, string>> }>;
      }>;
    };
    const declared = (type: string, name: string) =>
      metadata.rest[0]!.resource.find((r) => r.type === type)?.searchParam?.find(
        (p) => p.name === name,
      );
    const hcpdParam = 'http://digitalhealth.gov.au/fhir/hcpd/SearchParameter/';
    expect(declared('HealthcareService', 'languages')).toMatchObject({
      type: 'token',
      definition: `${hcpdParam}languages`,
    });
    expect(declared('PractitionerRole', 'languages')).toMatchObject({
      type: 'token',
      definition: `${hcpdParam}languages`,
    });
    expect(declared('HealthcareService', 'hsbilling')).toMatchObject({
      type: 'token',
      definition: `${hcpdParam}healthcareservice-billing`,
    });
  });

  it('lists unmatched texts for the operator only; mapping one codes every record with that text', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: terminologyApiPaths.unmatched,
          headers: await as(ALICE),
        })
      ).statusCode,
    ).toBe(403);
    const res = await t.app.inject({
      method: 'GET',
      url: terminologyApiPaths.unmatched,
      headers: await as(PRIYA),
    });
    expect(res.statusCode).toBe(200);
    const unmatched = UnmatchedTerms.parse(res.json());
    const skin = unmatched.terms.find(
      (u) => u.valueSet === 'service-type' && u.text === 'Skin cancer clinic',
    );
    expect(skin?.count).toBeGreaterThan(0);
    expect(unmatched.terms.some((u) => u.text === 'General practice')).toBe(false);
    expect(unmatched.matched['service-type']).toBeGreaterThan(0);

    const concepts = TerminologyConcepts.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `${terminologyApiPaths.concepts}?valueSet=service-type`,
          headers: await as(ALICE),
        })
      ).json(),
    ).concepts;
    const gpService = concepts.find((c) => c.code === '788007007')!;
    const role = (
      await t.app.inject({
        method: 'GET',
        url: `${terminologyApiPaths.concepts}?valueSet=practitioner-role`,
        headers: await as(ALICE),
      })
    ).json() as TerminologyConcepts;
    const wrongSet = await t.app.inject({
      method: 'POST',
      url: terminologyApiPaths.mappings,
      headers: await as(PRIYA),
      payload: {
        valueSet: 'service-type',
        text: 'Skin cancer clinic',
        conceptId: role.concepts[0]!.id,
      },
    });
    expectProblem(wrongSet, 404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: terminologyApiPaths.mappings,
          headers: await as(ALICE),
          payload: {
            valueSet: 'service-type',
            text: 'Skin cancer clinic',
            conceptId: gpService.id,
          },
        })
      ).statusCode,
    ).toBe(403);
    const mapped = await t.app.inject({
      method: 'POST',
      url: terminologyApiPaths.mappings,
      headers: await as(PRIYA),
      payload: {
        valueSet: 'service-type',
        text: '  skin   CANCER clinic ',
        conceptId: gpService.id,
      },
    });
    expect(mapped.statusCode).toBe(204);
    const again = UnmatchedTerms.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: terminologyApiPaths.unmatched,
          headers: await as(PRIYA),
        })
      ).json(),
    );
    expect(again.terms.some((u) => u.text === 'Skin cancer clinic')).toBe(false);

    const { authorization } = await tokenFor(t, as, 'nhsd');
    const coded = await search(
      `/fhir/HealthcareService?service-type=${encodeURIComponent(`${SCT}|788007007`)}&_count=100`,
      authorization,
    );
    const texts = new Set(
      resources(coded, 'HealthcareService').map(
        (s) => (s['type'] as Array<{ text: string }>)[0]!.text,
      ),
    );
    if (texts.size > 1) expect([...texts]).toContain('Skin cancer clinic');
  });

  it('holds a new service type to the terminology', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/healthcare-services/${surryHillsGp}`,
      headers: await as(ALICE),
      payload: {
        name: 'Harbour General Practice Surry Hills',
        serviceType: 'Astrology',
        description: '',
        locationId: demoIds.location('surry-hills-clinic'),
        startDate: '',
        endDate: '',
        phone: '',
        afterHoursPhone: '',
        email: '',
        fax: '',
        website: '',
        suppressEmail: false,
        suppressPhone: false,
        openingHours: [],
      },
    });
    expectProblem(res, 400, { field: 'serviceType' });
  });
});

// docs/decisions/079-location-amenities-postal-position.md: a location's amenities, postal address and map
// position as hc-location carries them, and R4's near.
describe('hc-location amenities, postal address and position', () => {
  const clinicId = demoIds.location('surry-hills-clinic');

  it('serves the seeded amenities and postal address as the extensions, and the position', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const clinic = (await fhir(`/fhir/Location/${clinicId}`, authorization)).json() as R;
    expectValidFhir(clinic);
    const extension = clinic['extension'] as Array<Record<string, unknown>>;
    expect(extension).toContainEqual({
      url: 'http://digitalhealth.gov.au/fhir/cc/StructureDefinition/amenity',
      valueCodeableConcept: {
        coding: [
          {
            system: 'https://healthterminologies.gov.au/fhir/CodeSystem/facility-amenity-1',
            code: 'wheelchairAccess',
            display: 'Wheelchair Access',
          },
        ],
      },
    });
    expect(extension).toContainEqual({
      url: `${HCPD}hc-alternate-postal-address`,
      valueAddress: {
        use: 'work',
        type: 'postal',
        text: 'PO Box 512, Surry Hills NSW 2010',
        line: ['PO Box 512'],
        city: 'Surry Hills',
        state: 'NSW',
        postalCode: '2010',
        country: 'AU',
      },
    });
    expect(clinic['position']).toEqual({ latitude: -33.8836, longitude: 151.2118 });
  });

  it('finds locations near a point, within the distance only, in km unless other units are given', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const ids = async (near: string) =>
      (await search(`/fhir/Location?near=${encodeURIComponent(near)}`, authorization)).entry?.map(
        (e) => e.resource!.id,
      ) ?? [];
    // Town Hall station is about 1.2 km from the clinic's position.
    expect(await ids('-33.8732|151.2069|2|km')).toContain(clinicId);
    expect(await ids('-33.8732|151.2069|1|km')).not.toContain(clinicId);
    expect(await ids('-33.8732|151.2069|1500|m')).toContain(clinicId);
    expect(await ids('-33.8732|151.2069|1|[mi_i]')).toContain(clinicId);
    expect(await ids('-33.8732|151.2069|2')).toContain(clinicId);
    // No distance: 10 km (Parramatta is about 20 km away).
    expect(await ids('-33.8732|151.2069')).toContain(clinicId);
    expect(await ids('-33.8150|151.0011')).not.toContain(clinicId);
  });

  it('answers a bad near with a 400 OperationOutcome naming the parameter', async () => {
    const { authorization } = await tokenFor(t, as, 'nhsd');
    for (const bad of [
      '-33.88',
      'north|151.2',
      '-95|151.2|5|km',
      '-33.88|181|5|km',
      '-33.88|151.2|-5|km',
      '-33.88|151.2|five|km',
      '-33.88|151.2|5|parsec',
      '-33.88|151.2|5|km|extra',
      '1e2|151.2',
      '',
    ]) {
      const res = await fhir(`/fhir/Location?near=${encodeURIComponent(bad)}`, authorization);
      const diagnostics = expectOutcome(res, 400, 'invalid');
      if (bad) expect(diagnostics).toMatch(/near/);
    }
  });
});

describe('an endpoint’s formats (payloadMimeType)', () => {
  it('keeps the formats chosen, serves them, and refuses one not on the list', async () => {
    const url = endpointApiPaths.organisation.replace(':id', surryHills);
    const input = {
      name: 'Surry Hills FHIR',
      connectionType: 'hl7-fhir-rest',
      payloadType: 'http://ns.electronichealth.net.au/er/sc/deliver/hl7Mdm/2012',
      payloadMimeTypes: ['application/fhir+xml', 'application/fhir+json'],
      address: 'https://fhir.example.org.au/surry-hills',
      status: 'active',
    };
    const refused = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ALICE),
      payload: { ...input, payloadMimeTypes: ['text/html'] },
    });
    expect(expectProblem(refused, 400).errors?.[0]?.field).toMatch(/^payloadMimeTypes/);
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: await as(ALICE),
      payload: input,
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = EndpointView.parse(created.json());
    // In the list's order.
    expect(endpoint.payloadMimeTypes).toEqual(['application/fhir+json', 'application/fhir+xml']);
    const { authorization } = await tokenFor(t, as, 'nhsd');
    const read = (await fhir(`/fhir/Endpoint/${endpoint.id}`, authorization)).json() as R;
    expectValidFhir(read);
    expect(read['payloadMimeType']).toEqual(['application/fhir+json', 'application/fhir+xml']);
    const found = await search(
      `/fhir/Endpoint?payloadmimetype=${encodeURIComponent('urn:ietf:bcp:13|application/fhir+xml')}&epurl=${encodeURIComponent(input.address)}`,
      authorization,
    );
    expect(found.entry?.map((e) => e.resource!.id)).toEqual([endpoint.id]);
  });
});
