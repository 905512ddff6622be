/**
 * The practice a clinical system holds: its practitioners, their roles, its locations and healthcare services,
 * as FHIR R4 resources shaped by AU Base (docs/decisions/068-clinical-system-stand-in.md). `demoPractice()` is
 * Harbour Medical Group's clinical software beside the portal's demo world (data/world.json and the seed):
 * some practitioners match the portal's by HPI-I unchanged, some with a changed role or service, some are new
 * to the portal and some have no HPI-I recorded, so an import has every case to show.
 */

/** A FHIR resource as JSON (this stand-in only serves what it holds). */
export type FhirResource = { resourceType: string; id: string } & Record<string, unknown>;

/** Someone on the practice's staff who may sign in to the clinical system. */
export interface StaffMember {
  /** The account id (the ID token's `sub`). */
  username: string;
  /** Name shown on the sign-in page. */
  name: string;
  /** Their job, shown beside the name. */
  job: string;
  /** The id of their Practitioner resource (the ID token's `fhirUser`). */
  practitionerId: string;
}

/** What a clinical system holds for one practice. */
export interface Practice {
  /** The practice's name, shown on the clinical system's pages. */
  name: string;
  /** Who can sign in. */
  staff: StaffMember[];
  practitioners: FhirResource[];
  practitionerRoles: FhirResource[];
  locations: FhirResource[];
  healthcareServices: FhirResource[];
}

/** The HPI-I identifier system (AU Base). */
export const HPII_SYSTEM = 'http://ns.electronichealth.net.au/id/hi/hpii/1.0';
/** The HPI-O identifier system (AU Base). */
export const HPIO_SYSTEM = 'http://ns.electronichealth.net.au/id/hi/hpio/1.0';
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';
const SNOMED = 'http://snomed.info/sct';
const AU_BASE = 'http://hl7.org.au/fhir/StructureDefinition';

/** The Luhn check digit for a string of digits (the last digit of an HPI-I is one over the first 15). */
export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** A valid HPI-I from its nine digits after the 800361 prefix. */
export const hpiiFrom = (nineDigits: string) =>
  `800361${nineDigits}` + luhnCheckDigit(`800361${nineDigits}`);

/** Role types with their SNOMED CT-AU occupation codes (the portal's role types, by the same words). */
const ROLE_CODES: Record<string, string> = {
  'General practitioner': '62247001',
  Dermatologist: '18803008',
  'Registered nurse': '224535009',
  Physiotherapist: '36682004',
  Psychologist: '59944000',
  Podiatrist: '159034003',
  Dietitian: '159033005',
  Pharmacist: '46255001',
};

interface Site {
  key: string;
  name: string;
  hpio: string;
  /** Organisation name as the portal knows it. */
  organisation: string;
  address?: { line: string; city: string; postalCode: string; state: string };
  /** v3-RoleCode location type: VI (virtual), MOBL (mobile). */
  type?: 'VI' | 'MOBL';
  phone: string;
}

const SITES: Site[] = [
  {
    key: 'surry-hills-clinic',
    name: 'Surry Hills Clinic',
    hpio: '8003627574911863',
    organisation: 'Harbour Medical Centre Surry Hills',
    address: { line: '120 Crown Street', city: 'Surry Hills', postalCode: '2010', state: 'NSW' },
    phone: '0291234500',
  },
  {
    key: 'harbour-telehealth',
    name: 'Harbour Telehealth',
    hpio: '8003622527601893',
    organisation: 'Harbour Telehealth',
    type: 'VI',
    phone: '0291234501',
  },
  {
    key: 'harbour-home-visits',
    name: 'Harbour Home Visits (Eastern Suburbs)',
    hpio: '8003625559797117',
    organisation: 'Harbour Home Visits',
    type: 'MOBL',
    phone: '0291234502',
  },
];

interface Service {
  key: string;
  name: string;
  type: string;
  site: string;
}

