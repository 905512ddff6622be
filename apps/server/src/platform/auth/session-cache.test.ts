import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  apiPaths,
  CurrentUser,
  delegationApiPath,
  meApiPaths,
  shellApiPaths,
  welcomeApiPaths,
} from '@pca/contracts';
import { buildApp } from '#app/build-app.ts';
import { createDatabase } from '#db/client.ts';
import { LISTENER_NAME, type CommittedWrites } from '#db/committed-writes.ts';
import { roleMemberships, sessions, users } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { signInThroughProvider } from '@pca/identity-provider/testing';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { hashToken, randomToken } from '#lib/tokens.ts';
import { UnauthorizedError } from '#platform/errors.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { ALICE, BEN, GEORGE, ISLA } from '../../test/use-test-app.ts';
import { createAuthenticate } from './authenticate.ts';
import { createSessionCache, deepFreeze } from './session-cache.ts';
import type { SessionContext } from './session-context.ts';

const statements: string[] = [];
let t: TestApp;
beforeAll(async () => {
  // Rate-limit counters are written in batches whatever the cache does: off, so only the caller's
  // reads are counted (they would not empty the cache either: docs/decisions/021-request-context-cache.md).
  t = await createTestApp({ RATE_LIMITS: 'false' }, { onQuery: (s) => statements.push(s) });
});
afterAll(() => t.close());

/** A request through the app, with the statements it sent. */
async function counted(method: 'GET' | 'POST', url: string, token: string) {
  const before = statements.length;
  const res = await t.app.inject({ method, url, headers: t.bearer(token) });
  return { res, statements: statements.length - before };
}

describe('the session cache through the API (SESSION_CACHE_MS, on by default)', () => {
  it('answers a repeated GET /api/me without any SQL statement, the same answer', async () => {
    const token = await t.tokenFor(ALICE);
    const first = await counted('GET', apiPaths.me, token);
    expect(first.res.statusCode).toBe(200);
    expect(first.statements).toBe(1);
    const second = await counted('GET', apiPaths.me, token);
    expect(second.statements).toBe(0);
    expect(second.res.json()).toEqual(first.res.json());
  });

  it('never answers one token with another user’s context', async () => {
    const tokens = { [ALICE]: await t.tokenFor(ALICE), [GEORGE]: await t.tokenFor(GEORGE) };
    for (let round = 0; round < 2; round++)
      for (const [ra, token] of Object.entries(tokens)) {
        const { res } = await counted('GET', apiPaths.me, token);
        expect(CurrentUser.parse(res.json()).authIdentifier).toBe(ra);
      }
    const { res } = await counted('GET', apiPaths.me, `${tokens[ALICE]!.slice(0, -1)}x`);
    expectProblem(res, 401);
  });

  it('refuses the very next request after sign-out', async () => {
    const token = await t.tokenFor(ISLA);
    await counted('GET', apiPaths.me, token);
    expect((await counted('GET', apiPaths.me, token)).statements).toBe(0);
    const out = await counted('POST', apiPaths.logout, token);
    expect(out.res.statusCode).toBe(200);
    expectProblem((await counted('GET', apiPaths.me, token)).res, 401);
  });

  it('shows a removed role on the very next request (a write outside a transaction)', async () => {
    const token = await t.tokenFor(GEORGE);
    const before = CurrentUser.parse((await counted('GET', apiPaths.me, token)).res.json());
    expect(before.roles).not.toHaveLength(0);
    expect((await counted('GET', apiPaths.me, token)).statements).toBe(0);
    const [george] = await t.db.select().from(users).where(eq(users.raNumber, GEORGE));
    await t.db.delete(roleMemberships).where(eq(roleMemberships.userId, george!.id));
    const after = await counted('GET', apiPaths.me, token);
    expect(after.statements).toBe(1);
    expect(CurrentUser.parse(after.res.json()).roles).toEqual([]);
    expect((await counted('GET', meApiPaths.organisations, token)).res.json()).toEqual({
      organisations: [],
    });
  });

  it('refuses a delegate’s next request once the practitioner stops the delegation (403 managing-ended)', async () => {
    const ben = await t.tokenFor(BEN);
    const alice = await t.tokenFor(ALICE);
    const put = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(ben),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    expect(put.statusCode).toBe(200);
    const managing = await counted('GET', apiPaths.me, ben);
    expect(CurrentUser.parse(managing.res.json()).managingPractitioner?.givenName).toBe('Alice');
    expect((await counted('GET', apiPaths.me, ben)).statements).toBe(0);

    const stop = await t.app.inject({
      method: 'POST',
      url: delegationApiPath('stop', demoIds.delegation('alice', 'ben')),
      headers: t.bearer(alice),
      payload: { consent: true, consentVersion: 1 },
    });
    expect(stop.statusCode).toBe(200);
    expectProblem((await counted('GET', apiPaths.me, ben)).res, 403, { type: 'managing-ended' });
    const own = CurrentUser.parse((await counted('GET', apiPaths.me, ben)).res.json());
    expect(own.managingPractitioner).toBeNull();
  });

  it('is not emptied by a page load’s reads', async () => {
    const token = await t.tokenFor(ALICE);
    const generation = t.handle.writes.generation();
    for (const url of [
      apiPaths.me,
      meApiPaths.organisations,
      shellApiPaths.unreadNotificationCount,
      welcomeApiPaths.signUpBanner,
      welcomeApiPaths.siteOrganisations,
    ])
      expect((await counted('GET', url, token)).res.statusCode).toBe(200);
    expect(t.handle.writes.generation()).toBe(generation);
    expect((await counted('GET', apiPaths.me, token)).statements).toBe(0);
  });
});

