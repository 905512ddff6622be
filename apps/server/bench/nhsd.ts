/**
 * `npm run bench:nhsd`: the NHSD import wizard's searches (issue budget: suburb/postcode autocomplete over the
 * 15,285 localities p99 ≤ 20 ms; directory search over the 300 seeded services p99 ≤ 30 ms, and over a
 * 30,000-service directory p99 ≤ 60 ms). Prepares a PGlite data directory with the demo world (reused on later
 * runs) — and, when DATABASE_URL is set, that PostgreSQL database too — measures the autocomplete and the
 * directory searches over the seeded 300 services, then adds 29,700 benchmark services spread over the real
 * localities (removed again at the start of the next run), prints the plans (EXPLAIN) of the searches and
 * measures them again. Scaffolding: measure-api.ts. Environment: BENCH_DATA_DIR (default
 * <tmp>/pca-bench-nhsd), BENCH_SECONDS (5), BENCH_CONNECTIONS (1), DATABASE_URL (optional).
 */
import os from 'node:os';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { localityApiPaths, nhsdAppliesTo, nhsdImportApiPaths } from '@pca/contracts';
import { createDatabase, type CreateDatabaseOptions, type Database } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { localities, nhsdServices } from '#db/schema/index.ts';
import { isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import { seededRandom } from '#db/seed/random.ts';
import { measureApi, type BenchScenario } from './measure-api.ts';

const TOTAL = 30_000;
const BENCH_PREFIX = 'NHSD-BENCH-';
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-nhsd');
const databaseUrl = process.env.DATABASE_URL;

const rowsOf = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
    string,
    unknown
  >[];

/** Takes the benchmark services out again (a run measures the seeded 300 first). */
async function removeBenchServices(db: Database) {
  await db.execute(
    sql`delete from ${nhsdServices} where ${nhsdServices.nhsdResourceIdentifier} like ${`${BENCH_PREFIX}%`}`,
  );
  await db.execute(sql`vacuum analyze nhsd_services`);
}

/**
 * Adds services up to 30,000: each a copy of a seeded service's organisation and types at another real
 * locality of the same state, with its business type drawn as the seed draws it (8 in 10 si, 1 home, 1 virtual).
 */
async function addBenchServices(db: Database) {
  const started = performance.now();
  const seeded = await db.select().from(nhsdServices);
  const places = await db
    .select({
      locality: localities.locality,
      postcode: localities.postcode,
      state: localities.state,
    })
    .from(localities);
  const byState = new Map<string, typeof places>();
  for (const p of places) byState.set(p.state, [...(byState.get(p.state) ?? []), p]);
  const random = seededRandom(30_000);
  const rows: (typeof nhsdServices.$inferInsert)[] = [];
  for (let n = seeded.length; n < TOTAL; n++) {
    const model = random.pick(seeded);
    const place = random.pick(byState.get(model.state) ?? places);
    const roll = random.next();
    const appliesTo = nhsdAppliesTo[roll < 0.8 ? 0 : roll < 0.9 ? 1 : 2];
    rows.push({
      nhsdResourceIdentifier: `${BENCH_PREFIX}${n}`,
      name: `${model.organisationName} ${place.locality} - ${model.serviceTypes[0]}`,
      serviceTypes: model.serviceTypes,
      organisationName: model.organisationName,
      addressLines: [
        `${random.int(1, 480)} ${random.pick(['High', 'Main', 'Church', 'Station'])} Street`,
      ],
      city: place.locality,
      postcode: place.postcode,
      state: place.state,
      appliesTo,
      phone: model.phone,
      email: model.email,
      website: model.website,
    });
  }
  // A statement takes at most 65,535 parameters: 1,000 rows of 12 columns a statement.
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1_000)
      await tx.insert(nhsdServices).values(rows.slice(i, i + 1_000));
  });
  await db.execute(sql`vacuum analyze nhsd_services`);
  console.info(
    `Added ${rows.length} benchmark services in ${Math.round(performance.now() - started)} ms`,
  );
}

/** The directory searches the wizard makes, and the places they name (a busy postcode and suburb). */
async function searches(db: Database): Promise<Record<string, Record<string, string>>> {
  const [busy] = rowsOf(
    await db.execute(sql`select postcode, city, state from nhsd_services where applies_to = 'si'
      group by postcode, city, state order by count(*) desc, postcode limit 1`),
  ) as Array<{ postcode: string; city: string; state: string }>;
  return {
    'find si by postcode': { appliesTo: 'si', postcode: busy!.postcode },
    'find si by suburb and state': { appliesTo: 'si', suburb: busy!.city, state: busy!.state },
    'find home by name': { appliesTo: 'home', name: 'medical' },
    'find virtual by name (none)': { appliesTo: 'virtual', name: 'no such practice' },
  };
}

/** The plans of the directory statements behind each search. */
async function explain(db: Database, found: Record<string, Record<string, string>>) {
  for (const [name, q] of Object.entries(found)) {
    const where = [sql`applies_to = ${q.appliesTo}`];
    if (q.postcode) where.push(sql`postcode = ${q.postcode}`);
    if (q.suburb) where.push(sql`lower(city) = ${q.suburb.toLowerCase()}`);
    if (q.state) where.push(sql`state = ${q.state}`);
    if (q.name) where.push(sql`search_text like ${`%${q.name.toLowerCase()}%`}`);
    const plan = rowsOf(
      await db.execute(
        sql`explain (analyze, costs off) select * from nhsd_services where ${sql.join(where, sql` and `)}
          order by name, nhsd_resource_identifier limit 200`,
      ),
    );
    console.info(`\n${name}:\n${plan.map((r) => `  ${Object.values(r)[0]}`).join('\n')}`);
  }
}

const findUrl = (address: string, q: Record<string, string>) =>
  `${address}${nhsdImportApiPaths.find}?${new URLSearchParams(q).toString()}`;

async function bench(label: string, options: CreateDatabaseOptions) {
  const handle = await createDatabase(options);
  await migrateDatabase(handle);
  if (await isDatabaseEmpty(handle.db)) await seedDemoWorld(handle.db);
  await removeBenchServices(handle.db);
  try {
    const [{ n: localityCount } = { n: 0 }] = await handle.db
      .select({ n: count() })
      .from(localities);
    const small = await searches(handle.db);
    await measureApi(handle.db, {
      title: `\nNHSD import on ${label}: autocomplete over ${localityCount} localities, the directory of 300 services`,
      scenarios: (address): BenchScenario[] => [
        { name: 'autocomplete "surr"', url: `${address}${localityApiPaths.search}?q=surr` },
        { name: 'autocomplete "2010"', url: `${address}${localityApiPaths.search}?q=2010` },
        { name: 'autocomplete "mount"', url: `${address}${localityApiPaths.search}?q=mount` },
        ...Object.entries(small).map(([name, q]) => ({ name, url: findUrl(address, q) })),
      ],
    });

    await addBenchServices(handle.db);
    const large = await searches(handle.db);
    await explain(handle.db, large);
    await measureApi(handle.db, {
      title: `\nNHSD import on ${label}: the directory of ${TOTAL} services`,
      scenarios: (address): BenchScenario[] =>
        Object.entries(large).map(([name, q]) => ({ name, url: findUrl(address, q) })),
    });
  } finally {
    await handle.close();
  }
}

await bench(`PGlite at ${dataDir}`, { dataDir });
if (databaseUrl) await bench('PostgreSQL', { databaseUrl });
