import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupHelperStatus, SignUpBanner, SiteOrganisations } from '@pca/contracts';
import { eq } from 'drizzle-orm';
import { organisations, practitionerRoles, roleMemberships } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { sessionContextLookup } from '#platform/auth/session-context.ts';
import { hashToken } from '#lib/tokens.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setupSteps, welcomeService } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function get(raNumber: string | null, url: string, token?: string) {
  const headers = token ? t.bearer(token) : raNumber ? t.bearer(await t.tokenFor(raNumber)) : {};
  return t.app.inject({ method: 'GET', url, headers });
}
const banner = async (ra: string) =>
  SignUpBanner.parse((await get(ra, '/api/welcome/sign-up-banner')).json()).organisation;
const sites = async (ra: string, token?: string) =>
  SiteOrganisations.parse((await get(ra, '/api/welcome/site-organisations', token)).json())
    .organisations;

describe('GET /api/welcome/sign-up-banner', () => {
  it('needs a session', async () => {
    expect((await get(null, '/api/welcome/sign-up-banner')).statusCode).toBe(401);
  });

  it('gives each user their most recent publisher organisation', async () => {
    expect(await banner('2000000099')).toMatchObject({
      businessName: 'Coastal Physio Collective',
      publisherApprovalStatus: 'PendingSubmission',
    });
    expect(await banner('2000000101')).toMatchObject({
      businessName: 'Riverbend Allied Health',
      publisherApprovalStatus: 'PendingApproval',
    });
    expect(await banner('2000000011')).toMatchObject({
      businessName: 'Harbour Medical Group',
      publisherApprovalStatus: 'Approved',
    });
    // Chloe and Priya hold no organisation role.
    expect(await banner('2000000033')).toBeNull();
    expect(await banner('2000000077')).toBeNull();
  });
});

describe('site organisations and the setup helper', () => {
  it('offers Alice her one business and nobody else’s', async () => {
    expect((await sites('2000000011')).map((o) => o.name)).toEqual([
      'Harbour Medical Group Pty Ltd',
    ]);
    // Ben manages a service, George only views: no site set-up.
    expect(await sites('2000000022')).toEqual([]);
    expect(await sites('2000000066')).toEqual([]);
  });

  it('computes Harbour’s tiles from its data; Coastal’s shows only the first step available', async () => {
    const harbour = demoIds.organisation('harbour-group');
    const res = await get('2000000011', `/api/welcome/site-organisations/${harbour}/setup-helper`);
    expect(res.statusCode).toBe(200);
    const status = SetupHelperStatus.parse(res.json());
    expect(status.steps.map((s) => [s.key, s.state])).toEqual([
      ['location', 'complete'],
      ['healthcareService', 'complete'],
      ['practitioners', 'complete'],
      ['publishing', 'complete'],
    ]);
    expect(status.steps[0]!.count).toBe(3);
    expect(status.steps[1]!.count).toBe(3);

    const coastal = demoIds.organisation('coastal-physio');
    const isla = SetupHelperStatus.parse(
      (await get('2000000099', `/api/welcome/site-organisations/${coastal}/setup-helper`)).json(),
    );
    expect(isla.steps.map((s) => s.state)).toEqual(['default', 'inactive', 'inactive', 'inactive']);
  });

  it('counts a role from today in Sydney, the start date Add practitioner offers', async () => {
    const token = await t.tokenFor('2000000011');
    const alice = await sessionContextLookup(t.db)(hashToken(token), new Date(), {
      before: new Date(0),
      idleMs: 60_000,
    });
    // 08:30 on 3 March in Sydney, still 2 March in UTC.
    const service = welcomeService(t.db, () => new Date('2026-03-02T21:30:00Z'));
    const harbour = demoIds.organisation('harbour-group');
    const practitioners = async () =>
      (await service.setupHelper(alice!, harbour)).steps.find((s) => s.key === 'practitioners')!
        .count;
    const before = await practitioners();
    const [role] = await t.db
      .insert(practitionerRoles)
      .values({
        practitionerId: demoIds.practitioner('alice'),
        healthcareServiceId: demoIds.healthcareService('surry-hills-skin'),
        primaryType: 'Skin cancer doctor',
        startDate: '2026-03-03',
      })
      .returning();
    try {
      expect(await practitioners()).toBe(before + 1);
    } finally {
      await t.db.delete(practitionerRoles).where(eq(practitionerRoles.id, role!.id));
    }
  });

  it('answers 404 for an organisation outside the user’s site organisations, 400 for a bad id', async () => {
    const coastal = demoIds.organisation('coastal-physio');
    expect(
      (await get('2000000011', `/api/welcome/site-organisations/${coastal}/setup-helper`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get('2000000011', '/api/welcome/site-organisations/nope/setup-helper')).statusCode,
    ).toBe(400);
    expect(
      (await get(null, `/api/welcome/site-organisations/${coastal}/setup-helper`)).statusCode,
    ).toBe(401);
  });

  it('lists several organisations when the user manages several', async () => {
    const [extra] = await t.db
      .insert(organisations)
      .values({ type: 'ParticipatingOrganisation', name: 'Alpha Clinics Pty Ltd' })
      .returning();
    await t.db.insert(roleMemberships).values({
      userId: demoIds.user('alice'),
      roleType: 'OrganisationManager',
      organisationId: extra!.id,
    });
    expect((await sites('2000000011')).map((o) => o.name)).toEqual([
      'Alpha Clinics Pty Ltd',
      'Harbour Medical Group Pty Ltd',
    ]);
  });

  it('offers nothing while the user manages a practitioner', async () => {
    const token = await t.tokenFor('2000000022');
    const start = await t.app.inject({
      method: 'PUT',
      url: '/api/managing',
      headers: t.bearer(token),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    expect(start.statusCode).toBe(200);
    expect(await sites('2000000022', token)).toEqual([]);
  });
});

describe('setupSteps', () => {
  it('keeps later steps inactive until the earlier ones exist', () => {
    expect(
      setupSteps({
        locations: 1,
        healthcareServices: 0,
        practitionerRoles: 0,
        publicationPreferences: 0,
      }).map((s) => s.state),
    ).toEqual(['complete', 'default', 'inactive', 'inactive']);
    expect(
      setupSteps({
        locations: 1,
        healthcareServices: 2,
        practitionerRoles: 0,
        publicationPreferences: 0,
      }).map((s) => s.state),
    ).toEqual(['complete', 'complete', 'default', 'default']);
  });
});
