import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CurrentUser, SessionToken } from '@pca/contracts';
import { auditEvents, sessions, users } from '#db/schema/index.ts';
import { hashToken } from '#lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/me', headers: t.bearer(token) });

describe('sign-in through the identity provider', () => {
  it('redirects to the provider with PKCE S256, state and nonce', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    expect(res.statusCode).toBe(302);
    const url = new URL(String(res.headers.location));
    expect(url.origin).toBe(t.config.oidc.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(url.searchParams.get('redirect_uri')).toBe(t.config.oidc.redirectUri);
    expect(url.searchParams.has('prompt')).toBe(false);
  });

  it('with prompt=login asks the provider for a fresh sign-in (a mandatory dialog’s Cancel); other prompts are 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/login?prompt=login' });
    expect(res.statusCode).toBe(302);
    expect(new URL(String(res.headers.location)).searchParams.get('prompt')).toBe('login');
    const other = await t.app.inject({ method: 'GET', url: '/api/auth/login?prompt=none' });
    expect(other.statusCode).toBe(400);
  });

  it('signs Alice in: an opaque token stored only as a hash, and her user from GET /api/me', async () => {
    const res = await t.signIn('2000000011');
    expect(res.statusCode).toBe(200);
    const body = SessionToken.parse(res.json());
    const [stored] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(body.token)));
    expect(stored).toBeDefined();
    const raw = await t.db.select().from(sessions).where(eq(sessions.tokenHash, body.token));
    expect(raw).toHaveLength(0);
    expect(new Date(body.absoluteExpiresAt).getTime()).toBeGreaterThan(
      new Date(body.idleExpiresAt).getTime(),
    );

    const user = CurrentUser.parse((await me(body.token)).json());
    expect(user).toMatchObject({
      authIdentifier: '2000000011',
      givenName: 'Alice',
      familyName: 'Nguyen',
      initials: 'AN',
      isProfileComplete: true,
      isPractitioner: true,
      hpii: '8003615260181594',
      participationApprovalStatus: 'Accepted',
      practitionerPreferredName: { text: 'Dr Alice Nguyen' },
      managingPractitioner: null,
    });
    expect(user.practitionerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.ahpraPractitionerDetails).toEqual([
      { professionNumber: 'MED0001234567', profession: 'Medical Practitioner' },
    ]);
    expect(user.roles).toEqual([expect.objectContaining({ type: 'OrganisationManager' })]);
  });

  it('records the sign-in in the audit log', async () => {
    const token = await t.tokenFor('2000000066');
    const [session] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session.created'), eq(auditEvents.entityId, session!.id)));
    expect(events).toHaveLength(1);
  });

  it('a state can be used once only', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    const { signInThroughProvider } = await import('@pca/identity-provider/testing');
    const callback = await signInThroughProvider(String(login.headers.location), '2000000066');
    const payload = Object.fromEntries(callback.searchParams);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/token', payload })).statusCode,
    ).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/token', payload });
    expect(again.statusCode).toBe(400);
    expect(again.json().type).toBe('/problems/sign-in-expired');
  });

  it('refuses an unknown state and a forged code', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { code: 'x', state: 'never-issued' },
    });
    expectProblem(unknown, 400, { type: 'sign-in-expired' });
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    const state = new URL(String(login.headers.location)).searchParams.get('state');
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: { code: 'forged-code', state },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().type).toBe('/problems/sign-in-failed');
  });

  it('refuses an authorisation response that names another issuer (RFC 9207)', async () => {
    const login = await t.app.inject({ method: 'GET', url: '/api/auth/login' });
    const { signInThroughProvider } = await import('@pca/identity-provider/testing');
    const callback = await signInThroughProvider(String(login.headers.location), '2000000066');
    const payload = {
      ...Object.fromEntries(callback.searchParams),
      iss: 'https://attacker.example.com',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/token', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('/problems/sign-in-failed');
  });

  it('creates an incomplete user for a first-time identity (Chloe)', async () => {
    expect(await t.db.select().from(users).where(eq(users.raNumber, '2000000033'))).toHaveLength(0);
    const token = await t.tokenFor('2000000033');
    const user = CurrentUser.parse((await me(token)).json());
    expect(user).toMatchObject({
      authIdentifier: '2000000033',
      givenName: 'Chloe',
      familyName: 'Martin',
      isProfileComplete: false,
      isPractitioner: false,
      roles: [],
    });
    // Signing in again finds the same user rather than making another.
    await t.tokenFor('2000000033');
    expect(await t.db.select().from(users).where(eq(users.raNumber, '2000000033'))).toHaveLength(1);
  });

  it('finds Dana’s delegate invitation by her RA number on her first sign-in', async () => {
    const token = await t.tokenFor('2000000044');
    const user = CurrentUser.parse((await me(token)).json());
    expect(user.isProfileComplete).toBe(false);
    expect(user.delegateInvitationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows Ben as an approved delegate and a healthcare service manager', async () => {
    const user = CurrentUser.parse((await me(await t.tokenFor('2000000022'))).json());
    expect(user.isApprovedPractitionerDelegate).toBe(true);
    expect(user.isPractitioner).toBe(false);
    expect(user.roles).toEqual([
      expect.objectContaining({
        type: 'HealthcareServiceManager',
        healthcareServiceId: expect.any(String),
      }),
    ]);
  });

  it('gives an inactive user (Henry) no session: 403 inactive-user', async () => {
    const res = await t.signIn('2000000088');
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().type).toBe('/problems/inactive-user');
  });
});

describe('sessions', () => {
  it('answers 401 problem+json without a token, with a malformed one, or an unknown one', async () => {
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('logout revokes the session and returns the provider end-session URL', async () => {
    const token = await t.tokenFor('2000000011');
    expect((await me(token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: t.bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().endSessionUrl);
    expect(url.origin).toBe(t.config.oidc.issuer);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(
      t.config.oidc.postLogoutRedirectUri,
    );
    expect((await me(token)).statusCode).toBe(401);
    // A revoked session cannot log out twice.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: t.bearer(token) }))
        .statusCode,
    ).toBe(401);
  });

  it('an idle-expired session gets 401', async () => {
    const token = await t.tokenFor('2000000011');
    await t.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('an absolutely expired session gets 401 even when recently used', async () => {
    const token = await t.tokenFor('2000000011');
    await t.db
      .update(sessions)
      .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('a user made inactive loses access at once', async () => {
    const token = await t.tokenFor('2000000099');
    expect((await me(token)).statusCode).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.raNumber, '2000000099'));
    expect((await me(token)).statusCode).toBe(401);
  });
});
