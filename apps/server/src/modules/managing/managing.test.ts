import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CurrentUser, DelegatePractitioners, shellApiPaths } from '@pca/contracts';
import { auditEvents } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const alice = demoIds.practitioner('alice');
const farah = demoIds.practitioner('farah');

async function me(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me', headers: t.bearer(token) });
  return CurrentUser.parse(res.json());
}

describe('GET /api/managing/practitioners', () => {
  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: shellApiPaths.managedPractitioners });
    expectProblem(res, 401);
  });

  it('lists the practitioners Ben is an accepted delegate of', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: shellApiPaths.managedPractitioners,
      headers: t.bearer(await t.tokenFor('2000000022')),
    });
    expect(res.statusCode).toBe(200);
    const { practitioners } = DelegatePractitioners.parse(res.json());
    expect(practitioners.map((p) => `${p.givenName} ${p.familyName}`)).toEqual([
      'Farah Haddad',
      'Alice Nguyen',
    ]);
  });

  it.each([
    ['Alice (a practitioner, nobody’s delegate)', '2000000011'],
    ['George (his delegation was stopped)', '2000000066'],
  ])('answers %s with an empty list: it is the caller’s own data', async (_who, ra) => {
    const res = await t.app.inject({
      method: 'GET',
      url: shellApiPaths.managedPractitioners,
      headers: t.bearer(await t.tokenFor(ra)),
    });
    expect(res.statusCode).toBe(200);
    expect(DelegatePractitioners.parse(res.json())).toEqual({ practitioners: [] });
  });
});

describe('PUT and DELETE /api/managing', () => {
  it('lets Ben manage Alice, shows it on /api/me, audits it, and switches back', async () => {
    const token = await t.tokenFor('2000000022');
    const put = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(token),
      payload: { practitionerId: alice },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: alice, givenName: 'Alice', familyName: 'Nguyen' });
    expect((await me(token)).managingPractitioner).toMatchObject({ id: alice, givenName: 'Alice' });

    // Another session of the same user is not affected: managing belongs to the session.
    const other = await t.tokenFor('2000000022');
    expect((await me(other)).managingPractitioner).toBeNull();

    const del = await t.app.inject({
      method: 'DELETE',
      url: shellApiPaths.managing,
      headers: t.bearer(token),
    });
    expect(del.statusCode).toBe(204);
    expect((await me(token)).managingPractitioner).toBeNull();

    const actions = await t.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.actingForPractitionerId, alice));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['managing.start', 'managing.stop']),
    );
  });

  it('refuses a practitioner Ben is not a delegate of with 404', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(await t.tokenFor('2000000022')),
      payload: { practitionerId: demoIds.user('alice') },
    });
    expectProblem(res, 404);
  });

  it('refuses George, whose delegation for Alice was stopped, with 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(await t.tokenFor('2000000066')),
      payload: { practitionerId: alice },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('validates the body', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(await t.tokenFor('2000000022')),
      payload: { practitionerId: 'nope' },
    });
    expectProblem(res, 400, { field: 'practitionerId' });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: shellApiPaths.managing })).statusCode).toBe(
      401,
    );
  });

  it('Farah is managed too', async () => {
    const token = await t.tokenFor('2000000022');
    const put = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(token),
      payload: { practitionerId: farah },
    });
    expect(put.statusCode).toBe(200);
  });
});
