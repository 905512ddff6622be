/**
 * `npm run reset-demo`: puts the demo world back (all domain data replaced) in the configured database.
 * Refuses in production, in one line, exiting 1.
 */
import { loadConfig } from '#lib/config.ts';
import { createDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { resetDemoWorld } from '#db/seed/index.ts';
import { resetDemoRefusal } from './reset-demo-guard.ts';

const config = loadConfig();
const refusal = resetDemoRefusal(config);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
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
