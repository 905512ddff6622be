import { createDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { isDatabaseEmpty, seedDemoWorld, seedReferenceData } from '#db/seed/index.ts';
import type { ServerConfig } from '#lib/config.ts';

/**
 * Opens PostgreSQL (DATABASE_URL) or embedded PGlite under DATA_DIR, migrates, and fills an empty database:
 * with the demo world in development and tests, with reference data only in production, where demo users
 * (an operator among them, matched by RA number at sign-in) must never exist
 * (docs/decisions/097-production-starts-empty.md).
 */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<ServerConfig, 'databasePoolSize' | 'partnerSandboxUrl' | 'env'>>,
) {
  const handle = await createDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, maxConnections: config.databasePoolSize }
      : { dataDir: config.dataDir },
  );
  // Seeded under the migration lock: processes starting together seed once (docs/decisions/074-cluster-behind-haproxy.md).
  await migrateDatabase(handle, {
    whileLocked: async () => {
      if (!(await isDatabaseEmpty(handle.db))) return;
      if (config.env === 'production') await seedReferenceData(handle.db);
      else
        await seedDemoWorld(handle.db, undefined, { partnerSandboxUrl: config.partnerSandboxUrl });
    },
  });
  return handle;
}
