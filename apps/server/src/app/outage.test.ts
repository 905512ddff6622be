import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { freePort } from '@pca/identity-provider/free-port';
import { openTestDatabase } from '../test/database.ts';
import { buildApp } from './build-app.ts';
import { loadConfig } from '#lib/config.ts';
import { partnerTokenService } from '#platform/partner-tokens.ts';

const config = loadConfig({ NODE_ENV: 'test', PORT: '3999', IDP_PORT: '1' });
const token = 'a'.repeat(43);

/** Requests over sign-in, reads and writes; every one of them needs the database. */
const requests = [
  { method: 'GET', url: '/api/auth/login' },
  {
    method: 'POST',
    url: '/api/auth/token',
    payload: { code: 'c'.repeat(43), state: 's'.repeat(43) },
  },
  { method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } },
  { method: 'GET', url: '/api/me/organisations', headers: { authorization: `Bearer ${token}` } },
  {
    method: 'POST',
    url: '/api/auth/logout',
    headers: { authorization: `Bearer ${token}` },
  },
] as const;

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const c of opened.splice(0).reverse()) await c.close();
});

async function appOn(handle: DatabaseHandle) {
  const app = await buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    logger: false,
    serveWeb: false,
  });
  opened.push(app);
  return app;
}

async function expectOutage(app: Awaited<ReturnType<typeof appOn>>, handle: DatabaseHandle) {
  for (const request of requests) {
    const res = await app.inject(request);
    expect(res.statusCode, `${request.method} ${request.url}`).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({
      type: '/problems/service-unavailable',
      title: 'Service unavailable',
      status: 503,
      detail: 'The system is currently under maintenance. Please try again later.',
      instance: request.url,
    });
  }
  // The partner API reads the client of a well-signed token first: the same outage, in its own
  // OperationOutcome.
  const { accessToken } = await partnerTokenService({ db: handle.db, config }).issue({
    id: randomUUID(),
    clientId: 'outage-client',
    partnerCode: 'outage',
    secretIssuedAt: new Date(),
  });
  const partner = await app.inject({
    method: 'GET',
    url: '/fhir/Practitioner',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(partner.statusCode).toBe(503);
  expect(partner.headers['content-type']).toMatch(/^application\/fhir\+json/);
  expect(partner.headers['retry-after']).toBe('30');
  expect(partner.json()).toEqual({
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: 'transient',
        diagnostics: 'The system is currently under maintenance. Please try again later.',
      },
    ],
  });
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(503);
  expect(health.json()).toMatchObject({ status: 'degraded', database: 'down' });
}

/**
 * A TCP relay in front of PostgreSQL that a test can cut (every connection reset, new ones refused)
 * and restore on the same port: an outage and a recovery of the network path, with a real server.
 */
async function relayTo(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      }).listen(port, '127.0.0.1', resolve);
    });
  await open();
  return {
    url: (() => {
      const via = new URL(target);
      via.hostname = '127.0.0.1';
      via.port = String(port);
      return via.toString();
    })(),
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.resetAndDestroy();
      });
    },
    restore: open,
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) =>
        server?.listening ? server.close(() => resolve()) : resolve(),
      );
    },
  };
}

describe('while the database is unreachable', () => {
  it('answers 503 problem+json with Retry-After on sign-in, reads and writes when PostgreSQL refuses connections', async () => {
    const closedPort = await freePort();
    const handle = await createDatabase({
      databaseUrl: `postgres://pca:secret@127.0.0.1:${closedPort}/pca`,
      maxConnections: 2,
    });
    opened.push(handle);
    await expectOutage(await appOn(handle), handle);
  });

  it('answers 503 when the database handle has been closed under the API', async () => {
    const handle = await openTestDatabase();
    const app = await appOn(handle);
    const before = await app.inject({ method: 'GET', url: '/api/health' });
    expect(before.statusCode).toBe(200);
    await handle.close();
    await expectOutage(app, handle);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'recovers by itself when PostgreSQL comes back (the pool reconnects, the process survives)',
    async () => {
      const test = await openTestDatabase();
      opened.push(test);
      const relay = await relayTo(new URL(String(test.pool!.options.connectionString)));
      opened.push(relay);
      const handle = await createDatabase({ databaseUrl: relay.url, maxConnections: 2 });
      opened.push(handle);
      const app = await appOn(handle);
      const health = () => app.inject({ method: 'GET', url: '/api/health' });

      // Pooled connections exist, then the path to PostgreSQL is cut under them.
      expect((await health()).statusCode).toBe(200);
      expect(handle.pool!.totalCount).toBeGreaterThan(0);
      await relay.cut();
      await expectOutage(app, handle);

      await relay.restore();
      const back = await health();
      expect(back.statusCode).toBe(200);
      expect(back.json()).toMatchObject({ status: 'ok', database: 'up' });
      // Past the database again: an unknown bearer is now a 401, not a 503.
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: requests[2].headers });
      expect(me.statusCode).toBe(401);
    },
  );
});
