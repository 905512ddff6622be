import { lt, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '#db/client.ts';
import { rateLimits } from '#db/schema/index.ts';

/** The state of one key after a hit: hits in the current window and milliseconds until it ends. */
export interface RateLimitHit {
  current: number;
  ttl: number;
}

/** Options of {@link databaseRateLimitStore}. */
export interface DatabaseRateLimitStoreOptions {
  /** How often (at most) one process deletes rows whose window has ended (default one minute). */
  purgeEveryMs?: number;
}

/**
 * Counts hits in the `rate_limits` table, so every API process on one database shares the counters
 * (docs/decisions/009-rate-limits.md). One statement per hit: insert the key, or add one to it, or
 * start a new window when the old one has ended; the database clock decides, so processes whose
 * clocks differ still agree. Works the same on PGlite and PostgreSQL.
 */
export function databaseRateLimitHits(db: Database, opts: DatabaseRateLimitStoreOptions = {}) {
  const purgeEveryMs = opts.purgeEveryMs ?? 60_000;
  let lastPurge = 0;

  /** Deletes the rows whose window has ended (a key seen again simply starts a new row). */
  async function purge() {
    await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`));
  }

  async function hit(key: string, windowMs: number): Promise<RateLimitHit> {
    // A sweep per process at most every purgeEveryMs keeps the table to the keys seen recently
    // without a timer; a missed sweep only leaves rows that the next one removes.
    if (Date.now() - lastPurge >= purgeEveryMs) {
      lastPurge = Date.now();
      await purge();
    }
    const ended = sql`${rateLimits.resetAt} <= now()`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, hits: 1, resetAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${ended} then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
      })
      .returning({
        hits: rateLimits.hits,
        ttlMs: sql<number>`(extract(epoch from (${rateLimits.resetAt} - now())) * 1000)::float8`,
      });
    if (!row) throw new Error('rate-limit upsert returned no row');
    return { current: row.hits, ttl: Math.max(0, Math.ceil(Number(row.ttlMs))) };
  }

  return { hit, purge };
}

/**
 * The store class `@fastify/rate-limit` constructs. Keys arrive already named by category (see
 * rate-limits.ts), so a route's child store is the same store. The plugin's `continueExceeding` and
 * `exponentialBackoff` options are not supported: a window ends when it ends.
 */
export function databaseRateLimitStore(
  db: Database,
  opts: DatabaseRateLimitStoreOptions = {},
): FastifyRateLimitStoreCtor {
  const hits = databaseRateLimitHits(db, opts);
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitHit) => void,
      timeWindow: number,
    ) {
      hits.hit(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return DatabaseRateLimitStore;
}
