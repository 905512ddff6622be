import { describe, expect, it } from 'vitest';
import { unmatchedReasons } from '@pca/contracts';
import { fhirIdentifierSystems } from '@pca/contracts/fhir-paths.ts';
import { assemble, hpiisIn, type PortalService } from './assemble.ts';
import { CisBundleError, pathUnderBase, readSearchPage, type FhirResource } from './bundle.ts';

// The import's pure steps on Bundles built here (docs/decisions/070-practitioner-role-import.md): reading a
// page and its next link, checking resources against R4, matching HPI-Is, role types and services.

const BASE = 'https://cis.example/fhir';
const HPII_A = '8003615260181594';
const HPII_B = '8003610830166134';
const SERVICE = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000a2';
const PERSON_A = '00000000-0000-4000-8000-000000000001';

const practitioner = (id: string, hpii: string | null, family = 'Nguyen'): FhirResource => ({
  resourceType: 'Practitioner',
  id,
  name: [{ use: 'official', family, given: ['Ada'] }],
  ...(hpii ? { identifier: [{ system: fhirIdentifierSystems.hpii, value: hpii }] } : {}),
});
const location: FhirResource = {
  resourceType: 'Location',
  id: 'loc-1',
  name: 'Harbour Clinic',
  address: { line: ['1 Harbour St'], city: 'Sydney', state: 'NSW', postalCode: '2000' },
};
const healthcareService = (id: string, name: string, identifier?: string): FhirResource => ({
  resourceType: 'HealthcareService',
  id,
  name,
  location: [{ reference: 'Location/loc-1' }],
  ...(identifier ? { identifier: [{ system: 'urn:example', value: identifier }] } : {}),
});
const role = (id: string, over: Record<string, unknown> = {}): FhirResource => ({
  resourceType: 'PractitionerRole',
  id,
  practitioner: { reference: 'Practitioner/p-a' },
  healthcareService: [{ reference: 'HealthcareService/hs-gp' }],
  location: [{ reference: 'Location/loc-1' }],
  code: [{ coding: [{ system: 'urn:cis:roles', code: 'GP', display: 'General Practitioner' }] }],
  period: { start: '2024-02-01' },
  ...over,
});
const portal = (over: Partial<PortalService> = {}): PortalService => ({
  id: SERVICE,
  name: 'General practice',
  nhsdResourceIdentifier: null,
  locationId: '00000000-0000-4000-8000-0000000000b1',
  locationName: 'Harbour Clinic',
  addressLines: ['1 Harbour St'],
  locality: 'Sydney',
  state: 'NSW',
  postcode: '2000',
  ...over,
});
const roleTypes = ['General practitioner', 'Registered nurse'];

describe('readSearchPage', () => {
  it('reads the resources, the total and the next link as a path under the base', () => {
    const page = readSearchPage(BASE, {
      resourceType: 'Bundle',
      type: 'searchset',
      total: 3,
      link: [
        { relation: 'self', url: `${BASE}/PractitionerRole?_count=2` },
        { relation: 'next', url: `${BASE}/PractitionerRole?_count=2&_offset=2` },
      ],
      entry: [
        { resource: role('r1'), search: { mode: 'match' } },
        { resource: practitioner('p-a', HPII_A), search: { mode: 'include' } },
        { search: { mode: 'match' } },
      ],
    });
    expect(page.roles).toBe(1);
    expect(page.resources.map((r) => r.id)).toEqual(['r1', 'p-a']);
    expect(page.total).toBe(3);
    expect(page.nextPath).toBe('PractitionerRole?_count=2&_offset=2');
    expect(
      readSearchPage(`${BASE}/`, { resourceType: 'Bundle', type: 'searchset' }).nextPath,
    ).toBeNull();
  });

  it('refuses what is not a searchset, and a next link leaving the FHIR base', () => {
    expect(() => readSearchPage(BASE, { resourceType: 'Patient' })).toThrow(CisBundleError);
    expect(() => readSearchPage(BASE, '<html>')).toThrow(CisBundleError);
    expect(() => pathUnderBase(BASE, 'https://elsewhere.example/fhir/PractitionerRole')).toThrow(
      CisBundleError,
    );
    expect(() => pathUnderBase(BASE, 'https://cis.example/other/PractitionerRole')).toThrow(
      CisBundleError,
    );
    expect(pathUnderBase(BASE, '/fhir/PractitionerRole?page=2')).toBe('PractitionerRole?page=2');
  });
});

