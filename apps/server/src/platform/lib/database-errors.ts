/**
 * Which errors mean "the database cannot be reached right now" (an outage the client should retry
 * after), as opposed to a fault in a query. See docs/decisions/010-outages-and-shutdown.md.
 */

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;

/** What a client is told when a unique constraint refused a write that a check just before had allowed. */
export const CONCURRENT_CHANGE_DETAIL =
  'This was changed at the same time by another request. Reload and try again.';

/** PostgreSQL SQLSTATEs of a server that is shutting down, starting up or unreachable. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: the server terminated the connection
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
]);

/** Node socket errors on the way to the database. */
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of node-postgres (pool and client) and PGlite that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // pool/client: "Connection terminated unexpectedly", "… due to connection timeout"
  /^timeout exceeded when trying to connect/, // pool: connectionTimeoutMillis passed
  /^Client has encountered a connection error and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^PGlite is clos(ed|ing)/, // the embedded engine was closed under the API
];

function ownVerdict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    // Class 08: connection exception (08000, 08003, 08006, 08001, 08004…).
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (UNAVAILABLE_NODE_CODES.has(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => m.test(message));
}

/**
 * True when the error, or anything it wraps (Drizzle's `DrizzleQueryError.cause`, Node's
 * `AggregateError.errors` when every address of a host refused), says the database is unreachable.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  if (ownVerdict(error)) return true;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}

/**
 * True when the error, or what it wraps, is PostgreSQL's unique violation (SQLSTATE 23505) — of the named
 * constraint or index, when one is given. Drizzle's `DrizzleQueryError` carries the driver's error
 * (node-postgres' `DatabaseError`, PGlite's) as its `cause`; both drivers name the `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; depth <= 5; depth++) {
    if (typeof e !== 'object' || e === null) return false;
    const found = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (found.code === '23505') return constraint === undefined || found.constraint === constraint;
    e = found.cause;
  }
  return false;
}

/** The first code (SQLSTATE or Node's) found on the error or what it wraps, for a one-line message. */
export function databaseErrorCode(error: unknown, depth = 0): string | undefined {
  if (depth > 5 || typeof error !== 'object' || error === null) return undefined;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  return (
    databaseErrorCode(cause, depth + 1) ??
    (Array.isArray(errors) ? databaseErrorCode(errors[0], depth + 1) : undefined)
  );
}

/** The database URL with its password masked, fit for a log line or an error message. */
export function maskDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(DATABASE_URL is not a valid URL)';
  }
}

/**
 * One line a person can act on when the API cannot open its database at start-up, or undefined when
 * the error is not about reaching the database (then the caller reports it as it is).
 */
export function describeStartupDatabaseError(
  error: unknown,
  target: { databaseUrl?: string | undefined; dataDir: string },
): string | undefined {
  const code = databaseErrorCode(error);
  if (!target.databaseUrl) {
    if (!isDatabaseUnavailable(error) && !(code && /^E[A-Z]+$/.test(code))) return undefined;
    const message = error instanceof Error ? error.message : String(error);
    return `Cannot open the embedded database in ${target.dataDir} (${code ?? message}). Check that DATA_DIR is writable and not used by another running API.`;
  }
  const where = maskDatabaseUrl(target.databaseUrl);
  if (code === '28P01' || code === '28000')
    return `The database at ${where} refused the user name or password (${code}). Correct DATABASE_URL.`;
  if (code === '3D000')
    return `The database named in ${where} does not exist (${code}). Create it (createdb) or correct DATABASE_URL.`;
  if (!isDatabaseUnavailable(error)) return undefined;
  const reason = code ?? (error instanceof Error ? error.message : String(error));
  return `Cannot reach the database at ${where} (${reason}). Start PostgreSQL or unset DATABASE_URL to use embedded PGlite.`;
}
