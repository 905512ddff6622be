import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '#lib/config.ts';

const LEVEL_NAMES: Record<number, string> = { 40: 'warning', 50: 'error', 60: 'fatal' };

interface LogRecord {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
}

/**
 * Turns pino's JSON lines into short human lines for a terminal: the message, a level word for
 * warnings and errors, and an error's stack for errors (development only; production keeps JSON).
 */
export function humanLogLine(json: string): { line: string; level: number } {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return { line: json.endsWith('\n') ? json : `${json}\n`, level: 30 };
  }
  const level = LEVEL_NAMES[record.level];
  let line = `${level ? `${level}: ` : ''}${record.msg ?? ''}`;
  if (record.err) {
    line +=
      record.level >= 50 && record.err.stack
        ? `\n${record.err.stack}`
        : ` (${record.err.message ?? record.err.type})`;
  }
  return { line: `${line}\n`, level: record.level };
}

/** A request as the logs see it: Fastify's request, or Node's own where Fastify has none. */
interface LoggedRequest {
  method?: string;
  url?: string;
  ip?: string;
  host?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remoteAddress?: string; remotePort?: number } | null;
  routeOptions?: { url?: string };
}

/** The path of a request target without its query string, which can carry emails, one-time codes and names. */
export function pathOnly(url: string | undefined): string | undefined {
  return url === undefined ? undefined : url.replace(/[?#][\s\S]*$/, '');
}

/**
 * The `req` of a log record (Fastify's "incoming request", errors): Fastify's fields, but the path without
 * its query string, and the route's pattern (`/api/organisations/:id`) when one matched
 * (docs/decisions/095-what-the-logs-keep-out.md).
 */
export function serializeRequest(req: LoggedRequest) {
  const accept = req.headers?.['accept-version'];
  return {
    method: req.method,
    url: pathOnly(req.url),
    ...(req.routeOptions?.url ? { route: req.routeOptions.url } : {}),
    version: typeof accept === 'string' ? accept : undefined,
    host: req.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

type ErrorLike = Record<string, unknown> & { message: string };

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';

/**
 * Drizzle's `DrizzleQueryError` (0.45): `Failed query: <sql>\nparams: <every parameter>`, with `query`,
 * `params` and the driver's error as `cause`. Recognised by its class name or its message, not by
 * `instanceof`, so that a second copy of drizzle-orm (or a wrapper that repeats its message) is caught too.
 */
function isDrizzleQueryError(error: ErrorLike): boolean {
  const name = typeof error.constructor === 'function' ? error.constructor.name : undefined;
  return name === 'DrizzleQueryError' || error.message.startsWith('Failed query: ');
}

/** A PostgreSQL error as node-postgres and PGlite raise it: a SQLSTATE `code` and a `severity`. */
function isDatabaseError(error: ErrorLike): boolean {
  return typeof error.code === 'string' && typeof error.severity === 'string';
}

/**
 * What a database error says of the row's values: `detail` ("Key (email)=(…) already exists.", "Failing
 * row contains (…)"), `where` and `internalQuery` (a trigger's or function's statement, with its values).
 */
const DATABASE_ERROR_VALUES = new Set(['detail', 'where', 'internalQuery']);

/** A message without Drizzle's `\nparams: …` tail (everything after it: the parameters may hold new lines). */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at >= 0 && message.includes('Failed query: ') ? message.slice(0, at) : message;
}

function safeMessage(error: ErrorLike): string {
  if (isDrizzleQueryError(error) && typeof error.query === 'string')
    return `Failed query: ${error.query}`;
  return withoutParams(error.message);
}

function safeStack(error: ErrorLike): string {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const message = safeMessage(error);
  if (message === error.message) return stack;
  // The stack opens with `<name>: <message>`, the message as it was when the error was made.
  if (stack.includes(error.message)) return stack.replace(error.message, () => message);
  return stack.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, '');
}

/** The errors `cause` leads through, from the error itself, stopping at a loop. */
function causeChain(error: ErrorLike): { chain: ErrorLike[]; circular: boolean } {
  const chain: ErrorLike[] = [];
  for (let e: unknown = error; isErrorLike(e); e = e.cause) {
    if (chain.includes(e)) return { chain, circular: true };
    chain.push(e);
  }
  return { chain, circular: false };
}

/** An error as a log record holds it. */
export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

function serializeOne(error: ErrorLike, seen: Set<unknown>): SerializedError {
  seen.add(error);
  const { chain, circular } = causeChain(error);
  const out: SerializedError = {
    type: typeof error.constructor === 'function' ? error.constructor.name : String(error.name),
    // As pino's own serializer: the causes' messages after the error's, their stacks after its stack.
    message: chain.map(safeMessage).join(': ') + (circular ? ': ...' : ''),
    stack:
      chain.map(safeStack).join('\ncaused by: ') +
      (circular ? '\ncauses have become circular...' : ''),
  };
  if (Array.isArray(error.errors))
    out.aggregateErrors = error.errors.map((e: unknown) =>
      isErrorLike(e) && !seen.has(e) ? serializeOne(e, seen) : e,
    );
  const drizzle = isDrizzleQueryError(error);
  const database = isDatabaseError(error);
  for (const key in error) {
    if (key in out || key === 'cause' || key === 'errors') continue;
    if (drizzle && key === 'params') continue;
    if (database && DATABASE_ERROR_VALUES.has(key)) continue;
    const value = error[key];
    if (!isErrorLike(value)) out[key] = value;
    else if (!seen.has(value)) out[key] = serializeOne(value, seen);
  }
  // The driver's verdict, which the log pipeline searches by: the SQLSTATE and the constraint it names.
  const cause = chain.find(isDatabaseError);
  if (drizzle && cause) {
    for (const key of ['code', 'constraint', 'table', 'column'])
      if (out[key] === undefined && typeof cause[key] === 'string') out[key] = cause[key];
  }
  return out;
}

/**
 * The `err` of a log record. pino's own serializer writes every enumerable field and the causes' messages,
 * and Drizzle's query error carries the statement's parameters (names, emails, an RA number, an id_token)
 * in its `params` and in its message and stack; a PostgreSQL error's `detail` repeats a row's values. This
 * one keeps the statement, the SQLSTATE, the constraint and the messages, never the values
 * (docs/decisions/095-what-the-logs-keep-out.md).
 */
export function serializeError(error: Error): SerializedError;
export function serializeError(error: unknown): unknown;
export function serializeError(error: unknown): unknown {
  return isErrorLike(error) ? serializeOne(error, new Set()) : error;
}

/** The API's logger: JSON in production (for the log pipeline), short human lines otherwise. */
export function loggerOptions(
  config: Pick<ServerConfig, 'env' | 'logLevel'>,
  /** Where production's JSON goes (standard output unless given: tests read it). */
  destination?: { write(json: string): void },
): FastifyServerOptions['logger'] {
  // Bearer tokens and cookies never reach the logs; nor do query strings or a query's parameters.
  const redact = ['req.headers.authorization', 'req.headers.cookie'];
  const serializers = { req: serializeRequest, err: serializeError };
  if (config.env === 'production')
    return {
      level: config.logLevel,
      redact,
      serializers,
      ...(destination ? { stream: destination } : {}),
    };
  return {
    level: config.logLevel,
    redact,
    serializers,
    stream: {
      write(json: string) {
        const { line, level } = humanLogLine(json);
        (level >= 40 ? process.stderr : process.stdout).write(line);
      },
    },
  };
}

/**
 * Request lines outside production: one short line per request (`GET /api/me 200 12 ms`) when
 * LOG_REQUESTS is on. Production logs requests as pino's JSON records instead.
 */
export function registerRequestLog(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'env' | 'logRequests'>,
) {
  if (config.env === 'production' || !config.logRequests) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      `${request.method} ${pathOnly(request.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  });
}
