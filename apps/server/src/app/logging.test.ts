import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#db/schema/index.ts';
import { loadConfig } from '#lib/config.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { openTestDatabase } from '../test/database.ts';
import { buildApp } from './build-app.ts';
import { registerErrorHandler } from './error-handler.ts';
import { loggerOptions, serializeError } from './logging.ts';

/** The JSON lines a logger wrote, kept as text (what the log pipeline receives) and parsed. */
function capture() {
  const lines: string[] = [];
  return {
    destination: { write: (json: string) => void lines.push(json) },
    get text() {
      return lines.join('');
    },
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

// A user's row whose every value must stay out of the logs (docs/decisions/095-what-the-logs-keep-out.md).
const JANE = {
  raNumber: '2999000017',
  givenName: 'Janeway',
  familyName: 'Citizenry',
  email: 'jane.citizenry@example.com',
  phone: '0412 345 678',
};
const JANE_VALUES = Object.values(JANE);

const base = loadConfig({ NODE_ENV: 'test' });
/** Production's logging: pino's JSON, Fastify's own request lines on (LOG_REQUESTS). */
const production = {
  ...base,
  env: 'production' as const,
  logRequests: true,
  logLevel: 'info' as const,
};

let handle: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.insert(users).values(JANE);
});
afterAll(() => handle.close());

describe('request lines', () => {
  it("keep the path but not the query string, in production's JSON", async () => {
    const log = capture();
    const app = await buildApp({
      db: handle.db,
      config: production,
      identity: createOidcIdentityClient(production.oidc),
      logger: loggerOptions(production, log.destination),
      serveWeb: false,
    });
    try {
      await app.inject({
        method: 'GET',
        url: '/verify-email?email=jane%40example.com&code=483920',
      });
      await app.inject({ method: 'GET', url: '/api/health?name=Jane%20Citizen' });
    } finally {
      await app.close();
    }
    for (const secret of ['483920', 'jane%40example.com', 'jane@example.com', 'Citizen', '?'])
      expect(log.text).not.toContain(secret);
    const incoming = log
      .records()
      .filter((r) => r.msg === 'incoming request')
      .map((r) => r.req);
    expect(incoming).toEqual([
      expect.objectContaining({ method: 'GET', url: '/verify-email' }),
      expect.objectContaining({ method: 'GET', url: '/api/health', route: '/api/health' }),
    ]);
    expect(incoming[0]).toHaveProperty('remoteAddress');
    expect(log.records().find((r) => r.msg === 'incoming request')).toHaveProperty('reqId');
    const completed = log.records().filter((r) => r.msg === 'request completed');
    expect(completed).toHaveLength(2);
    for (const record of completed) expect(record).toHaveProperty('reqId');
  });

  it("keep the path but not the query string in development's one-line request log", async () => {
    const log = capture();
    const config = { ...base, logRequests: true, logLevel: 'info' as const };
    const app = await buildApp({
      db: handle.db,
      config,
      identity: createOidcIdentityClient(config.oidc),
      logger: { ...(loggerOptions(config) as object), stream: log.destination },
      serveWeb: false,
    });
    try {
      await app.inject({
        method: 'GET',
        url: '/verify-email?email=jane%40example.com&code=483920',
      });
    } finally {
      await app.close();
    }
    expect(log.text).not.toContain('483920');
    expect(log.text).not.toContain('jane%40example.com');
    expect(log.records().map((r) => r.msg)).toContainEqual(
      expect.stringMatching(/^GET \/verify-email 404 \d+ ms$/),
    );
  });
});

describe('database errors', () => {
  /** A route whose insert the database refuses, answered by the house's error handler. */
  async function probe(row: Record<string, unknown>) {
    const log = capture();
    const app = Fastify({ logger: loggerOptions(production, log.destination) });
    registerErrorHandler(app);
    app.post('/probe', async () => {
      await handle.db.insert(users).values(row as typeof JANE);
      return {};
    });
    try {
      const res = await app.inject({ method: 'POST', url: '/probe' });
      return { status: res.statusCode, log };
    } finally {
      await app.close();
    }
  }

  it('keep the statement and the constraint of a unique violation, not its parameters', async () => {
    const { status, log } = await probe({ ...JANE, email: 'other.jane@example.com' });
    expect(status).toBe(409);
    for (const value of [...JANE_VALUES, 'other.jane@example.com'])
      expect(log.text).not.toContain(value);
    expect(log.text).not.toContain('params');
    const [record] = log.records().filter((r) => r.err);
    const err = record!.err as Record<string, string>;
    expect(record!.msg).toBe('unique violation answered as a conflict');
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.query).toMatch(/^insert into "users" /);
    expect(err.message).toMatch(/^Failed query: insert into "users" .*: duplicate key value/s);
    expect(err.code).toBe('23505');
    expect(err.constraint).toBe('users_ra_number_unique');
    expect(err.stack).toContain('Failed query: insert into "users"');
    expect(err.stack).toContain('caused by: ');
  });

  it("leave out a refused row's values that PostgreSQL repeats in its detail", async () => {
    // A not-null violation is an unhandled error; PostgreSQL's detail is "Failing row contains (…)".
    const { status, log } = await probe({
      ...JANE,
      raNumber: '2999000025',
      familyName: sql`null`,
    });
    expect(status).toBe(500);
    for (const value of [...JANE_VALUES.slice(1), '2999000025'])
      expect(log.text).not.toContain(value);
    expect(log.text).not.toContain('Failing row');
    const err = log.records().find((r) => r.err)!.err as Record<string, string>;
    expect(err).toMatchObject({ type: 'DrizzleQueryError', code: '23502', column: 'family_name' });
  });

  it('leave out the parameters when a Drizzle error is the cause of another', async () => {
    const refused = await handle.db
      .insert(users)
      .values(JANE)
      .then(() => undefined)
      .catch((error: unknown) => error as Error);
    expect(refused?.message).toContain(JANE.email); // what the log kept before
    const serialized = serializeError(new Error('profile not saved', { cause: refused }));
    const text = JSON.stringify(serialized);
    for (const value of JANE_VALUES) expect(text).not.toContain(value);
    expect(serialized.message).toMatch(
      /^profile not saved: Failed query: insert into "users" .*: duplicate key value violates unique constraint "users_ra_number_unique"$/s,
    );
    expect(serialized.stack).toMatch(/caused by: Error: Failed query: insert into "users" /);
  });
});
