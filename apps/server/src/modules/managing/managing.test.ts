import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CurrentUser, DelegatePractitioners, shellApiPaths } from '@pca/contracts';
import { auditEvents, users } from '#db/schema/index.ts';
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

  it('shows the photo Alice uploaded, on the card and in the header while Ben manages her', async () => {
    // A photo is the user's (docs/decisions/024-profile-photo.md): as Alice's profile upload stores it.
    const photo = 'data:image/png;base64,iVBORw0KGgo=';
    await t.db
      .update(users)
      .set({ photoData: photo })
      .where(eq(users.id, demoIds.user('alice')));
    const ben = await t.tokenFor('2000000022');
    const res = await t.app.inject({
      method: 'GET',
      url: shellApiPaths.managedPractitioners,
      headers: t.bearer(ben),
    });
    const cards = DelegatePractitioners.parse(res.json()).practitioners;
    expect(cards.find((p) => p.id === alice)?.userPhotoData).toBe(photo);
    expect(cards.find((p) => p.id === farah)?.userPhotoData).toBeNull();
    await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(ben),
      payload: { practitionerId: alice },
    });
    expect((await me(ben)).managingPractitioner?.userPhotoData).toBe(photo);
    await t.app.inject({ method: 'DELETE', url: shellApiPaths.managing, headers: t.bearer(ben) });
    await t.db
      .update(users)
      .set({ photoData: null })
      .where(eq(users.id, demoIds.user('alice')));
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

// The capability table (docs/product/rules.md#permissions) switches the business powers off while managing a practitioner, and the
// server holds it (docs/decisions/055-hpii-lookup-and-managing-powers.md): Ben, a HealthcareServiceManager
// of Surry Hills GP and Alice's delegate, acts for Alice with what the delegation grants, never with
// his own manager role, so nothing he changes to the business can be recorded as done for Alice.
describe('while managing, the delegate’s own powers do not apply', () => {
  const gp = demoIds.healthcareService('surry-hills-gp');
  const clinic = demoIds.location('surry-hills-clinic');
  const gpEdit = (name: string) => ({
    name,
    serviceType: 'General practice',
    description: '',
    locationId: clinic,
    startDate: '2024-03-04',
    endDate: '',
    suppressEmail: false,
    suppressPhone: false,
    openingHours: [],
    phone: '',
    afterHoursPhone: '',
    email: '',
    fax: '',
    website: '',
  });
  const patchGp = (token: string, name: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/healthcare-services/${gp}`,
      headers: t.bearer(token),
      payload: gpEdit(name),
    });
  const manage = async (token: string, practitionerId: string) => {
    const res = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(token),
      payload: { practitionerId },
    });
    expect(res.statusCode).toBe(200);
  };
  const gpEvents = () =>
    t.db
      .select({
        action: auditEvents.action,
        actingFor: auditEvents.actingForPractitionerId,
        changed: auditEvents.changedFields,
      })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, gp));

  it('refuses Ben’s edit of Surry Hills GP while he manages Alice, and allows it once he stops', async () => {
    const token = await t.tokenFor('2000000022');
    await manage(token, alice);

    const refused = await patchGp(token, 'Edited while managing Alice');
    expectProblem(refused, 403);
    expect(
      (await gpEvents()).some((e) => e.changed['name'] === 'Edited while managing Alice'),
    ).toBe(false);

    await t.app.inject({ method: 'DELETE', url: shellApiPaths.managing, headers: t.bearer(token) });
    const allowed = await patchGp(token, 'Harbour General Practice Surry Hills');
    expect(allowed.statusCode).toBe(200);
    const events = await gpEvents();
    expect(events.length).toBeGreaterThan(0);
    // What Ben did in his own account is his alone: no business edit is ever recorded as done for Alice.
    expect(events.every((e) => e.actingFor === null)).toBe(true);
  });

  it('refuses his business reads, publications, roles and practitioner lookups while he manages Farah', async () => {
    const token = await t.tokenFor('2000000022');
    await manage(token, farah);
    const h = t.bearer(token);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/healthcare-services/${gp}`, headers: h }),
      t.app.inject({
        method: 'PUT',
        url: `/api/publications/healthcare-service/${gp}/partners/${demoIds.partnerService('medifund')}`,
        headers: h,
        payload: { publish: false, publishFuturePractitioners: false },
      }),
      t.app.inject({
        method: 'PUT',
        url: `/api/practitioner-roles/${demoIds.practitionerRole('alice', 'surry-hills-gp')}`,
        headers: h,
        payload: {
          primaryType: 'General practitioner',
          preferredName: null,
          numberOfDays: 3,
          startDate: '2024-03-04',
          endDate: null,
        },
      }),
      t.app.inject({ method: 'GET', url: '/api/practitioner-roles/options', headers: h }),
      t.app.inject({ method: 'GET', url: '/api/publish-selector/entities', headers: h }),
    ]);
    for (const res of answers) expect([403, 404]).toContain(res.statusCode);
    // A business of his own waits until he switches back: it would otherwise start in Farah's session.
    const registration = await t.app.inject({
      method: 'POST',
      url: '/api/business-registrations',
      headers: h,
      payload: { legalName: 'Managing Pty Ltd', businessName: 'Managing', abn: '51824753556' },
    });
    expect(expectProblem(registration, 403).detail).toBe(
      'Switch back to your own account to register a business.',
    );
    for (const res of answers)
      expect(res.headers['content-type']).toContain('application/problem+json');

    // The business list of a managing session is empty: view businesses is off (docs/product/rules.md#permissions).
    const organisations = await t.app.inject({
      method: 'GET',
      url: '/api/me/organisations',
      headers: h,
    });
    expect(organisations.statusCode).toBe(200);
    expect(organisations.json()).toMatchObject({ organisations: [] });
  });
});
