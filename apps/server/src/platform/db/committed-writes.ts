import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from './database.ts';

/**
 * What an in-process cache of database reads needs to know about writes: a generation number that
 * changes after every committed write, whoever made it, and whether writes by other processes are being
 * heard at all (docs/decisions/021-request-context-cache.md).
 */
export interface CommittedWrites {
  /** Changes after every committed write made through this handle or announced by another process. */
  generation(): number;
  /**
   * Whether every committed write reaches {@link generation}: always on PGlite (one process); on
   * PostgreSQL only while this process listens for the other processes' announcements.
   */
  heard(): boolean;
  /** Starts listening for other processes' writes (PostgreSQL; nothing to do on PGlite). Idempotent. */
  listen(): void;
  /** Resolves once writes are heard (at once on PGlite): tests wait for the listener with it. */
  whenHeard(): Promise<void>;
  /** Resolves at the next change of {@link generation}: tests wait for a notification with it. */
  nextGeneration(): Promise<number>;
}

/** The PostgreSQL channel on which every process announces its committed writes. */
export const WRITES_CHANNEL = 'pca_committed_writes';

/**
 * The name of the session lookup's prepared statement, which reads a request's caller. Its only write
 * slides the session's lastSeenAt and idleExpiresAt, which a cached context never trusts past its own
 * checks, so it does not count: counting it would empty every cache once a minute per active session.
 */
export const SESSION_LOOKUP_STATEMENT = 'session_context';

/**
 * Tables that no cached read looks at and that reads and timers write (rate-limit counters, pending
 * sign-ins, the mail outbox's claims every second): a statement on these alone does not count. Inside a
 * transaction every commit counts, whatever it wrote.
 */
const UNREAD_TABLES = new Set(['rate_limits', 'auth_requests', 'mail_outbox']);

