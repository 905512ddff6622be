import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { shellApiPaths } from '@pca/contracts';
import { authRequests, rateLimits, users } from '#db/schema/index.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { buildApp } from './build-app.ts';
import { loadConfig } from '#lib/config.ts';
import { batchedRateLimitHits, databaseRateLimitHits } from './rate-limit-store.ts';

const ALICE = '2000000011';
const BEN = '2000000022';

/** A 429 as the API promises it: problem+json of type rate-limited, with a Retry-After in seconds. */
function expectRateLimited(res: LightMyRequestResponse, windowSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(res.json()).toMatchObject({
    type: '/problems/rate-limited',
    title: 'Too many requests',
    status: 429,
    detail: expect.stringMatching(/^Too many requests\. Please wait .+ and try again\.$/),
  });
}

describe('rate limits on the real database', () => {
  let t: TestApp;
  let alice: Record<string, string>;
  let ben: Record<string, string>;

  beforeAll(async () => {
    // Sign-in start keeps its default; the others are low so the tests reach them quickly.
    t = await createTestApp({
      RATE_LIMIT_TOKEN: '5/1m',
      RATE_LIMIT_WRITES: '3/1m',
      RATE_LIMIT_READS: '5/1m',
      RATE_LIMIT_PARTNER_READS: '4/1m',
      RATE_LIMIT_PARTNER_WRITES: '2/1m',
    });
    // These sign-ins come from 127.0.0.1; the tests below use addresses of their own.
    alice = t.bearer(await t.tokenFor(ALICE));
    ben = t.bearer(await t.tokenFor(BEN));
  });
  afterAll(() => t?.close());

  const login = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress });
  const badToken = (remoteAddress: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/token',
      remoteAddress,
      payload: { code: 'not-a-code', state: 'not-a-state' },
    });
  const stopManaging = (headers: Record<string, string>, remoteAddress: string) =>
    t.app.inject({ method: 'DELETE', url: shellApiPaths.managing, headers, remoteAddress });

  it('300 anonymous sign-in starts from one address: the first 60 (the default) pass, then 429, and only 60 sign-in requests are stored', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(authRequests);
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 300; i++) answers.push(await login('198.51.100.7'));
    expect(answers.slice(0, 60).map((r) => r.statusCode)).toEqual(Array(60).fill(302));
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(240);
    expectRateLimited(answers[60]!, 60);
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(authRequests);
    expect(after!.n - before!.n).toBe(60);
    // Another address is counted apart.
    expect((await login('198.51.100.8')).statusCode).toBe(302);
  });

  it('token exchange is limited per address: five refusals of a bad state, then 429', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await badToken('198.51.100.20');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ type: '/problems/sign-in-expired' });
    }
    expectRateLimited(await badToken('198.51.100.20'), 60);
    expect((await badToken('198.51.100.21')).statusCode).toBe(400);
  });

  it('counters are shared by two API instances on the same database', async () => {
    const second = await buildApp({
      db: t.db,
      config: t.config,
      identity: createOidcIdentityClient(t.config.oidc),
      logger: false,
      serveWeb: false,
    });
    try {
      const apps = [t.app, second, t.app, second, t.app];
      for (const app of apps) expect((await badToken('198.51.100.30', app)).statusCode).toBe(400);
      expectRateLimited(await badToken('198.51.100.30', second), 60);
      expectRateLimited(await badToken('198.51.100.30', t.app), 60);
    } finally {
      await second.close();
    }
  });

  it('behind a trusted proxy, the address is the one the proxy saw: a client cannot name its own', async () => {
    const behindProxy = await buildApp({
      db: t.db,
      config: {
        ...t.config,
        trustProxy: loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '1' }).trustProxy,
      },
      identity: createOidcIdentityClient(t.config.oidc),
      logger: false,
      serveWeb: false,
    });
    const viaProxy = (client: string, claimed: string) =>
      behindProxy.inject({
        method: 'POST',
        url: '/api/auth/token',
        remoteAddress: '10.9.9.9',
        headers: { 'x-forwarded-for': `${claimed}, ${client}` },
        payload: { code: 'not-a-code', state: 'not-a-state' },
      });
    try {
      for (let i = 0; i < 5; i++)
        expect((await viaProxy('198.51.100.60', `192.0.2.${i}`)).statusCode).toBe(400);
      expectRateLimited(await viaProxy('198.51.100.60', '192.0.2.99'), 60);
      expect((await viaProxy('198.51.100.61', '192.0.2.1')).statusCode).toBe(400);
    } finally {
      await behindProxy.close();
    }
  });

  it('writes are limited per signed-in user, not per address', async () => {
    // Alice from three addresses uses her three writes; a fourth, from yet another address, is refused.
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      expect((await stopManaging(alice, address)).statusCode).toBe(204);
    expectRateLimited(await stopManaging(alice, '203.0.113.4'), 60);
    // Ben, from the address Alice used first, still has his own.
    expect((await stopManaging(ben, '203.0.113.1')).statusCode).toBe(204);
  });

  it('a new window starts once the old one has ended', async () => {
    const [aliceUser] = await t.db.select().from(users).where(eq(users.raNumber, ALICE));
    const key = `writes:user:${aliceUser!.id}`;
    // Three writes and one refusal so far.
    const [counted] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(counted?.hits).toBe(4);
    expectRateLimited(await stopManaging(alice, '203.0.113.5'), 60);
    // The window ends (as a minute passing would end it): the next write starts a new one.
    await t.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, key));
    const res = await stopManaging(alice, '203.0.113.5');
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-ratelimit-remaining']).toBe('2');
    const [row] = await t.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(row!.hits).toBe(1);
    expect(row!.resetAt.getTime()).toBeGreaterThan(Date.now());
    expect(
      await t.db.select().from(rateLimits).where(like(rateLimits.key, 'writes:user:%')),
    ).toHaveLength(2);
  });

  it('the partner API is limited per client address, reads and writes apart, in its own OperationOutcome', async () => {
    const fhir = (method: 'GET' | 'POST', remoteAddress: string) =>
      t.app.inject({
        method,
        url: method === 'GET' ? '/fhir/metadata' : '/fhir/Task',
        remoteAddress,
        headers: { 'content-type': 'application/fhir+json' },
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
    for (let i = 0; i < 4; i++) expect((await fhir('GET', '198.51.100.7')).statusCode).toBe(200);
    // Writes count apart: unsigned, they are refused, and still counted.
    for (let i = 0; i < 2; i++) expect((await fhir('POST', '198.51.100.7')).statusCode).toBe(401);
    for (const method of ['GET', 'POST'] as const) {
      const refused = await fhir(method, '198.51.100.7');
      expect(refused.statusCode, method).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^application\/fhir\+json/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toMatchObject({
        resourceType: 'OperationOutcome',
        issue: [
          {
            severity: 'error',
            code: 'throttled',
            diagnostics: expect.stringMatching(/^Too many requests/),
          },
        ],
      });
    }
    // Another address has its own counters; the portal's API is not counted with the partner's.
    expect((await fhir('GET', '198.51.100.8')).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/config', remoteAddress: '198.51.100.7' }))
        .statusCode,
    ).toBe(200);
  });

  it('signed-in reads are limited per user with their own counter', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/me',
            headers: ben,
            remoteAddress: '1.2.3.4',
          })
        ).statusCode,
      ).toBe(200);
    expectRateLimited(
      await t.app.inject({ method: 'GET', url: '/api/me', headers: ben, remoteAddress: '1.2.3.5' }),
      60,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: alice })).statusCode).toBe(
      200,
    );
    // Health and the SPA's configuration stay unlimited.
    for (let i = 0; i < 8; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).statusCode).toBe(200);
    }
  });

  it('expired sign-in requests and ended rate-limit windows are purged', async () => {
    const past = new Date(Date.now() - 60_000);
    await t.db
      .insert(authRequests)
      .values({ state: 'expired-state', codeVerifier: 'v', nonce: 'n', expiresAt: past });
    await t.db
      .insert(rateLimits)
      .values({ key: 'reads:address:192.0.2.9', hits: 7, resetAt: past });
    expect((await login('198.51.100.40')).statusCode).toBe(302);
    expect(
      await t.db.select().from(authRequests).where(eq(authRequests.state, 'expired-state')),
    ).toHaveLength(0);
    // The store sweeps at most once a minute per process; with no delay its next hit sweeps.
    const hits = databaseRateLimitHits(t.db, { purgeEveryMs: 0 });
    expect(await hits.hit('reads:address:192.0.2.10', 60_000)).toMatchObject({ current: 1 });
    expect(
      await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'reads:address:192.0.2.9')),
    ).toHaveLength(0);
  });
});

