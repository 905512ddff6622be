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
      await dropScratchDatabase(adminUrl, name);
    },
  };
}

/**
 * Drops a test file's database. `WITH (FORCE)` ends the sessions still in it but then waits only 5 s for
 * them to exit before failing, which a busy CI machine can exceed. One file's clean-up failed in CI on
 * 25 November 2026 with every test passed (the log kept the stack, not the message); the database is
 * scratch, so the drop is tried again a few times and each failure is written to stderr.
 */
async function dropScratchDatabase(adminUrl: string, name: string, attempts = 4): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const dropper = new pg.Client({ connectionString: adminUrl });
    try {
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`dropping ${name} failed (attempt ${attempt}): ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    } finally {
      await dropper.end().catch(() => undefined);
    }
  }
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
