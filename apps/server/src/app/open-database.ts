import { createDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import type { ServerConfig } from '#lib/config.ts';

/** Opens PostgreSQL (DATABASE_URL) or embedded PGlite under DATA_DIR, migrates, and seeds an empty database. */
export async function openDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'> &
    Partial<Pick<ServerConfig, 'databasePoolSize' | 'partnerSandboxUrl'>>,
) {
  const handle = await createDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, maxConnections: config.databasePoolSize }
      : { dataDir: config.dataDir },
  );
  // Seeded under the migration lock: processes starting together seed once (docs/decisions/074-cluster-behind-haproxy.md).
  await migrateDatabase(handle, {
    whileLocked: async () => {
      if (await isDatabaseEmpty(handle.db))
        await seedDemoWorld(handle.db, undefined, { partnerSandboxUrl: config.partnerSandboxUrl });
    },
  });
  return handle;
}
