import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths, meApiPaths, practitionerApiPaths } from '@pca/contracts';
import { roleMemberships, sessions, users } from '#db/schema/index.ts';
import { hashToken } from '#lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ALICE, GEORGE } from '../../test/use-test-app.ts';
import { createAuthenticate } from './authenticate.ts';

const statements: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' }, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => t.close());

const lastSeenOf = async (token: string) =>
  (
    await t.db
      .select({ lastSeenAt: sessions.lastSeenAt, idleExpiresAt: sessions.idleExpiresAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
  )[0]!;

describe('the session lookup (one statement per request)', () => {
  it('slides a session that is due in the same statement that reads it', async () => {
    const token = await t.tokenFor(ALICE);
    const before = await lastSeenOf(token);
    const later = new Date(before.lastSeenAt.getTime() + 2 * 60_000);
    const authenticate = createAuthenticate(t.db, t.config.session.idleMs, () => later);
    const request = { headers: t.bearer(token), auth: null } as unknown as FastifyRequest;

    const counted = statements.length;
    await authenticate(request, {} as FastifyReply);
    expect(statements.length - counted).toBe(1);
    expect(request.auth?.currentUser.authIdentifier).toBe(ALICE);
    const after = await lastSeenOf(token);
    expect(after.lastSeenAt).toEqual(later);
    expect(after.idleExpiresAt).toEqual(new Date(later.getTime() + t.config.session.idleMs));

    // Not due again at the same instant: still one statement, and the session is left as it is.
    const again = statements.length;
    await authenticate(
      { headers: t.bearer(token), auth: null } as unknown as FastifyRequest,
      {} as FastifyReply,
    );
    expect(statements.length - again).toBe(1);
    expect(await lastSeenOf(token)).toEqual(after);
  });

  it('a removed role takes effect on the next request (the write empties the session cache)', async () => {
    const token = await t.tokenFor(GEORGE);
    const headers = t.bearer(token);
    const trees = await t.app.inject({ method: 'GET', url: meApiPaths.organisations, headers });
    expect((trees.json() as { organisations: unknown[] }).organisations).not.toHaveLength(0);
    expect(
      (await t.app.inject({ method: 'GET', url: practitionerApiPaths.serviceOfferings, headers }))
        .statusCode,
    ).toBe(200);

    const [george] = await t.db.select().from(users).where(eq(users.raNumber, GEORGE));
    await t.db.delete(roleMemberships).where(eq(roleMemberships.userId, george!.id));

    const after = await t.app.inject({ method: 'GET', url: meApiPaths.organisations, headers });
    expect(after.json()).toEqual({ organisations: [] });
    const me = await t.app.inject({ method: 'GET', url: apiPaths.me, headers });
    expect(me.json()).toMatchObject({ roles: [] });
    const refused = await t.app.inject({
      method: 'GET',
      url: practitionerApiPaths.serviceOfferings,
      headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ status: 403, title: expect.any(String) });
  });
});
