import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';
import { WRITES_CHANNEL } from './committed-writes.ts';

/** Where drizzle-kit writes the committed SQL migrations. */
export const MIGRATIONS_FOLDER = path.join(import.meta.dirname, 'migrations');

// Any constant shared by every API process: serialises concurrent start-ups migrating one PostgreSQL.
const MIGRATION_LOCK_KEY = 7_351_104_220;

/**
 * Applies the committed migrations that have not run yet (idempotent). `whileLocked` runs after them
 * still under the lock (seeding an empty database): API processes starting together on one empty
 * PostgreSQL would otherwise each find it empty and seed it, and all but one fail on the seed's keys
 * (docs/decisions/074-cluster-behind-haproxy.md).
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: { whileLocked?: () => Promise<void> } = {},
): Promise<void> {
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('PGlite handle without its engine');
    await migratePglite(drizzlePglite({ client: handle.pglite }), {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
    await options.whileLocked?.();
    return;
  }
  if (!handle.pool) throw new Error('PostgreSQL handle without its pool');
  // The advisory lock is per connection, so the migration runs on the connection that holds it.
  const client = await handle.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
      // A migration may change rows that running processes hold in their caches: they drop them
      // (docs/decisions/021-request-context-cache.md).
      await client.query('SELECT pg_notify($1, $2)', [WRITES_CHANNEL, 'migration']);
      await options.whileLocked?.();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
