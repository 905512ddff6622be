import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { expectCompactPhoneHeader, expectFitsEveryWidth } from '../support/layout.ts';
import {
  BARE_PAGE_SCRIPT_BYTES,
  totalBytes,
  transferredScripts,
  uncompressed,
} from '../support/transferred-scripts.ts';

const ALICE = '2000000011';
const CHLOE = '2000000033';
const DANA = '2000000044';
const ISLA = '2000000099';

const LINE = 'This dashboard gives you one place to manage and share your provider information.';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'];

/** Signs in and waits for the dashboard greeting. */
async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible();
}

/** Calls the API from the page with the session's bearer token. */
async function api(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = sessionStorage.getItem('pca.sessionToken') ?? '';
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}

/** The signed-in user as the API answers it. */
async function me(page: Page) {
  return (await api(page, 'GET', '/api/me')).json as { delegateInvitationId: string | null };
}

const card = (page: Page, title: string) =>
  page.getByRole('main').getByRole('link', { name: title, exact: true });

/** Checks that neither Escape nor a click on the backdrop closes the dialog, and it has no Close button. */
async function expectNotDismissible(page: Page, dialog: Locator) {
  await expect(dialog.getByRole('button', { name: /^Close/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await page.getByTestId('modal-backdrop').click({ position: { x: 4, y: 4 } });
  await expect(dialog).toBeVisible();
}

/** The first sign-in's dialog over the dashboard fits a phone and a tablet; then back to the desktop. */
async function expectDialogFitsEveryScreen(page: Page, who: string) {
  const desktop = page.viewportSize();
  await page.waitForLoadState('networkidle');
  await expectFitsEveryWidth(page, null, who);
  await expectCompactPhoneHeader(page);
  if (desktop) await page.setViewportSize(desktop);
}

/** Ticks a checkbox the way a person does, by its label (the styled box covers the native input). */
async function tick(scope: Locator, label: string) {
  await scope.getByText(label, { exact: true }).click();
  await expect(scope.getByRole('checkbox', { name: label })).toBeChecked();
}

async function screenshot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

/*
 * One journey per person's goal on the dashboard: the path through its pages and dialogs, the keyboard and
 * axe. What each person's roles show (the card groups and their targets), the banners' words, the set-up
 * helper's statuses, the dialogs' widths, words and validation messages and the error state are the page's
 * rules, checked in milliseconds by the component tests (apps/web/src/features/welcome/routes/
 * welcome-identities.test.tsx, welcome-page.test.tsx) and the API tests of what the server answers
 * (apps/server/src/modules/welcome, user-registration, managing): issue 31, docs/decisions/052-ci-budget.md.
 */
test.describe('Welcome dashboard', () => {
  test('Alice: her dashboard, the set-up helper by keyboard, a second business to choose from, on to her businesses', async ({
    page,
  }) => {
    await signInToWelcome(page, ALICE, 'Alice');
    await expect(page.getByText(LINE)).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'welcome-alice');

    // One business: the helper opens at once; Escape closes it and gives focus back.
    const setUp = page.getByRole('button', { name: 'Set up a site' });
    await setUp.click();
    const helper = page.getByRole('dialog', { name: 'Set up a site' });
    await expect(helper.getByRole('listitem')).toHaveCount(4);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(helper).toHaveCount(0);
    await expect(setUp).toBeFocused();

    // After a registration the dashboard says so.
    await page.goto('/welcome?msg=success');
    await expect(page.getByText('You have registered Harbour Medical Group')).toBeVisible();
    await expectAccessible(page);

    // Registering a business through the API makes Alice the manager of a second one: she chooses first.
    const created = await api(page, 'POST', '/api/business-registrations', {
      legalName: 'Bayside Clinics Pty Ltd',
      businessName: 'Bayside Clinics',
      abn: '51824753556',
    });
    expect(created.status).toBe(201);
    await page.goto('/welcome');
    await page.getByRole('button', { name: 'Set up a site' }).click();
    const dialog = page.getByRole('dialog', {
      name: 'Which parent business do you want to set up a site for?',
    });
    const group = dialog.getByRole('group', { name: /Parent business/ });
    await expect(group.getByRole('radio')).toHaveCount(2);
    const next = dialog.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    await screenshot(page, 'parent-business');
    await expectAccessible(page);
    // The label is what a person clicks (the styled indicator covers the native input).
    await group.getByText('Harbour Medical Group', { exact: true }).click();
    await expect(group.getByRole('radio', { name: 'Harbour Medical Group' })).toBeChecked();
    await next.click();
    await expect(helper).toContainText(
      'Follow these steps to set up a site for Harbour Medical Group.',
    );
    await page.keyboard.press('Escape');
    await expect(helper).toHaveCount(0);

    await card(page, 'Manage businesses').click();
    await expect(page).toHaveURL(/\/organisation\/participating$/);
  });

  test('Chloe: the register dialog cannot be dismissed, leads her to what to fix, and completes her profile', async ({
    page,
  }) => {
    await signIn(page, CHLOE);
    const dialog = page.getByRole('dialog', { name: 'Register your account' });
    await expect(dialog).toBeVisible();
    await expectDialogFitsEveryScreen(page, 'Chloe');
    await expectNotDismissible(page, dialog);
    await expectAccessible(page);
    await screenshot(page, 'register-dialog');

    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    const summary = dialog.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary).toBeVisible();
    await expectAccessible(page);

    // The summary's link takes her to the field to fix.
    await dialog.getByLabel('Email').fill('chloe.martin');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await summary.getByRole('link', { name: 'Must be valid email' }).click();
    await expect(dialog.getByLabel('Email')).toBeFocused();

    await dialog.getByLabel('Email').fill('chloe.martin@example.com');
    await dialog.getByLabel('Phone').fill('0412345678');
    await tick(dialog, 'I accept the terms of use');
    await tick(dialog, 'I have read and accept the privacy notice');
    await dialog.getByRole('button', { name: 'Save and continue' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Chloe' })).toBeVisible();
  });

  test('Dana: leaving the delegate setup goes to the login; the emailed link brings her back, and she accepts, then accepts participation', async ({
    page,
  }) => {
    await signIn(page, DANA);
    const dialog = page.getByRole('dialog', { name: 'Set up your delegate account' });
    await expect(dialog).toContainText('Dr Alice Nguyen has invited you to be their delegate.');
    await expectDialogFitsEveryScreen(page, 'Dana');
    const { delegateInvitationId } = await me(page);
    // Closing with no result goes to the provider's login, asking her to sign in again (prompt=login).
    // Wait for that page itself: a load state can settle mid-way through the redirects, and the next
    // goto would then be interrupted by the rest of them.
    const login = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/login');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await login;
    await expect(page).toHaveURL(/\/interaction\//);
    await expect(page.getByLabel('RA number')).toBeVisible();

    // The emailed link, opened signed out: sign-in returns to it with the invitation in the query.
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => sessionStorage.clear());
    await page.goto(`/welcome?delegateInvitationId=${delegateInvitationId}`);
    await expect(page.getByLabel('RA number')).toBeVisible();
    await page.getByLabel('RA number').fill(DANA);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(
      new RegExp(`/welcome\\?delegateInvitationId=${delegateInvitationId}$`),
    );
    await expect(dialog).toContainText('Dr Alice Nguyen has invited you to be their delegate.');
    await screenshot(page, 'delegate-dialog');
    await expectNotDismissible(page, dialog);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
    await dialog.getByLabel('Phone').fill('0298887777');
    await tick(dialog, 'I agree to act as a delegate for Dr Alice Nguyen');
    await tick(dialog, 'I accept the terms of use');
    await tick(dialog, 'I have read and accept the privacy notice');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    await expect(dialog).toHaveCount(0);

    // Now an approved delegate with no participation status: the participation dialog follows, without
    // the privacy notice she accepted a moment ago.
    const participation = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(participation).toBeVisible();
    await expectAccessible(page);
    await tick(participation, 'I accept the participation agreement');
    await participation.getByRole('button', { name: 'Agree and continue' }).click();
    await expect(participation).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Dana' })).toBeVisible();
    await expect(card(page, 'Managed accounts')).toBeVisible();
  });

  test('Isla: the banner and the set-up helper show what Coastal still needs; Complete opens her registration', async ({
    page,
  }) => {
    await signInToWelcome(page, ISLA, 'Isla');
    await expect(page.getByText('Action required')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'banner-isla');

    await page.getByRole('button', { name: 'Set up a site' }).click();
    const helper = page.getByRole('dialog', { name: 'Set up a site' });
    await expect(helper.getByRole('listitem')).toHaveCount(4);
    await screenshot(page, 'setup-helper-isla');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(helper).toHaveCount(0);

    await page.getByRole('link', { name: 'Complete' }).click();
    await expect(page).toHaveURL(/\/organisation\/participating\/add-edit-v2\/[0-9a-f-]{36}$/);
  });
});

test('a full load of /welcome asks for its own answers beside its code, once each, and its JavaScript stays within budget', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  const requests: string[] = [];
  const record = (request: { url(): string }) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.endsWith('.js')) requests.push(pathname);
  };
  page.on('request', record);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Manager actions' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  const dashboardCode = requests.findIndex((p) => /\/welcome-page-[^/]*\.js$/.test(p));
  expect(dashboardCode).toBeGreaterThan(0);
  for (const path of [
    '/api/me',
    '/api/me/organisations',
    '/api/welcome/sign-up-banner',
    '/api/welcome/site-organisations',
  ]) {
    // Started by the entry script, before the dashboard's own script was even asked for, and not
    // asked for again when the page reads it.
    expect(
      requests.filter((p) => p === path),
      path,
    ).toHaveLength(1);
    expect(requests.indexOf(path), path).toBeLessThan(dashboardCode);
  }

  // The dashboard adds at most 20 KB of JavaScript to the signed-in shell; /welcome transfers at most
  // 1.75× the bare page, compressed.
  /** Every script a full load of `path` transfers on an empty cache, by URL. */
  const scriptsOf = (path: string, ready: Locator) =>
    transferredScripts(page, async () => {
      await page.goto(path);
      await expect(ready).toBeVisible();
    });
  // The signed-in shell, measured on its lightest screen: since issue 34 no route is left without a screen
  // (the not-available page measured here before), and "Add clinical information system" without a business
  // is a heading and a sentence. Its own chunk is not among /welcome's; whatever /welcome shares with it beyond
  // the shell counts as shell, so `added` below can only under-count by that (the whole-page budget after it
  // counts everything).
  const shell = await scriptsOf(
    '/smart-client/add-edit',
    page.getByRole('heading', { level: 1, name: 'Add clinical information system' }),
  );
  const welcome = await scriptsOf(
    '/welcome',
    page.getByRole('heading', { level: 2, name: 'Manager actions' }),
  );
  const total = totalBytes(welcome.values());
  const added = totalBytes([...welcome].filter(([url]) => !shell.has(url)).map(([, s]) => s));
  console.log(
    `/welcome: ${(total / 1024).toFixed(1)} KB of JavaScript transferred in ${welcome.size} files (${(total / BARE_PAGE_SCRIPT_BYTES).toFixed(2)}× the bare page), ${(added / 1024).toFixed(1)} KB of it for the dashboard`,
  );
  expect(uncompressed(welcome)).toEqual([]);
  // No form library or whole design-system barrel until a dialog needs them. Counted as transferred,
  // each of the dashboard's ten small files costs about 1 KB of headers besides its body.
  expect(added).toBeLessThanOrEqual(20 * 1024);
  // The whole page within its budget, 1.75× the bare page since issue 29 put TanStack Query back
  // (docs/decisions/035-tanstack-query-back.md; 1.6× before, docs/decisions/018-critical-path-javascript.md).
  expect(total).toBeLessThanOrEqual(1.75 * BARE_PAGE_SCRIPT_BYTES);
});