/** The portal knows the first three (data/world.json); the physiotherapy service is new to it. */
const SERVICES: Service[] = [
  {
    key: 'surry-hills-gp',
    name: 'Harbour General Practice Surry Hills',
    type: 'General practice',
    site: 'surry-hills-clinic',
  },
  {
    key: 'surry-hills-skin',
    name: 'Harbour Skin Check Clinic',
    type: 'Skin cancer clinic',
    site: 'surry-hills-clinic',
  },
  {
    key: 'harbour-telehealth-gp',
    name: 'Harbour Telehealth GP',
    type: 'General practice',
    site: 'harbour-telehealth',
  },
  {
    key: 'surry-hills-physio',
    name: 'Harbour Physiotherapy Surry Hills',
    type: 'Physiotherapy',
    site: 'surry-hills-clinic',
  },
];

type ServiceKey = (typeof SERVICES)[number]['key'];

/** One practitioner as the clinical system records them; roles are [service, role type, start, end?]. */
interface Person {
  id: string;
  /** Absent: no HPI-I recorded (the portal cannot match them). */
  hpii?: string;
  given: string;
  family: string;
  prefix?: string;
  roles: [service: ServiceKey, type: string, start: string, end?: string][];
}

/**
 * Harbour Medical Group's practitioners in its clinical software. HPI-Is of the portal's practitioners are
 * those the seed gives them (data/world.json for Alice and Farah; apps/server/src/platform/db/seed/seed-bulk.ts's
 * generated practitioners), with their role starts as seeded when unchanged.
 */
