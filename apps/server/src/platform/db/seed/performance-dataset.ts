import { inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../client.ts';
import {
  healthcareServices,
  locations,
  organisations,
  practitionerRegistrations,
  practitionerRoles,
  practitioners,
  roleMemberships,
} from '../schema/index.ts';
import { demoIds } from './ids.ts';
import { FAMILY_NAMES, GIVEN_NAMES } from './names.ts';
import { hpiiFrom, seededRandom } from './random.ts';
import { ROLE_TYPES } from './seed-reference.ts';
import { daysFromBase, isoDateFromBase } from './world.ts';

/** Size of the benchmark dataset (README benchmark: 10,000 roles in one organisation). */
export const PERFORMANCE_DATASET = {
  practitioners: 2_000,
  rolesPerPractitioner: 5,
  hiOrganisations: 5,
  servicesPerHiOrganisation: 4,
};

/** Key (for demoIds.organisation) of the benchmark's participating organisation. */
export const PERFORMANCE_ORGANISATION_KEY = 'metro-health';

const SERVICE_NAMES = [
  'General Practice',
  'Allied Health',
  'Nursing Clinic',
  'Mental Health',
] as const;
const SUBURBS = [
  ['Chatswood', '2067'],
  ['Hurstville', '2220'],
  ['Penrith', '2750'],
  ['Liverpool', '2170'],
  ['Hornsby', '2077'],
] as const;

async function insertInBatches<T>(
  rows: T[],
  size: number,
  insert: (batch: T[]) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function removeDataset(tx: Transaction, practitionerIds: string[]) {
  const root = demoIds.organisation(PERFORMANCE_ORGANISATION_KEY);
  const children = Array.from({ length: PERFORMANCE_DATASET.hiOrganisations }, (_, h) =>
    demoIds.organisation(`${PERFORMANCE_ORGANISATION_KEY}/hi-${h + 1}`),
  );
  await tx.delete(practitioners).where(inArray(practitioners.id, practitionerIds));
  // Services, locations, roles and memberships cascade from their organisations.
  await tx.delete(organisations).where(inArray(organisations.id, children));
  await tx.delete(organisations).where(inArray(organisations.id, [root]));
}

/**
 * Adds (or replaces) the benchmark organisation: 2,000 practitioners holding 10,000 roles over its services.
 * Alice manages it, so the benchmark can sign in as a real demo identity. Deterministic like the demo seed.
 */
export async function seedPerformanceDataset(
  db: Database,
): Promise<{ organisationId: string; practitioners: number; roles: number }> {
  const {
    practitioners: count,
    rolesPerPractitioner,
    hiOrganisations,
    servicesPerHiOrganisation,
  } = PERFORMANCE_DATASET;
  const random = seededRandom(10_000);
  const rootId = demoIds.organisation(PERFORMANCE_ORGANISATION_KEY);
  const practitionerIds = Array.from({ length: count }, (_, n) =>
    demoIds.practitioner(`perf-${n + 1}`),
  );

  return db.transaction(async (tx) => {
    await removeDataset(tx, practitionerIds);
    await tx.insert(organisations).values({
      id: rootId,
      type: 'ParticipatingOrganisation',
      name: 'Metro Health Network Pty Ltd',
      businessName: 'Metro Health Network',
      abn: '51824753556',
      isPublisher: true,
      publisherApprovalStatus: 'Approved',
      status: 'Active',
      createdAt: daysFromBase(-1_000),
    });
    const serviceIds: string[] = [];
    for (let h = 0; h < hiOrganisations; h++) {
      const [suburb, postcode] = SUBURBS[h % SUBURBS.length]!;
      const hiKey = `${PERFORMANCE_ORGANISATION_KEY}/hi-${h + 1}`;
      await tx.insert(organisations).values({
        id: demoIds.organisation(hiKey),
        parentId: rootId,
        type: 'HiOrganisation',
        name: `Metro Health ${suburb}`,
        hpio: hpiiFrom(`5${String(90_000_000 + h).padStart(8, '0')}`, '800362'),
        createdAt: daysFromBase(-1_000),
      });
      await tx.insert(locations).values({
        id: demoIds.location(hiKey),
        organisationId: demoIds.organisation(hiKey),
        name: `Metro Health ${suburb}`,
        addressLines: [`${10 + h} Railway Parade`],
        locality: suburb,
        postcode,
        state: 'NSW',
        phone: `0290000${String(100 + h)}`,
        createdAt: daysFromBase(-1_000),
      });
      for (let s = 0; s < servicesPerHiOrganisation; s++) {
        const id = demoIds.healthcareService(`${hiKey}/service-${s + 1}`);
        serviceIds.push(id);
        await tx.insert(healthcareServices).values({
          id,
          organisationId: demoIds.organisation(hiKey),
          locationId: demoIds.location(hiKey),
          name: `Metro Health ${suburb} ${SERVICE_NAMES[s % SERVICE_NAMES.length]}`,
          serviceType: s === 0 ? 'General practice' : 'Physiotherapy',
          startDate: '2020-01-01',
          createdAt: daysFromBase(-1_000),
        });
      }
    }

    const people = practitionerIds.map((id, n) => ({
      id,
      hpii: hpiiFrom(`5${String(n + 1).padStart(8, '0')}`),
      givenName: random.pick(GIVEN_NAMES),
      familyName: random.pick(FAMILY_NAMES),
      createdAt: daysFromBase(-900),
      updatedAt: daysFromBase(-900),
    }));
    const registrations = people.map((p, n) => {
      const type = ROLE_TYPES[n % ROLE_TYPES.length]!;
      return {
        id: demoIds.practitioner(`perf-${n + 1}/registration`),
        practitionerId: p.id,
        professionNumber: `${type.prefix}1${String(n).padStart(9, '0')}`,
        profession: type.profession,
      };
    });
    const roles = people.flatMap((p, n) =>
      Array.from({ length: rolesPerPractitioner }, (_, r) => {
        const service = serviceIds[(n + r * 7) % serviceIds.length]!;
        const start = -random.int(30, 2_000);
        return {
          id: demoIds.practitionerRole(`perf-${n + 1}`, `${service}#${r}`),
          practitionerId: p.id,
          healthcareServiceId: service,
          primaryType: ROLE_TYPES[n % ROLE_TYPES.length]!.primaryType,
          numberOfDays: random.int(1, 5),
          startDate: isoDateFromBase(start),
          // One role in five has ended, so the active filter has work to do.
          endDate: random.chance(0.2) ? isoDateFromBase(-random.int(1, -start - 1)) : null,
          createdAt: daysFromBase(start),
          updatedAt: daysFromBase(start),
        };
      }),
    );
    await insertInBatches(people, 1_000, (batch) => tx.insert(practitioners).values(batch));
    await insertInBatches(registrations, 1_000, (batch) =>
      tx.insert(practitionerRegistrations).values(batch),
    );
    await insertInBatches(roles, 1_000, (batch) => tx.insert(practitionerRoles).values(batch));
    await tx.insert(roleMemberships).values({
      id: demoIds.user(`alice/role/${PERFORMANCE_ORGANISATION_KEY}`),
      userId: demoIds.user('alice'),
      roleType: 'OrganisationManager',
      organisationId: rootId,
      createdAt: daysFromBase(-1_000),
    });
    return { organisationId: rootId, practitioners: people.length, roles: roles.length };
  });
}
