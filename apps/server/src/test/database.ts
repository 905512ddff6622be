import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { createDatabase, type CreateDatabaseOptions, type DatabaseHandle } from '#db/client.ts';
import { SNAPSHOT_FILE, databaseUrlFor, templateDatabaseName } from './test-data.ts';

let snapshot: Blob | undefined;

/** A fresh PostgreSQL database copied from the seeded template; closing the handle drops it. */
async function openPostgresTestDatabase(
  adminUrl: string,
  onQuery?: (sql: string) => void,
): Promise<DatabaseHandle> {
  const name = `pca_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName()}"`);
  } finally {
    await admin.end();
  }
  const handle = await createDatabase({
    databaseUrl: databaseUrlFor(adminUrl, name),
    maxConnections: 5,
    ...(onQuery ? { onQuery } : {}),
  });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * An isolated, migrated and seeded database for one test file: PGlite loaded from the global-setup
 * snapshot, or (with TEST_DATABASE_URL) a PostgreSQL database created from the seeded template.
 */
export async function openTestDatabase(
  options: Pick<CreateDatabaseOptions, 'onQuery'> = {},
): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return openPostgresTestDatabase(adminUrl, options.onQuery);
  // Inflated once per worker with zlib: PGlite then loads the plain tarball faster than it unpacks gzip.
  snapshot ??= new Blob([gunzipSync(readFileSync(SNAPSHOT_FILE))]);
  return createDatabase({ loadDataDir: snapshot, ...options });
}