const PEOPLE: Person[] = [
  // In the portal, unchanged.
  {
    id: 'alice-nguyen',
    hpii: '8003615260181594',
    given: 'Alice',
    family: 'Nguyen',
    prefix: 'Dr',
    roles: [
      ['surry-hills-gp', 'General practitioner', '2024-03-04'],
      ['harbour-telehealth-gp', 'General practitioner', '2025-01-15'],
    ],
  },
  p('ethan-rossi', '8003614952739439', 'Ethan', 'Rossi', 'Dr', [
    ['harbour-telehealth-gp', 'General practitioner', '2022-05-30'],
  ]),
  p('matilda-tanaka', '8003614229221781', 'Matilda', 'Tanaka', undefined, [
    ['surry-hills-gp', 'Physiotherapist', '2024-10-21'],
  ]),
  p('grace-brown', '8003619458839799', 'Grace', 'Brown', 'Dr', [
    ['harbour-telehealth-gp', 'General practitioner', '2022-06-05'],
    ['surry-hills-skin', 'Dermatologist', '2022-07-25'],
  ]),
  p('nadia-lopez', '8003610816743963', 'Nadia', 'Lopez', 'Dr', [
    ['surry-hills-skin', 'Dermatologist', '2021-06-10'],
  ]),
  p('mia-chen', '8003617958667017', 'Mia', 'Chen', undefined, [
    ['surry-hills-gp', 'Pharmacist', '2023-10-25'],
  ]),
  p('thanh-ali', '8003613219456563', 'Thanh', 'Ali', 'Dr', [
    ['harbour-telehealth-gp', 'General practitioner', '2023-10-12'],
  ]),
  p('kenji-stewart', '8003611377017656', 'Kenji', 'Stewart', 'Dr', [
    ['harbour-telehealth-gp', 'General practitioner', '2026-07-26'],
  ]),
  p('sienna-nakamura', '8003619216307964', 'Sienna', 'Nakamura', 'Dr', [
    ['surry-hills-skin', 'Dermatologist', '2023-03-26'],
  ]),
  p('emily-ali', '8003618835626226', 'Emily', 'Ali', 'Dr', [
    ['surry-hills-gp', 'General practitioner', '2023-10-09'],
    ['harbour-telehealth-gp', 'General practitioner', '2023-02-19'],
  ]),
  p('lachlan-walker', '8003616997870947', 'Lachlan', 'Walker', undefined, [
    ['surry-hills-gp', 'Registered nurse', '2020-06-03'],
  ]),
  p('priyanka-rossi', '8003612893330169', 'Priyanka', 'Rossi', undefined, [
    ['surry-hills-skin', 'Dietitian', '2022-01-29'],
  ]),
  p('callum-ali', '8003619370328095', 'Callum', 'Ali', undefined, [
    ['surry-hills-gp', 'Dietitian', '2020-08-02'],
  ]),
  p('chloe-brown', '8003613013031018', 'Chloe', 'Brown', 'Dr', [
    ['harbour-telehealth-gp', 'General practitioner', '2021-12-12'],
  ]),
  p('liam-white', '8003613444092845', 'Liam', 'White', 'Dr', [
    ['surry-hills-gp', 'General practitioner', '2020-07-12'],
  ]),
  p('kwame-tran', '8003610102637762', 'Kwame', 'Tran', undefined, [
    ['surry-hills-gp', 'Podiatrist', '2026-02-05'],
  ]),
  p('zara-king', '8003613006328959', 'Zara', 'King', undefined, [
    ['harbour-telehealth-gp', 'Registered nurse', '2020-11-22'],
  ]),
  // In the portal, changed here.
  // Farah's role at the skin clinic ended in the portal; she now works at the new physiotherapy service.
  p('farah-haddad', '8003610830166134', 'Farah', 'Haddad', undefined, [
    ['surry-hills-physio', 'Physiotherapist', '2026-09-01'],
  ]),
  // A dermatologist in the portal, a general practitioner here.
  p('ethan-white', '8003617884079501', 'Ethan', 'White', 'Dr', [
    ['surry-hills-gp', 'General practitioner', '2023-12-23'],
  ]),
  // Moved from telehealth to the physiotherapy service.
  p('sofia-green', '8003613527754907', 'Sofia', 'Green', undefined, [
    ['surry-hills-physio', 'Physiotherapist', '2026-10-05'],
  ]),
  // Also consults at the skin clinic now.
  p('chloe-tanaka', '8003619898237638', 'Chloe', 'Tanaka', 'Dr', [
    ['surry-hills-gp', 'General practitioner', '2022-09-24'],
    ['surry-hills-skin', 'Dermatologist', '2026-08-17'],
  ]),
  // Stopped telehealth consults at the end of October.
  p('declan-ibrahim', '8003616565589978', 'Declan', 'Ibrahim', 'Dr', [
    ['harbour-telehealth-gp', 'General practitioner', '2023-02-27', '2026-10-31'],
    ['surry-hills-gp', 'General practitioner', '2025-01-27'],
  ]),
  // Moved from telehealth to the Surry Hills practice.
  p('sienna-wang', '8003619037841639', 'Sienna', 'Wang', undefined, [
    ['surry-hills-gp', 'Psychologist', '2026-06-01'],
  ]),
  // New to the portal (an HPI-I it does not hold).
  p('oliver-petrakis', hpiiFrom('720000011'), 'Oliver', 'Petrakis', 'Dr', [
    ['surry-hills-gp', 'General practitioner', '2026-10-12'],
  ]),
  p('hannah-mckenzie', hpiiFrom('720000022'), 'Hannah', 'McKenzie', undefined, [
    ['surry-hills-gp', 'Registered nurse', '2026-09-21'],
    ['harbour-telehealth-gp', 'Registered nurse', '2026-09-21'],
  ]),
  p('priya-raman', hpiiFrom('720000033'), 'Priya', 'Raman', 'Dr', [
    ['surry-hills-skin', 'Dermatologist', '2026-11-02'],
  ]),
  p('tom-gallagher', hpiiFrom('720000044'), 'Tom', 'Gallagher', undefined, [
    ['surry-hills-physio', 'Physiotherapist', '2026-09-01'],
  ]),
  // In the HI Service (data/world.json hiServiceRegistry) but not yet a practitioner in the portal.
  p('isla-brown', '8003611860913908', 'Isla', 'Brown', undefined, [
    ['harbour-telehealth-gp', 'Psychologist', '2026-11-16'],
  ]),
  // No HPI-I recorded: a locum and a new graduate nurse; nothing to match them by.
  p('jack-lawson', undefined, 'Jack', 'Lawson', 'Dr', [
    ['surry-hills-gp', 'General practitioner', '2026-11-09'],
  ]),
  p('ruby-fitzgerald', undefined, 'Ruby', 'Fitzgerald', undefined, [
    ['surry-hills-gp', 'Registered nurse', '2026-11-23'],
  ]),
];

