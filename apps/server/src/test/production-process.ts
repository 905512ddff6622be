import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { productionSecrets } from '../../../../tools/run/production-secrets.ts';
import { databaseUrlFor, templateDatabaseName } from './test-data.ts';

/**
 * What an API process the test starts needs to run with NODE_ENV=production: PUBLIC_URL, DATABASE_URL and
 * the secrets production refuses to start without (apps/server/src/platform/lib/config.ts). Production never
 * runs on embedded PGlite, so this needs the run's PostgreSQL (TEST_DATABASE_URL, as in CI): undefined
 * without it. The database is new, empty (the process migrates and seeds it) or a copy of the seeded
 * template; `drop` removes it.
 */
export async function productionProcessEnv(
  label: string,
  { publicUrl, empty = false }: { publicUrl: string; empty?: boolean },
): Promise<{ env: Record<string, string>; drop: () => Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `pca_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      empty
        ? `CREATE DATABASE "${name}"`
        : `CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName()}"`,
    );
  } finally {
    await admin.end();
  }
  return {
    env: {
      NODE_ENV: 'production',
      PUBLIC_URL: publicUrl,
      DATABASE_URL: databaseUrlFor(adminUrl, name),
      ...productionSecrets(),
    },
    async drop() {
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