describe('the time rules on a clock the test moves (cache of 5 s, 30-minute idle window)', () => {
  /** `authenticate` with the cache on a movable clock; answers accepted or not, and the statements. */
  function onClock(start: number) {
    let now = start;
    const authenticate = createAuthenticate(t.db, t.config.session.idleMs, () => new Date(now), {
      cacheMs: 5_000,
    });
    return {
      set: (at: number) => (now = at),
      async call(token: string) {
        const before = statements.length;
        const request = { headers: t.bearer(token), auth: null } as unknown as FastifyRequest;
        let accepted = true;
        try {
          await authenticate(request, {} as FastifyReply);
        } catch (error) {
          if (!(error instanceof UnauthorizedError)) throw error;
          accepted = false;
        }
        return { accepted, statements: statements.length - before, auth: request.auth };
      },
    };
  }

  /** A session straight in the database, last seen at `at`, with the given expiry times. */
  async function sessionAt(at: number, idleExpiresAt: number, absoluteExpiresAt: number) {
    const [george] = await t.db.select().from(users).where(eq(users.raNumber, GEORGE));
    const token = randomToken();
    await t.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId: george!.id,
      lastSeenAt: new Date(at),
      idleExpiresAt: new Date(idleExpiresAt),
      absoluteExpiresAt: new Date(absoluteExpiresAt),
    });
    return token;
  }

  it('answers from memory until the entry is 5 s old, then reads again', async () => {
    const start = Date.now();
    const token = await sessionAt(start, start + 30 * 60_000, start + 3_600_000);
    const clock = onClock(start + 1_000);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 1 });
    clock.set(start + 5_999);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 0 });
    clock.set(start + 6_000);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 1 });
  });

  it('ends a session at its idle expiry even while its context is cached', async () => {
    const start = Date.now();
    // Idle expiry 2 s after it was last seen (a session near its absolute expiry is slid no further).
    const token = await sessionAt(start, start + 2_000, start + 3_600_000);
    const clock = onClock(start + 500);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 1 });
    clock.set(start + 1_999);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 0 });
    clock.set(start + 2_000);
    expect((await clock.call(token)).accepted).toBe(false);
  });

  it('ends a session at its absolute expiry even while its context is cached', async () => {
    const start = Date.now();
    const token = await sessionAt(start, start + 30 * 60_000, start + 2_000);
    const clock = onClock(start + 500);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 1 });
    clock.set(start + 1_999);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 0 });
    clock.set(start + 2_000);
    expect((await clock.call(token)).accepted).toBe(false);
  });

  it('slides a session when it is due, through the statement, and answers from memory after', async () => {
    const start = Date.now();
    const token = await sessionAt(start, start + 30 * 60_000, start + 12 * 3_600_000);
    const clock = onClock(start + 59_000);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 1 });
    // Due to be slid (a minute since last seen): the statement runs, within the cache's 5 s.
    clock.set(start + 60_000);
    expect(await clock.call(token)).toMatchObject({ accepted: true, statements: 1 });
    const [row] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row!.lastSeenAt).toEqual(new Date(start + 60_000));
    expect(row!.idleExpiresAt).toEqual(new Date(start + 60_000 + t.config.session.idleMs));
    // The cached copy carries the slide, so the next request is not due again.
    clock.set(start + 61_000);
    const after = await clock.call(token);
    expect(after).toMatchObject({ accepted: true, statements: 0 });
    expect(after.auth?.session.lastSeenAt).toEqual(new Date(start + 60_000));
  });

  it('hands out a frozen context: a handler cannot change it for the next requests', async () => {
    const clock = onClock(Date.now());
    const token = await t.tokenFor(ALICE);
    const { auth } = await clock.call(token);
    expect(Object.isFrozen(auth)).toBe(true);
    const context = auth!;
    expect(() => {
      (context.currentUser as { givenName: string }).givenName = 'Mallory';
    }).toThrow(TypeError);
    expect(() => (context.currentUser.roles as unknown[]).push({})).toThrow(TypeError);
    expect(() => context.scope.organisationRoles.set('x', new Set())).toThrow(TypeError);
    expect(() => context.scope.organisationRoles.values().next().value?.add('PcaOperator')).toThrow(
      TypeError,
    );
    expect(() => context.session.absoluteExpiresAt.setFullYear(2100)).toThrow(TypeError);
    expect((await clock.call(token)).auth?.currentUser.givenName).toBe('Alice');
  });
});

