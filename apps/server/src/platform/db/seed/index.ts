import { is, sql } from 'drizzle-orm';
import { delegateConsentList } from '@pca/contracts';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../client.ts';
import * as schema from '../schema/index.ts';
import { seedBulkPractitioners, seedNhsdServices } from './seed-bulk.ts';
import { seedNotifications, seedTasks } from './seed-inbox.ts';
import { seedPractitionerPublications } from './seed-practitioner-publications.ts';
import { seedLocalities, seedValueSets } from './seed-reference.ts';
import { seedTerminology } from './seed-terminology.ts';
import { seedingDayOf, seedWorld } from './seed-world.ts';
import { loadLocalities, loadWorld, type World } from './world.ts';

export { demoId, demoIds } from './ids.ts';
export { BASE_DATE } from './world.ts';

/** Every table of the schema: what a reset empties. */
export const domainTableNames: string[] = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

/** True when the demo world (or any real data) has not been loaded: no organisations and no users. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
  const [organisation] = await db
    .select({ id: schema.organisations.id })
    .from(schema.organisations)
    .limit(1);
  return !user && !organisation;
}

/** What the seeded world points at beyond the portal. */
export type SeedOptions = {
  /** The development partner sandbox's address (config `PARTNER_SANDBOX_URL`): the online-form task's form. */
  partnerSandboxUrl?: string;
  /**
   * The moment whose Sydney day the reminder dates count from (decision 027); now unless given. A test that
   * reseeds a database and compares it row for row passes the day that database was first seeded, so a run
   * that crosses midnight in Sydney still compares like with like.
   */
  seededAt?: Date;
};

/**
 * The migration writes consent text 1; a reset empties every table, so it is written again, with the
 * migration's own date so a reset database equals a fresh one row for row.
 */
async function seedConsentText(tx: Transaction) {
  await tx
    .insert(schema.delegationConsentTexts)
    .values({
      version: 1,
      items: [...delegateConsentList],
      createdAt: new Date('2026-11-24T00:00:00Z'),
    })
    .onConflictDoNothing();
}

/**
 * What a production database starts with (docs/decisions/097-production-starts-empty.md): the reference
 * data the portal cannot work without — the consent text, Australia's localities, the value sets and the
 * terminology — and none of the demo world's people, organisations, partners or tasks. Once: a database
 * that holds value sets is left as it is. Answers whether it loaded them.
 */
export async function seedReferenceData(db: Database): Promise<boolean> {
  const [loaded] = await db.select({ id: schema.valueSets.id }).from(schema.valueSets).limit(1);
  if (loaded) return false;
  await db.transaction(async (tx) => {
    await seedConsentText(tx);
    await seedLocalities(tx, loadLocalities());
    await seedValueSets(tx);
    await seedTerminology(tx);
  });
  return true;
}

async function seedInto(tx: Transaction, world: World, options: SeedOptions): Promise<void> {
  await seedConsentText(tx);
  await seedWorld(tx, world, seedingDayOf(options.seededAt ?? new Date()));
  await seedPractitionerPublications(tx);
  const takenHpiis = new Set(
    world.identities.flatMap((i) => (i.practitioner ? [i.practitioner.hpii] : [])),
  );
  for (const h of world.hiServiceRegistry) takenHpiis.add(h.hpii);
  await seedBulkPractitioners(tx, world.bulk.practitionersPerHarbourGroup, takenHpiis);
  const localities = loadLocalities();
  await seedLocalities(tx, localities);
  await seedNhsdServices(tx, world.bulk.nhsdServices, localities);
  await seedValueSets(tx);
  await seedTerminology(tx);
  await seedTasks(tx, world, options.partnerSandboxUrl);
  await seedNotifications(tx, world);
}

/** Loads the demo world into an empty, migrated database in one transaction; ids and dates are identical every run. */
export async function seedDemoWorld(
  db: Database,
  world: World = loadWorld(),
  options: SeedOptions = {},
): Promise<void> {
  await db.transaction((tx) => seedInto(tx, world, options));
}

/** Replaces all data (domain, sessions, audit, outbox) with a fresh demo world, atomically. */
export async function resetDemoWorld(
  db: Database,
  world: World = loadWorld(),
  options: SeedOptions = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`TRUNCATE TABLE ${domainTableNames.map((n) => `"${n}"`).join(', ')} CASCADE`),
    );
    await seedInto(tx, world, options);
  });
}
