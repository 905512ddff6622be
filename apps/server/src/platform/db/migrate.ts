import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';
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

/** When the newest committed migration was made (drizzle-kit's folderMillis), read once. */
let newestMigrationMillis: number | undefined;

/**
 * Whether this build's migrations are all applied to the database: Drizzle's migrator applies every
 * migration newer than the newest row of drizzle.__drizzle_migrations, so that comparison is what
 * "pending" means. Throws when the database cannot be asked (the caller reports it unreachable).
 */
export async function migrationsPending(db: Database): Promise<boolean> {
  newestMigrationMillis ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis),
  );
  try {
    // Both drivers answer with { rows } (node-postgres' QueryResult, PGlite's Results).
    const result = (await db.execute(
      sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: Array<{ last: string | number | null }> };
    const last = result.rows[0]?.last;
    return last === null || last === undefined || Number(last) < newestMigrationMillis;
  } catch (error) {
    // No migrations table (or schema) yet: a database nothing has been applied to.
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '42P01' || code === '3F000') return true;
    throw error;
  }
}