describe('assemble', () => {
  const resources = [
    role('r1'),
    role('r2', { practitioner: { reference: 'Practitioner/p-b' } }),
    role('r3', { practitioner: { reference: 'Practitioner/p-none' } }),
    role('r4', { code: [{ text: 'Astronaut' }] }),
    role('r5', { practitioner: { reference: 'Practitioner/p-missing' } }),
    role('r6', { practitioner: { reference: 'Practitioner/p-bad' } }),
    practitioner('p-a', HPII_A),
    practitioner('p-b', HPII_B, 'Lee'),
    practitioner('p-none', null),
    practitioner('p-bad', '8003610830166135'),
    location,
    healthcareService('hs-gp', 'General Practice'),
  ];

  it('finds the HPI-Is to look up, valid ones only', () => {
    expect(hpiisIn(resources).sort()).toEqual([HPII_B, HPII_A].sort());
  });

  it('matches practitioners by HPI-I and role types by name, and says why a row is unmatched', () => {
    const { roles } = assemble({
      resources,
      services: [portal()],
      practitionerIdsByHpii: new Map([[HPII_A, PERSON_A]]),
      roleTypes,
    });
    expect(roles.map((r) => [r.cisId, r.practitionerId, r.problem])).toEqual([
      ['r1', PERSON_A, null],
      ['r2', null, unmatchedReasons.notInPortal],
      ['r3', null, unmatchedReasons.noHpii],
      ['r4', null, unmatchedReasons.unknownRoleType('Astronaut')],
      ['r5', null, unmatchedReasons.noPractitioner],
      ['r6', null, unmatchedReasons.invalidHpii],
    ]);
    expect(roles[0]).toMatchObject({
      givenName: 'Ada',
      familyName: 'Nguyen',
      hpii: HPII_A,
      primaryType: 'General practitioner',
      startDate: '2024-02-01',
      endDate: null,
      sourceKey: 'service:hs-gp',
      sourceName: 'General Practice',
    });
  });

  it('makes one row of a role the clinical system returned on two pages, as read the second time', () => {
    const { roles } = assemble({
      resources: [
        role('r1', { period: { start: '2024-01-01' } }),
        role('r2', { practitioner: { reference: 'Practitioner/p-b' } }),
        practitioner('p-a', HPII_A),
        practitioner('p-b', HPII_B, 'Lee'),
        location,
        healthcareService('hs-gp', 'General Practice'),
        // The next page: the set shifted, and r1 came again (changed meanwhile) beside its practitioner.
        role('r1'),
        practitioner('p-a', HPII_A),
      ],
      services: [portal()],
      practitionerIdsByHpii: new Map([[HPII_A, PERSON_A]]),
      roleTypes,
    });
    expect(roles.map((r) => [r.cisId, r.startDate])).toEqual([
      ['r1', '2024-02-01'],
      ['r2', '2024-02-01'],
    ]);
  });

  it('checks resources against the R4 definitions', () => {
    const { roles } = assemble({
      resources: [role('bad', { period: { start: 'yesterday' } }), practitioner('p-a', HPII_A)],
      services: [],
      practitionerIdsByHpii: new Map([[HPII_A, PERSON_A]]),
      roleTypes,
    });
    expect(roles[0]!.problem).toMatch(/^The clinical system sent an invalid resource/);
  });

  it('suggests the service by identifier, then by name and address, then by location', () => {
    const byName = assemble({
      resources,
      services: [portal(), portal({ id: OTHER, name: 'Physiotherapy' })],
      practitionerIdsByHpii: new Map(),
      roleTypes,
    });
    expect(byName.sources).toEqual([
      {
        key: 'service:hs-gp',
        kind: 'service',
        name: 'General Practice',
        address: '1 Harbour St, Sydney NSW 2000',
        suggestedServiceId: SERVICE,
        matchedBy: 'name-and-address',
      },
    ]);
    const byIdentifier = assemble({
      resources: [role('r1'), healthcareService('hs-gp', 'GP clinic', 'NHSD-1'), location],
      services: [portal(), portal({ id: OTHER, name: 'Other', nhsdResourceIdentifier: 'NHSD-1' })],
      practitionerIdsByHpii: new Map(),
      roleTypes,
    });
    expect(byIdentifier.sources[0]).toMatchObject({
      suggestedServiceId: OTHER,
      matchedBy: 'identifier',
    });
    const byLocation = assemble({
      resources: [role('r1', { healthcareService: undefined }), location],
      services: [portal()],
      practitionerIdsByHpii: new Map(),
      roleTypes,
    });
    expect(byLocation.sources[0]).toMatchObject({
      key: 'location:loc-1',
      kind: 'location',
      suggestedServiceId: SERVICE,
      matchedBy: 'location',
    });
    const none = assemble({
      resources: [role('r1'), healthcareService('hs-gp', 'Skin checks'), location],
      services: [portal()],
      practitionerIdsByHpii: new Map(),
      roleTypes,
    });
    expect(none.sources[0]).toMatchObject({ suggestedServiceId: null, matchedBy: null });
  });
});
