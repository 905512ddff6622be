import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '#app/build-app.ts';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { loadConfig } from '#lib/config.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { createReadiness, type Readiness } from '#platform/readiness.ts';
import { freePort } from '@pca/identity-provider/free-port';
import { openTestDatabase } from '../../test/database.ts';

// Readiness (docs/decisions/075-operations.md): /api/ready is what a load balancer routes by, /api/health
// stays liveness. Each state that takes a process out of rotation, on a real database.

const config = loadConfig({ NODE_ENV: 'test' });
const opened: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const c of opened.splice(0).reverse()) await c.close();
});

async function appOn(handle: DatabaseHandle, readiness: Readiness = createReadiness()) {
  opened.push(handle);
  const app = await buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    logger: false,
    serveWeb: false,
    readiness,
  });
  opened.push(app);
  return app;
}

async function expectNotReady(app: Awaited<ReturnType<typeof appOn>>, detail: string) {
  const res = await app.inject({ method: 'GET', url: '/api/ready' });
  expect(res.statusCode).toBe(503);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.json()).toEqual({
    type: '/problems/not-ready',
    title: 'Not ready',
    status: 503,
    detail,
    instance: '/api/ready',
  });
}

describe('/api/ready', () => {
  it('is ready on a migrated database that answers', async () => {
    const app = await appOn(await openTestDatabase());
    const res = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ready', version: config.runtime.version });
  });

  it('turns 503 at once when the process starts draining, while liveness and other requests still answer', async () => {
    const readiness = createReadiness();
    const app = await appOn(await openTestDatabase(), readiness);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    readiness.drain();
    await expectNotReady(app, 'This process is stopping and takes no new work.');
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
  });

  it('is 503 while this build has migrations the database lacks', async () => {
    const handle = await openTestDatabase();
    const app = await appOn(handle);
    // The newest migration un-recorded: as a database restored from before this version would be.
    await handle.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    await expectNotReady(
      app,
      'The database has migrations this version needs that are not applied yet.',
    );
    // Liveness is not readiness: the process itself is fine.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('is 503 on a database nothing has been applied to, and ready after migrating', async () => {
    const handle = await createDatabase();
    const app = await appOn(handle);
    await expectNotReady(
      app,
      'The database has migrations this version needs that are not applied yet.',
    );
    await migrateDatabase(handle);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  }, 60_000);

  it('is 503 while the database is unreachable', async () => {
    const closedPort = await freePort();
    const handle = await createDatabase({
      databaseUrl: `postgres://pca:pca@127.0.0.1:${closedPort}/pca`,
    });
    const app = await appOn(handle);
    await expectNotReady(app, 'The database is unreachable.');
  });
});