function p(
  id: string,
  hpii: string | undefined,
  given: string,
  family: string,
  prefix: string | undefined,
  roles: Person['roles'],
): Person {
  return {
    id,
    given,
    family,
    roles,
    ...(hpii ? { hpii } : {}),
    ...(prefix ? { prefix } : {}),
  };
}

const organisationOf = (site: Site) => ({
  identifier: { system: HPIO_SYSTEM, value: site.hpio },
  display: site.organisation,
});

function locationResource(site: Site): FhirResource {
  return {
    resourceType: 'Location',
    id: site.key,
    meta: { profile: [`${AU_BASE}/au-location`] },
    status: 'active',
    name: site.name,
    ...(site.type
      ? {
          type: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v3-RoleCode',
                  code: site.type,
                  display: site.type === 'VI' ? 'virtual' : 'mobile',
                },
              ],
            },
          ],
        }
      : {}),
    telecom: [{ system: 'phone', value: site.phone, use: 'work' }],
    ...(site.address
      ? {
          address: {
            use: 'work',
            type: 'physical',
            line: [site.address.line],
            city: site.address.city,
            state: site.address.state,
            postalCode: site.address.postalCode,
            country: 'AU',
          },
        }
      : {}),
    managingOrganization: organisationOf(site),
  };
}

function serviceResource(service: Service, site: Site): FhirResource {
  return {
    resourceType: 'HealthcareService',
    id: service.key,
    meta: { profile: [`${AU_BASE}/au-healthcareservice`] },
    active: true,
    providedBy: organisationOf(site),
    type: [{ text: service.type }],
    location: [{ reference: `Location/${site.key}`, display: site.name }],
    name: service.name,
    telecom: [{ system: 'phone', value: site.phone, use: 'work' }],
  };
}

function practitionerResource(person: Person): FhirResource {
  return {
    resourceType: 'Practitioner',
    id: person.id,
    meta: { profile: [`${AU_BASE}/au-practitioner`] },
    ...(person.hpii
      ? {
          identifier: [
            {
              type: {
                coding: [{ system: V2_0203, code: 'NPI', display: 'National provider identifier' }],
                text: 'HPI-I',
              },
              system: HPII_SYSTEM,
              value: person.hpii,
            },
          ],
        }
      : {}),
    active: true,
    name: [
      {
        use: 'official',
        family: person.family,
        given: [person.given],
        ...(person.prefix ? { prefix: [person.prefix] } : {}),
      },
    ],
  };
}

/** Whether a role period [start, end] includes `today` (ISO dates compare as strings). */
const activeOn = (today: string, end?: string) => end === undefined || end >= today;

