import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { createDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { resetDemoWorld, seedDemoWorld } from '#db/seed/index.ts';
import {
  SNAPSHOT_FILE,
  SNAPSHOT_KEY_FILE,
  TEST_DATA_DIR,
  databaseUrlFor,
  templateDatabaseName,
  templatePrefix,
  testDataKey,
} from './test-data.ts';

/** Builds the seeded PGlite snapshot unless one for the same schema, seed and data already exists. */
async function preparePgliteSnapshot(): Promise<void> {
  const key = testDataKey();
  if (
    existsSync(SNAPSHOT_FILE) &&
    existsSync(SNAPSHOT_KEY_FILE) &&
    readFileSync(SNAPSHOT_KEY_FILE, 'utf8') === key
  )
    return;
  const started = performance.now();
  const handle = await createDatabase();
  try {
    await migrateDatabase(handle);
    await seedDemoWorld(handle.db);
    const blob = await handle.pglite!.dumpDataDir('gzip');
    mkdirSync(TEST_DATA_DIR, { recursive: true });
    // Written then renamed, so a concurrent test run never reads half a snapshot.
    const tmp = `${SNAPSHOT_FILE}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    renameSync(tmp, SNAPSHOT_FILE);
    writeFileSync(SNAPSHOT_KEY_FILE, key);
  } finally {
    await handle.close();
  }
  console.info(`Test database snapshot built in ${Math.round(performance.now() - started)} ms.`);
}

/** Builds the seeded template database on PostgreSQL unless it exists for the same key. */
async function preparePostgresTemplate(adminUrl: string): Promise<void> {
  const template = templateDatabaseName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Two test runs on one machine (developers side by side, or a loaded CI check) must not build the
    // template at the same time: the second would drop the first's half-built copy. The lock is held
    // by this connection and released when it ends.
    await admin.query(`SELECT pg_advisory_lock(hashtext('pca_test_template'))`);
    const { rows } = await admin.query<{ datname: string; built: string | null }>(
      `SELECT datname, shobj_description(oid, 'pg_database') AS built
         FROM pg_database WHERE starts_with(datname, $1)`,
      [templatePrefix()],
    );
    if (rows.some((r) => r.datname === template)) return;
    const started = performance.now();
    // Templates of other schema versions are no longer useful once no run uses them. A run of another
    // checkout may be copying from one right now (a clean clone's CI beside a developer's own tests), so
    // only those built over a day ago, or of unknown age, are dropped.
    const stale = (built: string | null) =>
      !built || !(Date.now() - Date.parse(built.replace(/^built /, '')) < 24 * 3_600_000);
    for (const { datname, built } of rows)
      if (stale(built)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    const building = `${template}_building`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${building}"`);
    const handle = await createDatabase({
      databaseUrl: databaseUrlFor(adminUrl, building),
      maxConnections: 2,
    });
    try {
      await migrateDatabase(handle);
      await resetDemoWorld(handle.db);
    } finally {
      await handle.close();
    }
    // Renamed only once complete, so a crashed build is never mistaken for a template.
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    await admin.query(`COMMENT ON DATABASE "${template}" IS 'built ${new Date().toISOString()}'`);
    console.info(
      `PostgreSQL test template ${template} built in ${Math.round(performance.now() - started)} ms.`,
    );
  } finally {
    await admin.end();
  }
}

/** Vitest global setup of the server project: prepares the seeded database every test file starts from. */
export default async function setup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) await preparePostgresTemplate(adminUrl);
  else await preparePgliteSnapshot();
}
