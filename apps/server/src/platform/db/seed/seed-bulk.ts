import type { Transaction } from '../client.ts';
import {
  hiServiceRegistry,
  nhsdServices,
  practitionerRegistrations,
  practitionerRoles,
  practitioners,
} from '../schema/index.ts';
import { demoIds } from './ids.ts';
import {
  FAMILY_NAMES,
  GIVEN_NAMES,
  ORGANISATION_PATTERNS,
  STREETS,
  STREET_TYPES,
} from './names.ts';
import { hpiiFrom, seededRandom } from './random.ts';
import { ROLE_TYPES, SERVICE_TYPES } from './seed-reference.ts';
import { daysFromBase, isoDateFromBase, type LocalityRow } from './world.ts';

/** The Harbour group's healthcare services that bulk practitioners work in. */
export const HARBOUR_SERVICES = [
  'surry-hills-gp',
  'surry-hills-skin',
  'harbour-telehealth-gp',
] as const;

const PHONE_AREA: Record<string, string> = {
  NSW: '02',
  ACT: '02',
  VIC: '03',
  TAS: '03',
  QLD: '07',
  SA: '08',
  WA: '08',
  NT: '08',
};

/** A phone number in the state's area code. */
function phoneFor(state: string, digits: string): string {
  return `${PHONE_AREA[state] ?? '02'}${digits}`;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Generates `count` practitioners with registrations and roles across the Harbour group's services. */
export async function seedBulkPractitioners(
  tx: Transaction,
  count: number,
  takenHpiis: Set<string>,
): Promise<void> {
  const random = seededRandom(20_261_121);
  const people: (typeof practitioners.$inferInsert)[] = [];
  const registrations: (typeof practitionerRegistrations.$inferInsert)[] = [];
  const roles: (typeof practitionerRoles.$inferInsert)[] = [];
  const registry: (typeof hiServiceRegistry.$inferInsert)[] = [];

  for (let n = 1; n <= count; n++) {
    const key = `bulk-${n}`;
    const givenName = random.pick(GIVEN_NAMES);
    const familyName = random.pick(FAMILY_NAMES);
    let hpii: string;
    do {
      // The 7th digit is never 5: that range is reserved for the performance dataset.
      hpii = hpiiFrom(
        `${random.pick(['0', '1', '2', '3', '4', '6', '7', '8', '9'])}${random.digits(8)}`,
      );
    } while (takenHpiis.has(hpii));
    takenHpiis.add(hpii);
    // Most of a GP group's practitioners are GPs and nurses; the skin clinic needs dermatologists.
    const roleType = random.chance(0.45) ? ROLE_TYPES[0] : random.pick(ROLE_TYPES);
    const title = roleType.profession === 'Medical Practitioner' ? 'Dr ' : '';
    const id = demoIds.practitioner(key);
    people.push({
      id,
      hpii,
      givenName,
      familyName,
      preferredName: random.chance(0.3) ? `${title}${givenName} ${familyName}` : null,
      personalEmail: random.chance(0.5)
        ? `${slug(givenName)}.${slug(familyName)}${n}@mail.example.com`
        : null,
      personalPhone: random.chance(0.5) ? `04${random.digits(8)}` : null,
      createdAt: daysFromBase(-random.int(30, 900)),
      updatedAt: daysFromBase(-random.int(0, 29)),
    });
    registrations.push({
      id: demoIds.practitioner(`${key}/registration`),
      practitionerId: id,
      professionNumber: `${roleType.prefix}000${random.digits(7)}`,
      profession: roleType.profession,
    });
    registry.push({
      id: demoIds.practitioner(`hi/${hpii}`),
      hpii,
      givenName,
      familyName,
      status: 'SUCCESS',
    });

    const first = random.pick(HARBOUR_SERVICES);
    const services = random.chance(0.3)
      ? [first, random.pick(HARBOUR_SERVICES.filter((s) => s !== first))]
      : [first];
    for (const service of services) {
      const startDays = -random.int(60, 2_400);
      // About one role in six has ended (inactive), a few end in the future (still active).
      const ending = random.next();
      const endDate =
        ending < 0.17
          ? isoDateFromBase(-random.int(1, -startDays - 1))
          : ending < 0.25
            ? isoDateFromBase(random.int(30, 400))
            : null;
      roles.push({
        id: demoIds.practitionerRole(key, service),
        practitionerId: id,
        healthcareServiceId: demoIds.healthcareService(service),
        primaryType:
          service === 'surry-hills-skin' && roleType.prefix === 'MED'
            ? 'Dermatologist'
            : roleType.primaryType,
        preferredName: null,
        numberOfDays: random.int(1, 5),
        startDate: isoDateFromBase(startDays),
        endDate,
        createdAt: daysFromBase(startDays),
        updatedAt: daysFromBase(startDays),
      });
    }
  }

  await tx.insert(practitioners).values(people);
  await tx.insert(practitionerRegistrations).values(registrations);
  await tx.insert(practitionerRoles).values(roles);
  await tx.insert(hiServiceRegistry).values(registry);
}

// Well-known places first, so demo searches (e.g. "Surry Hills", "Parramatta") find services.
const FEATURED_LOCALITIES = [
  ['Surry Hills', 'NSW'],
  ['Sydney', 'NSW'],
  ['Parramatta', 'NSW'],
  ['Bondi', 'NSW'],
  ['Newcastle', 'NSW'],
  ['Melbourne', 'VIC'],
  ['Fitzroy', 'VIC'],
  ['Geelong', 'VIC'],
  ['Brisbane City', 'QLD'],
  ['Southport', 'QLD'],
  ['Townsville City', 'QLD'],
  ['Adelaide', 'SA'],
  ['Perth', 'WA'],
  ['Fremantle', 'WA'],
  ['Hobart', 'TAS'],
  ['Launceston', 'TAS'],
  ['Darwin City', 'NT'],
  ['Braddon', 'ACT'],
] as const;

/** Generates the NHSD directory dataset: `count` services over real localities, some organisations with several. */
export async function seedNhsdServices(
  tx: Transaction,
  count: number,
  localities: LocalityRow[],
): Promise<void> {
  const random = seededRandom(300_1121);
  const inStates = localities.filter((l) => PHONE_AREA[l.state]);
  const featured = FEATURED_LOCALITIES.map(([name, state]) =>
    inStates.find((l) => l.locality === name && l.state === state),
  ).filter((l): l is LocalityRow => l !== undefined);
  const rows: (typeof nhsdServices.$inferInsert)[] = [];

  // Index 0 is the NHSD entry of Harbour's Surry Hills GP, already imported (identifier in use).
  rows.push({
    id: demoIds.nhsdService(0),
    nhsdResourceIdentifier: demoIds.nhsdService(0),
    name: 'Harbour General Practice Surry Hills',
    serviceTypes: ['General practice'],
    organisationName: 'Harbour Medical Group',
    addressLines: ['120 Crown Street'],
    city: 'Surry Hills',
    postcode: '2010',
    state: 'NSW',
    appliesTo: 'si',
    phone: '0291234510',
    email: 'gp.surryhills@harbourmedical.example.com.au',
    website: 'https://harbourmedical.example.com.au/surry-hills',
  });

  let organisation = { name: '', place: featured[0]! };
  for (let n = 1; n < count; n++) {
    // About a third of entries are another branch of the previous organisation.
    if (n === 1 || !random.chance(0.35)) {
      const place = n - 1 < featured.length ? featured[n - 1]! : random.pick(inStates);
      organisation = {
        name: random.pick(ORGANISATION_PATTERNS).replace('{place}', place.locality),
        place,
      };
    }
    const place = random.chance(0.5)
      ? organisation.place
      : random.pick(inStates.filter((l) => l.state === organisation.place.state));
    const primary = random.pick(SERVICE_TYPES);
    const serviceTypes = random.chance(0.3)
      ? [primary, random.pick(SERVICE_TYPES.filter((t) => t !== primary))]
      : [primary];
    const roll = random.next();
    const appliesTo = roll < 0.8 ? 'si' : roll < 0.9 ? 'home' : 'virtual';
    const suffix =
      appliesTo === 'home' ? ' (home visits)' : appliesTo === 'virtual' ? ' (telehealth)' : '';
    const domain = `${slug(organisation.name)}.example.com.au`;
    rows.push({
      id: demoIds.nhsdService(n),
      nhsdResourceIdentifier: demoIds.nhsdService(n),
      name: `${organisation.name} ${place.locality === organisation.place.locality ? '' : `${place.locality} `}- ${primary}${suffix}`,
      serviceTypes,
      organisationName: organisation.name,
      addressLines: [
        `${random.chance(0.3) ? `Suite ${random.int(1, 12)}, ` : ''}${random.int(1, 480)} ${random.pick(STREETS)} ${random.pick(STREET_TYPES)}`,
      ],
      city: place.locality,
      postcode: place.postcode,
      state: place.state,
      appliesTo,
      phone: phoneFor(place.state, random.digits(8)),
      email: random.chance(0.7) ? `reception@${domain}` : null,
      website: random.chance(0.6) ? `https://${domain}` : null,
    });
  }
  await tx.insert(nhsdServices).values(rows);
}
