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
  /**
   * Keys starting with one of these are counted in the process and written to the table at most once
   * per `batchEveryMs` for each key, adding every hit since the last write (default: the reads).
   */
  batchedPrefixes?: readonly string[];
  /** How long a batched key's hits may stay in the process before they are written (default 1 s). */
  batchEveryMs?: number;
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

  async function hit(key: string, windowMs: number, amount = 1): Promise<RateLimitHit> {
    // A sweep per process at most every purgeEveryMs keeps the table to the keys seen recently
    // without a timer; a missed sweep only leaves rows that the next one removes.
    if (Date.now() - lastPurge >= purgeEveryMs) {
      lastPurge = Date.now();
      await purge();
    }
    const ended = sql`${rateLimits.resetAt} <= now()`;
    const [row] = await db
      .insert(rateLimits)
      .values({
        key,
        hits: amount,
        resetAt: sql`now() + ${windowMs} * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${ended} then excluded.hits else ${rateLimits.hits} + excluded.hits end`,
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

/** What one process knows of a batched key: the count last read from the table and hits since. */
interface BatchedKey {
  known: number;
  pending: number;
  resetAt: number;
  writtenAt: number;
}

/**
 * Counts a key in the process between writes to the table, so a page that makes six reads costs one
 * statement for its limit, not six (docs/decisions/009-rate-limits.md). Each process lags the shared
 * count by at most `batchEveryMs` of its own hits, which a limit of hundreds a minute does not feel.
 */
export function batchedRateLimitHits(
  hits: Pick<ReturnType<typeof databaseRateLimitHits>, 'hit'>,
  batchEveryMs: number,
  now: () => number = Date.now,
) {
  const keys = new Map<string, BatchedKey>();
  // A write under way for a key: hits that arrive meanwhile wait for it, then count in the process
  // (a page's parallel reads would otherwise all reach the table before the first one returns).
  const writing = new Map<string, Promise<RateLimitHit>>();

  function forgetEnded(at: number) {
    for (const [key, entry] of keys) if (entry.resetAt <= at) keys.delete(key);
  }

  async function hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const underWay = writing.get(key);
    if (underWay) await underWay.catch(() => undefined);
    const at = now();
    const entry = keys.get(key);
    if (entry && entry.resetAt > at && at - entry.writtenAt < batchEveryMs) {
      entry.pending += 1;
      return { current: entry.known + entry.pending, ttl: entry.resetAt - at };
    }
    // Hits counted in a window that has since ended belong to no window: drop them.
    const carried = entry && entry.resetAt > at ? entry.pending : 0;
    const write = hits.hit(key, windowMs, carried + 1);
    writing.set(key, write);
    try {
      const result = await write;
      const done = now();
      if (keys.size > 10_000) forgetEnded(done);
      keys.set(key, {
        known: result.current,
        pending: 0,
        resetAt: done + result.ttl,
        writtenAt: done,
      });
      return result;
    } finally {
      if (writing.get(key) === write) writing.delete(key);
    }
  }

  return { hit };
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
  const batched = batchedRateLimitHits(hits, opts.batchEveryMs ?? 1_000);
  const batchedPrefixes = opts.batchedPrefixes ?? ['reads:', 'partner-reads:'];
  const counterFor = (key: string) =>
    batchedPrefixes.some((prefix) => key.startsWith(prefix)) ? batched : hits;
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitHit) => void,
      timeWindow: number,
    ) {
      counterFor(key)
        .hit(key, timeWindow)
        .then(
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