/** A data-modifying common table expression (`… as (update …`), which a select can carry. */
const MODIFYING_CTE = /\bas\s*\(\s*(insert|update|delete|merge)\b/i;
/** SQL that starts as a read; anything else (or a read carrying a modifying CTE) counts as a write. */
const READ = /^\s*(select|with|values|table)\b/i;

interface QueryMetadata {
  type: 'select' | 'update' | 'delete' | 'insert';
  tables: string[];
}

/** Whether one statement outside a transaction changes data a cached read could depend on. */
export function countsAsWrite(
  text: string,
  name: string | undefined,
  metadata: QueryMetadata | undefined,
): boolean {
  if (name === SESSION_LOOKUP_STATEMENT) return false;
  if (metadata && metadata.type !== 'select') {
    const unread = metadata.tables.length > 0 && metadata.tables.every((t) => UNREAD_TABLES.has(t));
    return !unread || MODIFYING_CTE.test(text);
  }
  return MODIFYING_CTE.test(text) || !READ.test(text);
}

const tracked = new WeakMap<object, CommittedWrites>();

/** The committed writes of a database opened by createDatabase (undefined for any other). */
export function committedWritesOf(db: Database): CommittedWrites | undefined {
  return tracked.get(db);
}

/** The LISTEN connection's application_name. */
export const LISTENER_NAME = 'pca-committed-writes';

/** Retry delays of the PostgreSQL listener after it lost its connection. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5_000;

/** The Drizzle session methods the tracking wraps (internal to Drizzle, typed loosely here). */
interface WrappableSession {
  prepareQuery(...args: unknown[]): { execute(...a: unknown[]): Promise<unknown> } & {
    all?(...a: unknown[]): Promise<unknown>;
  };
  transaction(fn: (tx: Database) => Promise<unknown>, config?: unknown): Promise<unknown>;
}

/**
 * Tracks every committed write of `db` in one place, the Drizzle session every query of the handle goes
 * through (transactions open their own session from it), so no call site has to remember:
 *
 * - a transaction counts when it ends (committed or not: counting a rolled-back one costs a cache miss,
 *   never a stale answer); on PostgreSQL it first runs `pg_notify` as its last statement, which
 *   PostgreSQL delivers to the other processes at commit and never for a rollback;
 * - a statement outside a transaction counts after it ran when it writes (see countsAsWrite), and on
 *   PostgreSQL is announced with a `pg_notify` of its own right after.
 *
 * The generation changes before the caller sees its write's result, so this process's very next request
 * never reads a context cached before the write. On PostgreSQL another process hears the announcement
 * within milliseconds through its LISTEN connection; while that connection is down (being re-opened)
 * `heard()` is false and caches must not answer.
 */
export function trackCommittedWrites(
  db: Database,
  listenUrl: string | undefined,
): CommittedWrites & { close(): Promise<void> } {
  const origin = randomUUID();
  const announce = sql`select pg_notify(${WRITES_CHANNEL}, ${origin})`;
  let generation = 0;
  let waiting: Array<(generation: number) => void> = [];
  let listening = false;
  let closed = false;
  let heardWaiters: Array<() => void> = [];

  function bump() {
    generation += 1;
    const woken = waiting;
    waiting = [];
    for (const wake of woken) wake(generation);
  }

  function setListening(value: boolean) {
    listening = value;
    // Whatever was cached before the change may have missed a write while nobody listened.
    bump();
    if (value) {
      const woken = heardWaiters;
      heardWaiters = [];
      for (const wake of woken) wake();
    }
  }

  const session = db._.session as unknown as WrappableSession;
  const prepareQuery = session.prepareQuery.bind(session);
  const transaction = session.transaction.bind(session);

  session.prepareQuery = (...args: unknown[]) => {
    const prepared = prepareQuery(...args);
    const [query, , name, , , metadata] = args as [
      { sql: string },
      unknown,
      string | undefined,
      unknown,
      unknown,
      QueryMetadata | undefined,
    ];
    if (!countsAsWrite(query.sql, name, metadata)) return prepared;
    const counted =
      <A extends unknown[], R>(run: (...a: A) => Promise<R>) =>
      async (...a: A): Promise<R> => {
        let result: R;
        try {
          result = await run(...a);
        } finally {
          bump();
        }
        if (listenUrl) {
          // Committed already: a failed announcement must not turn the write into an error. The other
          // processes' entries then live out their time-to-live.
          await db.execute(announce).catch((error: unknown) => {
            console.warn(`Could not announce a committed write: ${String(error)}`);
          });
        }
        return result;
      };
    prepared.execute = counted(prepared.execute.bind(prepared));
    if (prepared.all) prepared.all = counted(prepared.all.bind(prepared));
    return prepared;
  };

  session.transaction = async (fn, config) => {
    try {
      return await transaction(async (tx) => {
        const result = await fn(tx);
        if (listenUrl) await tx.execute(announce);
        return result;
      }, config);
    } finally {
      bump();
    }
  };

  let client: pg.Client | null = null;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | null = null;
  let started = false;

  /** Opens the LISTEN connection; when it fails or is lost, tries again after a growing delay. */
  async function connect() {
    if (closed || !listenUrl) return;
    const c = new pg.Client({
      connectionString: listenUrl,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // Named, so an operator looking at pg_stat_activity knows the one idle connection per process.
      application_name: LISTENER_NAME,
    });
    client = c;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === c) client = null;
      if (listening) setListening(false);
      c.end().catch(() => undefined);
      if (closed) return;
      retry = setTimeout(() => void connect(), retryMs);
      retry.unref();
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    };
    c.on('error', onLost);
    c.on('end', onLost);
    c.on('notification', (message) => {
      if (message.channel === WRITES_CHANNEL && message.payload !== origin) bump();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${WRITES_CHANNEL}`);
    } catch {
      onLost();
      return;
    }
    if (lost) return;
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    retryMs = RETRY_FIRST_MS;
    setListening(true);
  }

  const writes = {
    generation: () => generation,
    heard: () => !closed && (listenUrl ? listening : true),
    listen() {
      if (started || !listenUrl) return;
      started = true;
      void connect();
    },
    whenHeard() {
      if (writes.heard()) return Promise.resolve();
      writes.listen();
      return new Promise<void>((resolve) => heardWaiters.push(resolve));
    },
    nextGeneration: () => new Promise<number>((resolve) => waiting.push(resolve)),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      bump();
      const c = client;
      client = null;
      listening = false;
      if (c) await c.end().catch(() => undefined);
    },
  };
  tracked.set(db, writes);
  return writes;
}
