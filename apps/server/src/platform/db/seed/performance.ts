/** `npm run seed:performance -w @pca/server`: adds the 10,000-role benchmark organisation to the configured database. */
import { sql } from 'drizzle-orm';
import { loadConfig } from '#lib/config.ts';
import { createDatabase } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { isDatabaseEmpty, seedDemoWorld } from './index.ts';
import { seedPerformanceDataset } from './performance-dataset.ts';

const config = loadConfig();
const started = performance.now();
const handle = await createDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
try {
  await migrateDatabase(handle);
  // The benchmark organisation is managed by Alice, so the demo world must be there first.
  if (await isDatabaseEmpty(handle.db)) await seedDemoWorld(handle.db);
  const result = await seedPerformanceDataset(handle.db);
  // Fresh planner statistics: PGlite has no autovacuum, and stale counts make it hash every role.
  await handle.db.execute(sql`analyze`);
  console.info(
    `Performance dataset: ${result.roles} practitioner roles over ${result.practitioners} practitioners in organisation ` +
      `${result.organisationId} (${Math.round(performance.now() - started)} ms, ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}).`,
  );
} finally {
  await handle.close();
}