describe('rate-limit configuration', () => {
  it('has defaults no person or browser test suite meets, and reads "<max>/<window>"', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).rateLimits).toEqual({
      enabled: true,
      signIn: { max: 60, windowMs: 60_000 },
      token: { max: 60, windowMs: 60_000 },
      writes: { max: 30, windowMs: 10_000 },
      reads: { max: 600, windowMs: 60_000 },
      hpiiSearch: { max: 20, windowMs: 600_000 },
      feedback: { max: 5, windowMs: 600_000 },
      partnerReads: { max: 1200, windowMs: 60_000 },
      partnerWrites: { max: 30, windowMs: 10_000 },
    });
    const custom = loadConfig({
      NODE_ENV: 'test',
      RATE_LIMITS: 'false',
      RATE_LIMIT_WRITES: '5/2h',
    });
    expect(custom.rateLimits.enabled).toBe(false);
    expect(custom.rateLimits.writes).toEqual({ max: 5, windowMs: 7_200_000 });
    expect(() => loadConfig({ NODE_ENV: 'test', RATE_LIMIT_READS: '600 per minute' })).toThrow(
      /expected <max>\/<window>/,
    );
  });

  it('RATE_LIMITS=false turns them off', async () => {
    const t = await createTestApp({ RATE_LIMITS: 'false', RATE_LIMIT_SIGN_IN: '1/1m' });
    try {
      for (let i = 0; i < 3; i++)
        expect((await t.app.inject({ method: 'GET', url: '/api/auth/login' })).statusCode).toBe(
          302,
        );
      expect(await t.db.select().from(rateLimits)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('batched counting of reads', () => {
  it('writes a key at most once per batch interval, adding every hit since, and agrees on the count', async () => {
    const written: Array<{ key: string; amount: number }> = [];
    let table = 0;
    const counter = {
      hit: async (key: string, _windowMs: number, amount = 1) => {
        written.push({ key, amount });
        table += amount;
        return { current: table, ttl: 60_000 };
      },
    };
    let clock = 1_000_000;
    const batched = batchedRateLimitHits(counter, 1_000, () => clock);

    expect(await batched.hit('reads:user:a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    for (let i = 2; i <= 6; i++) {
      clock += 100;
      expect((await batched.hit('reads:user:a', 60_000)).current).toBe(i);
    }
    expect(written).toEqual([{ key: 'reads:user:a', amount: 1 }]);

    clock += 1_000;
    // The sixth write carries the five hits counted in the process since the last one.
    expect((await batched.hit('reads:user:a', 60_000)).current).toBe(7);
    expect(written).toEqual([
      { key: 'reads:user:a', amount: 1 },
      { key: 'reads:user:a', amount: 6 },
    ]);
    expect(table).toBe(7);
  });

  it('drops hits counted in a window that has ended', async () => {
    const amounts: number[] = [];
    const counter = {
      hit: async (_key: string, _windowMs: number, amount = 1) => {
        amounts.push(amount);
        return { current: amount, ttl: 500 };
      },
    };
    let clock = 0;
    const batched = batchedRateLimitHits(counter, 1_000, () => clock);
    await batched.hit('reads:user:b', 500);
    clock = 100;
    await batched.hit('reads:user:b', 500);
    clock = 600;
    expect(await batched.hit('reads:user:b', 500)).toEqual({ current: 1, ttl: 500 });
    expect(amounts).toEqual([1, 1]);
  });

  it("a page's parallel reads cost one statement for their limit", async () => {
    const t2 = await createTestApp();
    try {
      const headers = t2.bearer(await t2.tokenFor(ALICE));
      const [me] = await t2.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.raNumber, ALICE));
      const key = `reads:user:${me!.id}`;
      const statuses = await Promise.all(
        Array.from({ length: 4 }, () => t2.app.inject({ method: 'GET', url: '/api/me', headers })),
      );
      expect(statuses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const [row] = await t2.db.select().from(rateLimits).where(eq(rateLimits.key, key));
      // Only the first read reached the table; the three that came with it are counted in the
      // process and carried into the next write.
      expect(row!.hits).toBe(1);
      // The four still count: each answer saw a different remainder (their order varies).
      expect(statuses.map((r) => r.headers['x-ratelimit-remaining']).sort()).toEqual([
        '596',
        '597',
        '598',
        '599',
      ]);
    } finally {
      await t2.close();
    }
  });
});
