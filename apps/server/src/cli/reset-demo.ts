/** `npm run reset-demo`: puts the demo world back (all domain data replaced) in the configured database. */
import { loadConfig } from '#lib/config.ts';
import { createDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { resetDemoWorld } from '#db/seed/index.ts';

const config = loadConfig();
const started = Date.now();
const handle = await createDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await migrateDatabase(handle);
  await resetDemoWorld(handle.db, undefined, { partnerSandboxUrl: config.partnerSandboxUrl });
  console.info(
    `Demo world reset in ${Date.now() - started} ms (${config.databaseUrl ? 'PostgreSQL' : config.dataDir}).`,
  );
} finally {
  await handle.close();
}