describe('the cache on its own', () => {
  function fakeWrites() {
    let generation = 0;
    let heard = true;
    const writes: CommittedWrites = {
      generation: () => generation,
      heard: () => heard,
      listen: () => undefined,
      whenHeard: () => Promise.resolve(),
      nextGeneration: () => Promise.resolve(generation),
    };
    return { writes, bump: () => (generation += 1), deafen: (value: boolean) => (heard = !value) };
  }
  const contextFor = (tokenHash: string) =>
    ({
      session: { tokenHash },
      user: { photoData: null },
      currentUser: { managingPractitioner: null },
      organisations: [],
    }) as unknown as SessionContext;

  it('keeps nothing read before a write committed while the statement ran', () => {
    const { writes, bump } = fakeWrites();
    const cache = createSessionCache(writes, 5_000);
    const generation = cache.generation();
    bump();
    cache.set('a', contextFor('a'), generation, 0);
    expect(cache.get('a', 1)).toBeNull();
    cache.set('a', contextFor('a'), cache.generation(), 0);
    expect(cache.get('a', 1)).not.toBeNull();
    bump();
    expect(cache.get('a', 1)).toBeNull();
  });

  it('answers nothing while other processes’ writes are not heard', () => {
    const { writes, deafen } = fakeWrites();
    const cache = createSessionCache(writes, 5_000);
    cache.set('a', contextFor('a'), cache.generation(), 0);
    deafen(true);
    expect(cache.get('a', 1)).toBeNull();
    expect(cache.generation()).toBeNull();
  });

  it('answers nothing from an entry whose clock went backwards or that is another token’s', () => {
    const { writes } = fakeWrites();
    const cache = createSessionCache(writes, 5_000);
    cache.set('a', contextFor('a'), cache.generation(), 1_000);
    expect(cache.get('a', 999)).toBeNull();
    cache.set('b', contextFor('not b'), cache.generation(), 1_000);
    expect(cache.get('b', 1_001)).toBeNull();
  });

  it('forgets the least recently used entries past 10,000', () => {
    const { writes } = fakeWrites();
    const cache = createSessionCache(writes, 5_000);
    const generation = cache.generation();
    for (let i = 0; i < 10_000; i++) cache.set(`k${i}`, contextFor(`k${i}`), generation, 0);
    expect(cache.get('k0', 1)).not.toBeNull();
    cache.set('k10000', contextFor('k10000'), generation, 0);
    expect(cache.size).toBe(10_000);
    expect(cache.get('k0', 1)).not.toBeNull();
    expect(cache.get('k1', 1)).toBeNull();
  });

  it('freezes Maps, Sets and Dates too', () => {
    const value = deepFreeze({
      m: new Map([['a', new Set([1])]]),
      d: new Date(0),
      list: [{ x: 1 }],
    });
    expect(() => value.m.delete('a')).toThrow(TypeError);
    expect(() => value.m.get('a')!.clear()).toThrow(TypeError);
    expect(() => value.d.setTime(1)).toThrow(TypeError);
    expect(() => {
      value.list[0]!.x = 2;
    }).toThrow(TypeError);
    expect(value.m.get('a')!.has(1)).toBe(true);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two API processes on one PostgreSQL database',
  () => {
    const statementsB: string[] = [];
    let b: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> };
    let writesB: CommittedWrites;
    beforeAll(async () => {
      const handle = await createDatabase({
        databaseUrl: String(t.handle.pool!.options.connectionString),
        maxConnections: 2,
        onQuery: (s) => statementsB.push(s),
      });
      const app = await buildApp({
        db: handle.db,
        config: t.config,
        identity: createOidcIdentityClient(t.config.oidc),
        logger: false,
        serveWeb: false,
      });
      writesB = handle.writes;
      await writesB.whenHeard();
      b = {
        app,
        async close() {
          await app.close();
          await handle.close();
        },
      };
    });
    afterAll(() => b?.close());

    /**
     * Signs in through B, so the sign-in's own writes reach B's generation at once: only the writes a
     * test makes through A travel by notification.
     */
    async function tokenOnB(raNumber: string) {
      const login = await b.app.inject({ method: 'GET', url: apiPaths.login });
      const callback = await signInThroughProvider(String(login.headers.location), raNumber);
      const res = await b.app.inject({
        method: 'POST',
        url: apiPaths.token,
        payload: Object.fromEntries(callback.searchParams),
      });
      return (res.json() as { token: string }).token;
    }

    async function onB(token: string) {
      const before = statementsB.length;
      const res = await b.app.inject({ method: 'GET', url: apiPaths.me, headers: t.bearer(token) });
      return { res, statements: statementsB.length - before };
    }

    it('a sign-out through one process ends the session in the other as soon as it is announced', async () => {
      const token = await tokenOnB(ISLA);
      expect((await onB(token)).statements).toBe(1);
      expect((await onB(token)).statements).toBe(0);
      const announced = writesB.nextGeneration();
      const out = await counted('POST', apiPaths.logout, token);
      expect(out.res.statusCode).toBe(200);
      await announced;
      expectProblem((await onB(token)).res, 401);
    });

    it('a role removed through one process shows in the other', async () => {
      const token = await tokenOnB(ALICE);
      expect(CurrentUser.parse((await onB(token)).res.json()).roles).not.toHaveLength(0);
      expect((await onB(token)).statements).toBe(0);
      const announced = writesB.nextGeneration();
      const [alice] = await t.db.select().from(users).where(eq(users.raNumber, ALICE));
      await t.db.delete(roleMemberships).where(eq(roleMemberships.userId, alice!.id));
      await announced;
      const after = await onB(token);
      expect(after.statements).toBe(1);
      expect(CurrentUser.parse(after.res.json()).roles).toEqual([]);
    });

    it('reads every request while its listener is lost, and answers from memory again once it is back', async () => {
      const token = await tokenOnB(ISLA);
      await onB(token);
      expect((await onB(token)).statements).toBe(0);
      const lost = writesB.nextGeneration();
      await t.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
             where application_name = ${LISTENER_NAME} and datname = current_database()`,
      );
      await lost;
      expect(writesB.heard()).toBe(false);
      expect((await onB(token)).statements).toBe(1);
      expect((await onB(token)).statements).toBe(1);
      await writesB.whenHeard();
      await onB(token);
      expect((await onB(token)).statements).toBe(0);
    });
  },
);