// The landing's cards, the selector's groups, search and targets, and who may publish are the pages' and the
// API's rules (apps/web/src/features/publishing/publishing.test.tsx, publish-selector/routes/
// publish-selector-page.test.tsx, apps/server/src/modules/publish-selector): the journey is the way there.
test('Publishing: from the side navigation through the landing and the selector to a location’s partner services', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await page
    .getByRole('navigation', { name: 'Menu' })
    .getByRole('link', { name: 'Publishing' })
    .click();
  await expect(page).toHaveURL(/\/publishing$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Publishing' })).toBeVisible();
  await expect(card(page, 'Practitioner settings')).toBeVisible();
  await expectAccessible(page);

  await card(page, 'Business settings').click();
  await expect(page).toHaveURL(/\/publish-selector$/);
  const results = page.getByRole('region', { name: 'Matching entities' });
  await expect(results.getByRole('link', { name: 'Harbour Telehealth GP' })).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'publish-selector');

  await page
    .getByRole('searchbox', { name: 'Search healthcare services, organisations and locations' })
    .fill('surry');
  await expect(results.getByRole('link', { name: 'Harbour Telehealth GP' })).toHaveCount(0);
  await results.getByRole('link', { name: 'Surry Hills Clinic', exact: true }).click();
  await expect(page).toHaveURL(/\/location\/[0-9a-f-]{36}\?tab=Partner\+services$/);
  await page.goBack();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
});
