import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from './database.ts';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { trackCommittedWrites, type CommittedWrites } from './committed-writes.ts';
import * as schema from './schema/index.ts';

// The types live apart (database.ts) so that committed-writes.ts can name them without importing this file.
export type { Database, Transaction } from './database.ts';

/** An open database and how to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded engine, when kind is 'pglite' (e.g. to dump a snapshot). */
  pglite?: PGlite;
  /** The connection pool, when kind is 'postgres' (migrations take a dedicated connection from it). */
  pool?: pg.Pool;
  /** Every committed write, this process's and (PostgreSQL) the other processes' (docs/decisions/021-request-context-cache.md). */
  writes: CommittedWrites;
}

/** Options of {@link createDatabase}: a PostgreSQL URL, or a PGlite data directory / snapshot. */
export interface CreateDatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number;
  /** Called with the text of every statement Drizzle sends (tests count statements per request with it). */
  onQuery?: (sql: string) => void;
}

/** Opens PostgreSQL when databaseUrl is given, else PGlite under dataDir (in memory when neither is given). */
export async function createDatabase(opts: CreateDatabaseOptions = {}): Promise<DatabaseHandle> {
  const onQuery = opts.onQuery;
  const logger = onQuery ? { logQuery: (query: string) => onQuery(query) } : undefined;
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.maxConnections ?? 10,
      // An unreachable host answers within seconds with a 503 instead of holding requests open.
      connectionTimeoutMillis: 5_000,
      // No JIT compilation: the portal's queries are short, and on a table PostgreSQL has not analysed yet
      // the planner's row guesses made it spend 3–6 s compiling the operator's publications overview, a
      // query that runs in 5 ms (docs/decisions/066-publications-overview.md).
      options: '-c jit=off',
    });
    // An idle client losing its connection (PostgreSQL restarted, network cut) must not crash the
    // process: the pool drops that client and opens a new one for the next query, so the API recovers
    // by itself when the database returns (docs/decisions/010-outages-and-shutdown.md).
    pool.on('error', (error: Error & { code?: string }) =>
      console.error(`PostgreSQL connection lost (${error.code ?? error.message}); will reconnect.`),
    );
    const db = drizzlePostgres({ client: pool, schema, ...(logger ? { logger } : {}) });
    const writes = trackCommittedWrites(db, opts.databaseUrl);
    return {
      db,
      kind: 'postgres',
      pool,
      writes,
      async close() {
        await writes.close();
        await pool.end();
      },
    };
  }
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    // The operator's user search uses trigrams (docs/decisions/063-users.md); PostgreSQL ships pg_trgm.
    extensions: { pg_trgm },
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite({ client: pglite, schema, ...(logger ? { logger } : {}) });
  // One process owns a PGlite database: its own writes are all there are to hear.
  const writes = trackCommittedWrites(db, undefined);
  return {
    db,
    kind: 'pglite',
    pglite,
    writes,
    async close() {
      await writes.close();
      await pglite.close();
    },
  };
}
