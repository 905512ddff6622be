import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AdminSummary, apiPaths, UserDetail, UsersPage } from '@pca/contracts';
import { buildApp } from '#app/build-app.ts';
import { createDatabase } from '#db/client.ts';
import type { CommittedWrites } from '#db/committed-writes.ts';
import { auditEvents, delegations, sessions, users } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { signInThroughProvider } from '@pca/identity-provider/testing';
import { openSessionFor } from '../../reliability/sessions.ts';
import { usersService } from './service.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { ALICE, BEN, GEORGE, PRIYA, useTestApp } from '../../test/use-test-app.ts';

const { t, as } = useTestApp({ RATE_LIMITS: 'false' });

const HENRY = '2000000088';
const ben = demoIds.user('ben');
const henry = demoIds.user('henry');
const reason = { reason: 'Left the practice on 20 November.' };

const list = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/users?${query}`,
    headers: await as(PRIYA),
  });
  expect(res.statusCode).toBe(200);
  return UsersPage.parse(res.json());
};

describe("the operator's users", () => {
  it('finds people by part of their RA number, name or email', async () => {
    expect((await list('q=2000000077')).items.map((u) => u.familyName)).toEqual(['Raman']);
    // Digits are the start of an RA number.
    expect((await list('q=20000000')).total).toBeGreaterThanOrEqual(7);
    expect((await list('q=0000077')).total).toBe(0);
    expect((await list('q=okaf')).items.map((u) => u.id)).toEqual([ben]);
    expect((await list('q=ben%20oka')).items.map((u) => u.id)).toEqual([ben]);
    expect((await list('q=harbourmedical.example')).items.map((u) => u.givenName)).toEqual(
      expect.arrayContaining(['Alice', 'Ben', 'George']),
    );
    // A LIKE wildcard is a character like any other.
    expect((await list('q=%25%25%25')).total).toBe(0);
  });

  it('pages and sorts on the server', async () => {
    const all = await list('pageSize=100');
    expect(all.total).toBeGreaterThan(5);
    const names = all.items.map((u) => `${u.familyName} ${u.givenName}`);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const first = await list('pageSize=2&page=1&sort=raNumber');
    const second = await list('pageSize=2&page=2&sort=raNumber');
    expect(first.items).toHaveLength(2);
    expect(first.items[1]!.raNumber < second.items[0]!.raNumber).toBe(true);
    const down = await list('pageSize=2&sort=raNumber&direction=desc');
    expect(down.items[0]!.raNumber > down.items[1]!.raNumber).toBe(true);
    // The most recent sign-in first, "never" last; the other way round, "never" first.
    const recent = (await list('pageSize=100&sort=lastLogin&direction=desc')).items;
    const seen = recent.filter((u) => u.lastLoginAt).map((u) => u.lastLoginAt!);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(recent.findIndex((u) => !u.lastLoginAt)).toBeGreaterThanOrEqual(seen.length);
    const oldest = (await list('pageSize=100&sort=lastLogin')).items;
    expect(oldest.at(-1)!.lastLoginAt).not.toBeNull();
    expect((await list('page=999')).items).toEqual([]);
  });

  it('refuses short or malformed queries with a problem', async () => {
    const headers = await as(PRIYA);
    for (const url of ['/api/users?q=ab', '/api/users?sort=password', '/api/users?pageSize=0'])
      expectProblem(await t.app.inject({ method: 'GET', url, headers }), 400);
  });

  it('shows one user: roles, delegations both ways, recent audit events', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${demoIds.user('alice')}`,
      headers: await as(PRIYA),
    });
    const detail = UserDetail.parse(res.json());
    expect(detail.user.raNumber).toBe(ALICE);
    expect(detail.roles.map((r) => r.roleType)).toContain('OrganisationManager');
    expect(detail.delegations.some((d) => d.direction === 'practitioner')).toBe(true);
    const benDetail = UserDetail.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/users/${ben}`, headers: await as(PRIYA) })
      ).json(),
    );
    expect(benDetail.delegations.filter((d) => d.direction === 'delegate').length).toBeGreaterThan(
      0,
    );
    expectProblem(
      await t.app.inject({
        method: 'GET',
        url: '/api/users/00000000-0000-4000-8000-000000000000',
        headers: await as(PRIYA),
      }),
      404,
    );
  });

  it('counts every operator area on the home in one answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/summary',
      headers: await as(PRIYA),
    });
    const summary = AdminSummary.parse(res.json());
    expect(summary.pendingRegistrations).toBe(1);
    expect(summary.users.inactive).toBeGreaterThanOrEqual(1);
    expect(summary.partnerServices).toBeGreaterThan(0);
    expect(summary.pendingTransfers).toBe(0);
    expect(summary.identifierSystems).toBe(0);
  });

  it('refuses everyone but the operator in their own account, with problem bodies', async () => {
    const managing = await openSessionFor(t.db, BEN, undefined, demoIds.practitioner('alice'));
    const callers = [await as(ALICE), await as(GEORGE), t.bearer(managing)];
    const requests = [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: `/api/users/${ben}` },
      { method: 'GET', url: '/api/admin/summary' },
      { method: 'POST', url: `/api/users/${ben}/deactivate`, payload: reason },
      { method: 'POST', url: `/api/users/${henry}/reactivate`, payload: reason },
    ] as const;
    for (const r of requests) {
      expectProblem(await t.app.inject(r), 401);
      for (const headers of callers) expectProblem(await t.app.inject({ ...r, headers }), 403);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, ben));
    expect(row!.isActive).toBe(true);
  });

  it('refuses anyone else before reading the query or body: a malformed one is 403, not 400', async () => {
    const headers = { ...(await as(ALICE)), 'content-type': 'application/json' };
    const requests = [
      { method: 'GET', url: '/api/users?q=a&page=0' },
      { method: 'GET', url: '/api/users/not-a-uuid' },
      { method: 'POST', url: `/api/users/${ben}/deactivate`, payload: '{"reason":' },
      { method: 'POST', url: `/api/users/${ben}/deactivate`, payload: '{"reason":""}' },
    ] as const;
    for (const r of requests) expectProblem(await t.app.inject({ ...r, headers }), 403);
    const [row] = await t.db.select().from(users).where(eq(users.id, ben));
    expect(row!.isActive).toBe(true);
  });

  it('needs a reason', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${ben}/deactivate`,
      headers: await as(PRIYA),
      payload: { reason: '  ' },
    });
    expectProblem(res, 400, { field: 'reason' });
  });

  it('deactivates: sessions end at once (cached ones too) as inactive-user, delegations stop, audited with the reason', async () => {
    const token = await t.tokenFor(BEN);
    // Twice: the second answer comes from the session cache.
    for (let i = 0; i < 2; i++)
      expect(
        (await t.app.inject({ method: 'GET', url: apiPaths.me, headers: t.bearer(token) }))
          .statusCode,
      ).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${ben}/deactivate`,
      headers: await as(PRIYA),
      payload: reason,
    });
    expect(res.statusCode).toBe(204);
    expectProblem(
      await t.app.inject({ method: 'GET', url: apiPaths.me, headers: t.bearer(token) }),
      401,
      { type: 'inactive-user' },
    );
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, ben)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const his = await t.db.select().from(delegations).where(eq(delegations.delegateUserId, ben));
    expect(his.length).toBeGreaterThan(0);
    expect(his.every((d) => d.status === 'Stopped' || d.status === 'Cancelled')).toBe(true);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, ben), eq(auditEvents.action, 'user.deactivated')));
    expect(event!.actorUserId).toBe(demoIds.user('priya'));
    expect(event!.changedFields).toMatchObject({ reason: reason.reason });
    const stopped = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'delegation.stop'));
    expect(stopped.length).toBeGreaterThan(0);
    // Signing in again is refused as inactive; deactivating twice is a conflict.
    await expect(t.tokenFor(BEN)).rejects.toThrow();
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: `/api/users/${ben}/deactivate`,
        headers: await as(PRIYA),
        payload: reason,
      }),
      409,
    );
  });

  it('an open session of an inactive user is told so; reactivating lets them sign in, audited', async () => {
    const open = await openSessionFor(t.db, HENRY);
    expectProblem(
      await t.app.inject({ method: 'GET', url: apiPaths.me, headers: t.bearer(open) }),
      401,
      { type: 'inactive-user' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${henry}/reactivate`,
      headers: await as(PRIYA),
      payload: { reason: 'Back at the practice.' },
    });
    expect(res.statusCode).toBe(204);
    const token = await t.tokenFor(HENRY);
    expect(
      (await t.app.inject({ method: 'GET', url: apiPaths.me, headers: t.bearer(token) }))
        .statusCode,
    ).toBe(200);
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, henry), eq(auditEvents.action, 'user.reactivated')));
    expect(event!.changedFields).toMatchObject({ reason: 'Back at the practice.' });
    const detail = UserDetail.parse(
      (
        await t.app.inject({ method: 'GET', url: `/api/users/${henry}`, headers: await as(PRIYA) })
      ).json(),
    );
    expect(detail.auditEvents.map((e) => e.action)).toContain('user.reactivated');
  });

  it('the operator cannot deactivate their own account', async () => {
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: `/api/users/${demoIds.user('priya')}/deactivate`,
        headers: await as(PRIYA),
        payload: reason,
      }),
      409,
    );
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('deactivating across two API processes', () => {
  let b: { app: Awaited<ReturnType<typeof buildApp>>; close(): Promise<void> };
  let writesB: CommittedWrites;
  beforeAll(async () => {
    const handle = await createDatabase({
      databaseUrl: String(t.handle.pool!.options.connectionString),
      maxConnections: 2,
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

  it("ends the session another process holds in its cache, at the other's next request", async () => {
    const login = await b.app.inject({ method: 'GET', url: apiPaths.login });
    const callback = await signInThroughProvider(String(login.headers.location), GEORGE);
    const signIn = await b.app.inject({
      method: 'POST',
      url: apiPaths.token,
      payload: Object.fromEntries(callback.searchParams),
    });
    const token = (signIn.json() as { token: string }).token;
    const onB = () => b.app.inject({ method: 'GET', url: apiPaths.me, headers: t.bearer(token) });
    expect((await onB()).statusCode).toBe(200);
    expect((await onB()).statusCode).toBe(200);
    const announced = writesB.nextGeneration();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/users/${demoIds.user('george')}/deactivate`,
      headers: await as(PRIYA),
      payload: reason,
    });
    expect(res.statusCode).toBe(204);
    await announced;
    expectProblem(await onB(), 401, { type: 'inactive-user' });
  });
});

describe('npm run operator:grant (docs/decisions/097-production-starts-empty.md)', () => {
  it('makes a signed-in person an operator once, audited; refuses an RA number nobody has', async () => {
    const service = usersService(t.db);
    expect(await service.grantOperator('2999999999')).toBe('no-user');
    // Henry is no operator: the operator's users are refused him.
    const henryHeaders = await as(HENRY);
    expectProblem(
      await t.app.inject({ method: 'GET', url: '/api/users', headers: henryHeaders }),
      403,
    );
    expect(await service.grantOperator(HENRY)).toBe('granted');
    expect(await service.grantOperator(HENRY)).toBe('already-operator');
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.role-granted'), eq(auditEvents.entityId, henry)));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorUserId: null,
      changedFields: { roleType: 'PcaOperator', source: 'npm run operator:grant' },
    });
    // His next sign-in is an operator's.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: t.bearer(await t.tokenFor(HENRY)),
    });
    expect(res.statusCode).toBe(200);
  });
});