function roleResource(
  person: Person,
  [serviceKey, type, start, end]: Person['roles'][number],
  today: string,
): FhirResource {
  const service = SERVICES.find((s) => s.key === serviceKey)!;
  const site = SITES.find((s) => s.key === service.site)!;
  const code = ROLE_CODES[type];
  return {
    resourceType: 'PractitionerRole',
    id: `${person.id}-${serviceKey}`,
    meta: { profile: [`${AU_BASE}/au-practitionerrole`] },
    active: activeOn(today, end),
    period: { start, ...(end ? { end } : {}) },
    practitioner: {
      reference: `Practitioner/${person.id}`,
      display: `${person.prefix ? `${person.prefix} ` : ''}${person.given} ${person.family}`,
    },
    organization: organisationOf(site),
    code: [
      {
        ...(code ? { coding: [{ system: SNOMED, code, display: type }] } : {}),
        text: type,
      },
    ],
    location: [{ reference: `Location/${site.key}`, display: site.name }],
    healthcareService: [{ reference: `HealthcareService/${service.key}`, display: service.name }],
    telecom: [{ system: 'phone', value: site.phone, use: 'work' }],
  };
}

function practiceOf(people: Person[], today: string): Practice {
  return {
    name: 'Harbour Medical Group',
    staff: [
      {
        username: 'alice.nguyen',
        name: 'Dr Alice Nguyen',
        job: 'General practitioner and practice principal',
        practitionerId: 'alice-nguyen',
      },
    ],
    practitioners: people.map(practitionerResource),
    practitionerRoles: people.flatMap((person) =>
      person.roles.map((role) => roleResource(person, role, today)),
    ),
    locations: SITES.map(locationResource),
    healthcareServices: SERVICES.map((s) =>
      serviceResource(
        s,
        SITES.find((x) => x.key === s.site)!,
      ),
    ),
  };
}

/** The date roles are judged active on: the demo world's "today" is fixed so the practice never changes. */
const DEMO_TODAY = '2026-11-27';

/** Harbour Medical Group's clinical software: 30 practitioners, 36 roles (35 active), 3 locations, 4 services. */
export function demoPractice(): Practice {
  return practiceOf(PEOPLE, DEMO_TODAY);
}

const GIVEN = [
  'Olivia',
  'Noah',
  'Mei',
  'Arjun',
  'Ruby',
  'Hamish',
  'Leila',
  'Tariq',
  'Evie',
  'Kenji',
];
const FAMILY = ['Murphy', 'Singh', 'Kelly', 'Papadopoulos', 'Nguyen', 'Tran', 'OBrien', 'Costa'];
const TYPES: [ServiceKey, string][] = [
  ['surry-hills-gp', 'General practitioner'],
  ['harbour-telehealth-gp', 'General practitioner'],
  ['surry-hills-skin', 'Dermatologist'],
  ['surry-hills-gp', 'Registered nurse'],
  ['surry-hills-physio', 'Physiotherapist'],
];

/**
 * A practice with exactly `roles` practitioner roles, for the import's scale test: the demo practice's people
 * first, then generated practitioners with two roles each (HPI-Is 8003618xxxxxxxxx, new to the portal).
 */
export function scaledPractice(roles: number): Practice {
  if (!Number.isInteger(roles) || roles < 1)
    throw new RangeError('roles must be a positive integer');
  const people: Person[] = [];
  let count = 0;
  for (const person of PEOPLE) {
    if (count + person.roles.length > roles) break;
    people.push(person);
    count += person.roles.length;
  }
  for (let n = 1; count < roles; n++) {
    const take = Math.min(2, roles - count);
    const first = TYPES[n % TYPES.length]!;
    const second = TYPES[(n + 1) % TYPES.length]!;
    const given = GIVEN[n % GIVEN.length]!;
    const family = FAMILY[Math.floor(n / GIVEN.length) % FAMILY.length]!;
    const start = `20${String(20 + (n % 6))}-0${1 + (n % 9)}-1${n % 10}`;
    people.push({
      id: `scaled-${n}`,
      hpii: hpiiFrom(`8${String(n).padStart(8, '0')}`),
      given,
      family: `${family}-${n}`,
      roles: (
        [
          [first[0], first[1], start],
          [second[0] === first[0] ? 'harbour-telehealth-gp' : second[0], first[1], start],
        ] as Person['roles']
      ).slice(0, take),
    });
    count += take;
  }
  return practiceOf(people, DEMO_TODAY);
}
