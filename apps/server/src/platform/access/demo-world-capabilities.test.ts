import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  capabilitiesOf,
  capabilityInputOf,
  CurrentUser,
  meApiPaths,
  menuVisibility,
  MyOrganisations,
  SiteOrganisations,
  welcomeApiPaths,
} from '@pca/contracts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * What each person of the demo world may do, as the SPA works it out: the API's answers about them (the
 * current user, their organisation trees, the organisations they may set up a site for) through the shared
 * capability rules (packages/contracts/src/capabilities.ts). The browser journeys signed in as each of them
 * to read their dashboard cards and header menus (e2e/tests/welcome.spec.ts, shell.spec.ts); the rules'
 * rendering is the component tests' (apps/web/src/features/welcome/routes/welcome-identities.test.tsx,
 * apps/web/src/app/shell/shell-by-identity.test.tsx), and what the seed and the server answer for each
 * person is checked here, in milliseconds (issue 31, docs/decisions/052-ci-budget.md).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'false' });
});
afterAll(() => t.close());

async function get(token: string, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: t.bearer(token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as unknown;
}

/** The person as the SPA sees them after signing in. */
async function asSeen(raNumber: string, token?: string) {
  const bearer = token ?? (await t.tokenFor(raNumber));
  const user = CurrentUser.parse(await get(bearer, apiPaths.me));
  const { organisations } = MyOrganisations.parse(await get(bearer, meApiPaths.organisations));
  const sites = SiteOrganisations.parse(await get(bearer, welcomeApiPaths.siteOrganisations));
  const input = capabilityInputOf(user, organisations, t.config.runtime.features);
  return {
    user,
    capabilities: capabilitiesOf(input),
    menu: menuVisibility(input),
    sites: sites.organisations.map((o) => o.name),
  };
}

describe('what each person of the demo world may do, from the API’s answers', () => {
  it('Alice, practitioner and manager of Harbour: every manager card, her own delegates, one site to set up', async () => {
    const alice = await asSeen('2000000011');
    expect(alice.capabilities).toMatchObject({
      viewBusinesses: true,
      manageBusinesses: true,
      importDirectoryServices: true,
      accessPublishing: true,
      accessPractitioners: true,
      keyContacts: true,
      assignDelegates: true,
      delegates: false,
      systemAdmin: false,
    });
    expect(alice.menu).toMatchObject({
      notificationsBell: true,
      viewProfile: true,
      assignDelegate: true,
      bankAccount: true,
      credentialDocuments: true,
      auditEvents: true,
      switchAccounts: false,
      systemAdmin: false,
      practitionerPublishing: true,
      businessPublishing: true,
    });
    expect(alice.sites).toEqual(['Harbour Medical Group Pty Ltd']);
  });

  it('Ben, a service manager and delegate: Managed accounts and switching, no practitioner items, no site', async () => {
    const ben = await asSeen('2000000022');
    expect(ben.user.isPractitioner).toBe(false);
    expect(ben.capabilities).toMatchObject({
      manageBusinesses: true,
      delegates: true,
      assignDelegates: false,
      importDirectoryServices: false,
      keyContacts: false,
    });
    expect(ben.menu).toMatchObject({
      viewProfile: true,
      switchAccounts: true,
      assignDelegate: false,
      bankAccount: false,
      credentialDocuments: false,
      auditEvents: false,
      systemAdmin: false,
    });
    expect(ben.sites).toEqual([]);
  });

  it('Ben managing Alice: her practitioner items and bell, not her delegates, nor his businesses', async () => {
    const token = await t.tokenFor('2000000022');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/managing',
      headers: t.bearer(token),
      payload: { practitionerId: demoIds.practitioner('alice') },
    });
    expect(put.statusCode).toBe(200);
    const managing = await asSeen('2000000022', token);
    expect(managing.user.managingPractitioner).toMatchObject({
      givenName: 'Alice',
      familyName: 'Nguyen',
    });
    expect(managing.menu).toMatchObject({
      notificationsBell: true,
      viewProfile: false,
      practitionerProfile: true,
      credentialDocuments: true,
      auditEvents: true,
      switchAccounts: true,
      assignDelegate: false,
      bankAccount: false,
      practitionerPublishing: true,
    });
    expect(managing.capabilities).toMatchObject({
      manageBusinesses: false,
      delegates: false,
      assignDelegates: false,
    });
    expect(managing.sites).toEqual([]);
  });

  it('George, a viewer of Harbour: businesses and practitioners to look at, nothing to manage or publish', async () => {
    const george = await asSeen('2000000066');
    expect(george.capabilities).toMatchObject({
      viewBusinesses: true,
      accessPractitioners: true,
      manageBusinesses: false,
      importDirectoryServices: false,
      keyContacts: false,
      delegates: false,
    });
    expect(george.menu).toMatchObject({
      notificationsBell: true,
      viewProfile: true,
      switchAccounts: false,
      systemAdmin: false,
      assignDelegate: false,
      businessPublishing: false,
    });
    expect(george.sites).toEqual([]);
  });

  it('Priya, the operator: System admin, no bell, no businesses', async () => {
    const priya = await asSeen('2000000077');
    expect(priya.capabilities).toMatchObject({
      systemAdmin: true,
      viewBusinesses: false,
      accessPractitioners: false,
    });
    expect(priya.menu).toMatchObject({
      notificationsBell: false,
      viewProfile: true,
      systemAdmin: true,
      switchAccounts: false,
    });
    expect(priya.sites).toEqual([]);
  });

  it('Isla and Jack, managers of businesses not yet approved: no key contacts; Isla may set up Coastal', async () => {
    const isla = await asSeen('2000000099');
    expect(isla.capabilities).toMatchObject({
      manageBusinesses: true,
      keyContacts: false,
      delegates: false,
    });
    expect(isla.sites).toEqual(['Coastal Physio Collective']);
    const jack = await asSeen('2000000101');
    expect(jack.capabilities).toMatchObject({ manageBusinesses: true, keyContacts: false });
  });

  it('Farah, a practitioner with no business role: her own delegates, no business items', async () => {
    const farah = await asSeen('2000000055');
    expect(farah.capabilities).toMatchObject({
      assignDelegates: true,
      viewBusinesses: false,
      manageBusinesses: false,
    });
    expect(farah.menu).toMatchObject({ assignDelegate: true, practitionerPublishing: true });
  });
});
