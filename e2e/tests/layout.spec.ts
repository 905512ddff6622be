import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from '../support/fixtures.ts';
import {
  expectCompactPhoneHeader,
  expectFitsEveryWidth,
  PHONE,
  settled,
} from '../support/layout.ts';

/**
 * Fits every screen: at 320, 390 and 768 px no page of any demo identity scrolls sideways, the phone
 * header is compact with nothing clipped, the menu drawer offers what the desktop header and side
 * navigation offer, long names truncate, and the side navigation always has Home. One browser context
 * per identity; each page is loaded once and measured at every width by resizing the viewport. The first
 * sign-ins' dialogs (Chloe, Dana, Farah) and Henry's inactive-user page are measured in the journeys that
 * sign them in already (welcome, profile and sign-in: one sign-in each instead of two, issue 31).
 */

type Entities = { organisation: string; location: string; service: string; bankAccount: string };
let entities: Entities | undefined;

/** Visible names: without the hidden ', opens in a new tab' that external links carry. */
const names = (texts: string[]) =>
  texts.map((t) =>
    t
      .replace(/\s*,\s*opens in a new tab/, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

/** The drawer at 390 px offers every link of the desktop header, About menu and side navigation. */
async function expectDrawerOffersDesktopItems(page: Page) {
  await page.setViewportSize({ width: 1280, height: PHONE.height });
  const mainNav = page.locator('#main-nav nav[aria-label="Main"]');
  await expect(mainNav.getByRole('link').first()).toBeVisible();
  const side = page.getByRole('navigation', { name: 'Menu' });
  await expect(side.getByRole('link', { name: 'Home' })).toBeVisible();
  await page.getByRole('button', { name: 'About' }).click();
  const about = names(await page.getByRole('menuitem').allInnerTexts());
  await page.keyboard.press('Escape');
  const desktop = new Set([
    ...names(await mainNav.getByRole('link').allInnerTexts()),
    ...names(await side.getByRole('link').allInnerTexts()),
    ...about,
  ]);

  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: 'Menu (Open main menu)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Main menu' });
  await expect(drawer).toBeVisible();
  const offered = names(await drawer.getByRole('link').allInnerTexts());
  expect(offered, 'drawer links against the desktop header and side navigation').toEqual(
    expect.arrayContaining([...desktop]),
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
}

/** The side navigation (shown from 768 px) always has Home. */
async function expectSideNavHome(page: Page) {
  await page.setViewportSize({ width: 768, height: PHONE.height });
  const side = page.getByRole('navigation', { name: 'Menu' });
  await expect(side.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/welcome');
  await page.setViewportSize(PHONE);
}

async function signInAs(page: Page, ra: string, landing: RegExp) {
  await page.setViewportSize(PHONE);
  await signIn(page, ra);
  await expect(page).toHaveURL(landing);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** Alice's publish selector lists a participating organisation, a location and a service of Harbour. */
async function discoverEntities(browser: Browser): Promise<Entities> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, ALICE, /\/welcome$/);
  await page.goto('/publish-selector');
  const results = page.getByRole('region', { name: 'Matching entities' });
  const href = async (name: string) => {
    const raw = await results.getByRole('link', { name, exact: true }).getAttribute('href');
    return raw!.split('?')[0]!;
  };
  const found = {
    organisation: await href('Harbour Medical Group Pty Ltd'),
    location: await href('Surry Hills Clinic'),
    service: await href('Harbour General Practice Surry Hills'),
    // Alice's own bank account page, as her profile menu links it (docs/product/bank-account.md).
    bankAccount: await (async () => {
      await page.getByRole('button', { name: 'Alice Nguyen', exact: true }).click();
      const link = await page.getByRole('menuitem', { name: 'Bank account' }).getAttribute('href');
      await page.keyboard.press('Escape');
      return link!;
    })(),
  };
  await context.close();
  return found;
}

const ALICE = '2000000011';
const everything = () => [
  '/welcome',
  '/practitioners',
  '/organisation',
  entities!.organisation,
  entities!.location,
  entities!.service,
  '/publish-selector',
  '/tasks-notifications',
  '/delegates',
  '/audit-events',
];
/** The publishing pages (docs/decisions/030-publishing-to-partners.md) a practitioner and manager opens. */
const publishing = () => [
  '/publishing',
  '/practitioner/publish',
  '/practitioner/publish/add',
  `/publication-email-notification?organisationId=${entities!.organisation.split('/').pop()}`,
  entities!.bankAccount,
];

/** My workplaces and a service's summary (docs/decisions/059-my-workplaces.md): Alice works at the GP service. */
const workplaces = () => [
  '/my-workplaces',
  `/my-workplaces/healthcare-service-summary/${entities!.service.split('/').pop()}`,
];

/** A practitioner's credential documents (docs/product/credential-documents.md): the list and the upload form. */
const credentialDocuments = () => ['/credential-documents', '/credential-document/add'];
/**
 * Pages only Alice reaches (key contacts need key-contact access), feedback signed in, and the practitioner
 * role import before it reads anything (no connection is seeded; its preview is measured at 390 px by
 * practitioner-role-import.spec.ts, which runs the clinical-system stand-in).
 */
const alicesOwn = [
  '/key-contacts',
  '/key-contacts/add',
  '/give-feedback',
  '/smart-client/practitioner-role-import/00000000-0000-4000-8000-000000000000',
];
/** Harbour's Clinical systems tab and the add page of a connection (docs/product/smart-clients.md). */
const clinicalSystems = () => [
  `${entities!.organisation}?tab=Clinical+systems`,
  `/smart-client/add-edit?organisationId=${entities!.organisation.split('/').pop()}`,
];

/** Each entity page's Partner services tab, with its partner cards and switches. */
async function expectPartnerTabsFit(page: Page, who: string) {
  for (const route of [entities!.organisation, entities!.location, entities!.service]) {
    await page.goto(route);
    await page.getByRole('tab', { name: 'Partner services' }).click();
    await expect(
      page.getByRole('tabpanel', { name: 'Partner services' }).getByRole('group').first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFitsEveryWidth(page, null, `${who} on the Partner services tab`);
  }
}

test.describe('Fits every screen', () => {
  test.beforeAll(async ({ browser }) => {
    entities = await discoverEntities(browser);
  });

  test('signed out: home and the design system fit; the header is compact', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await expectFitsEveryWidth(page, '/', 'signed out');
    await expectCompactPhoneHeader(page);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Login' })).toBeInViewport();
    await expectFitsEveryWidth(page, '/design-system/home', 'signed out');
    await expect(page).toHaveTitle('Welcome to the PCA Design System - Provider Connect Australia');
    await expectFitsEveryWidth(page, '/give-feedback', 'signed out');
  });

  test('Alice: every page fits; compact header, bell count on its icon, drawer offers all', async ({
    page,
  }) => {
    await signInAs(page, ALICE, /\/welcome$/);
    await expectCompactPhoneHeader(page);
    // The unread count sits on the bell icon, not in a row above the label.
    const bell = page.getByRole('link', { name: /Notifications.*unread/ });
    const icon = await bell.getByTestId('bell-icon').boundingBox();
    const badge = await bell.getByTestId('bell-badge').boundingBox();
    const label = await bell.getByText('Notifications', { exact: true }).boundingBox();
    expect(icon && badge && label).toBeTruthy();
    const overlaps = (a: typeof icon, b: typeof icon) =>
      a!.x < b!.x + b!.width &&
      b!.x < a!.x + a!.width &&
      a!.y < b!.y + b!.height &&
      b!.y < a!.y + a!.height;
    expect(overlaps(badge, icon), 'badge on the bell icon').toBe(true);
    expect(overlaps(badge, label), 'badge clear of the label').toBe(false);
    await expectDrawerOffersDesktopItems(page);
    await expectSideNavHome(page);
    for (const route of [
      ...everything(),
      ...publishing(),
      ...workplaces(),
      ...credentialDocuments(),
      ...alicesOwn,
      ...clinicalSystems(),
    ])
      await expectFitsEveryWidth(page, route, 'Alice');
    await expectPartnerTabsFit(page, 'Alice');
    await expectFitsEveryWidth(page, '/design-system/home', 'Alice');
    // The NHSD import wizard, with its results table (wider than a phone: it scrolls in its own box).
    await expectFitsEveryWidth(page, '/nhsd-import', 'Alice');
    await page.getByRole('combobox', { name: /Suburb or postcode/ }).fill('2283');
    await page.getByRole('option', { name: 'Awaba NSW 2283', exact: true }).click();
    await page.getByRole('button', { name: 'Find practice or business' }).click();
    await expect(page.getByRole('heading', { name: 'Showing 3 results' })).toBeVisible();
    await expectFitsEveryWidth(page, null, 'Alice with NHSD results');
  });

  test('Ben: every page he manages fits; the drawer offers all', async ({ page }) => {
    await signInAs(page, '2000000022', /\/welcome$/);
    await expectCompactPhoneHeader(page);
    await expectDrawerOffersDesktopItems(page);
    await expectSideNavHome(page);
    for (const route of everything()) await expectFitsEveryWidth(page, route, 'Ben');

    // Managing Alice adds 'Managing Alice Nguyen' to the header: it must still be compact and fit.
    const status = await page.evaluate(async () => {
      const auth = { authorization: `Bearer ${sessionStorage.getItem('pca.sessionToken') ?? ''}` };
      const list = await fetch('/api/managing/practitioners', { headers: auth });
      const { practitioners } = (await list.json()) as {
        practitioners: Array<{ id: string; givenName: string }>;
      };
      const alice = practitioners.find((p) => p.givenName === 'Alice');
      const res = await fetch('/api/managing', {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ practitionerId: alice?.id }),
      });
      return res.status;
    });
    expect(status).toBe(200);
    await page.goto('/welcome');
    await expect(page.getByTestId('managing-indicator')).toHaveText('Managing Alice Nguyen');
    await page.waitForLoadState('networkidle');
    await expectCompactPhoneHeader(page);
    await expect(page.getByTestId('managing-indicator')).toBeInViewport({ ratio: 1 });
    await expectFitsEveryWidth(page, null, 'Ben managing Alice');
  });

  test('George: his long name truncates at 320 px with the whole name kept; pages fit', async ({
    page,
  }) => {
    await signInAs(page, '2000000066', /\/welcome$/);
    await expectCompactPhoneHeader(page);
    await page.setViewportSize({ width: 320, height: PHONE.height });
    await settled(page);
    const profile = page.getByRole('button', { name: 'George Papadopoulos', exact: true });
    await expect(profile).toBeVisible();
    const name = profile.getByTitle('George Papadopoulos');
    const cut = await name.evaluate((el) => ({
      truncated: el.scrollWidth > el.clientWidth,
      ellipsis: getComputedStyle(el).textOverflow,
      right: el.getBoundingClientRect().right,
      viewport: document.documentElement.clientWidth,
    }));
    expect(cut.truncated, 'the name is cut at 320 px').toBe(true);
    expect(cut.ellipsis).toBe('ellipsis');
    expect(cut.right).toBeLessThanOrEqual(cut.viewport);
    await expectDrawerOffersDesktopItems(page);
    await expectSideNavHome(page);
    for (const route of everything().filter((r) => r !== '/publish-selector'))
      await expectFitsEveryWidth(page, route, 'George');
    await expectPartnerTabsFit(page, 'George');
  });

  test('Priya: Home in the side navigation and the drawer; welcome and admin fit', async ({
    page,
  }) => {
    await signInAs(page, '2000000077', /\/welcome$/);
    await expectCompactPhoneHeader(page);
    await expectSideNavHome(page);
    await expectDrawerOffersDesktopItems(page);
    await page.getByRole('button', { name: 'Menu (Open main menu)' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Main menu' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expectFitsEveryWidth(page, '/welcome', 'Priya');
    await expectFitsEveryWidth(page, '/admin', 'Priya');
    await expectFitsEveryWidth(page, '/client-system', 'Priya');
    await expectFitsEveryWidth(page, '/publications', 'Priya');
    await expectFitsEveryWidth(page, '/transfers', 'Priya');
    await expectFitsEveryWidth(page, '/partner-service', 'Priya');
    await expectFitsEveryWidth(page, '/partner-service/add', 'Priya');
    await expectFitsEveryWidth(page, '/partner-identifier-system', 'Priya');
    await expectFitsEveryWidth(page, '/user', 'Priya');
    await expectFitsEveryWidth(page, '/admin/terminology', 'Priya');
  });

  for (const [who, ra] of [
    ['Isla', '2000000099'],
    ['Jack', '2000000101'],
  ] as const) {
    test(`${who}: welcome, businesses, practitioners and the publish selector fit`, async ({
      page,
    }) => {
      await signInAs(page, ra, /\/welcome$/);
      await expectCompactPhoneHeader(page);
      await expectSideNavHome(page);
      for (const route of [
        '/welcome',
        '/organisation',
        '/practitioners',
        '/publish-selector',
        '/transfers/businesses',
      ])
        await expectFitsEveryWidth(page, route, who);
    });
  }
});
