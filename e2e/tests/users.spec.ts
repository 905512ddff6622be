import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { expectFitsEveryWidth } from '../support/layout.ts';

/**
 * The operator's home and Users (docs/product/users.md, docs/decisions/063-users.md): Priya opens System
 * admin from the profile menu, finds Ben (a practice manager) by part of his name and deactivates him with
 * a reason, and Ben's open session lands on the inactive-user page at its next request; she reactivates
 * Henry (inactive in the seed) and he can sign in. Search, paging, sorting, refusals and the delegations a
 * deactivation stops are the API's to show (apps/server/src/modules/users/users.test.ts).
 */

const PRIYA = '2000000077';
const BEN = '2000000022';
const HENRY = '2000000088';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

test.describe.configure({ mode: 'serial' });

async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible({
    timeout: 30_000,
  });
}

/** A second person at their own browser. */
async function personAt(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'en-AU' });
  return { context, page: await context.newPage() };
}

/** Searches the users list and waits for its answer. */
async function search(page: Page, term: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/users?') && r.request().method() === 'GET',
  );
  await page.getByLabel('RA number, name or email').fill(term);
  await page.getByRole('button', { name: 'Search' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens a user from the results (the table from tablet width, a card on a phone). */
async function openUser(page: Page, listed: string, heading: string) {
  await page.getByRole('link', { name: listed }).locator('visible=true').first().click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** Deactivates or reactivates the open user with a reason, through the dialog. */
async function changeStatus(
  page: Page,
  action: 'Deactivate' | 'Reactivate',
  name: string,
  reason: string,
) {
  await page.getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${action} ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: `${action} user` }).click();
  await expect(dialog.getByText('Enter the reason').first()).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel(/Reason/).fill(reason);
  const answered = page.waitForResponse((r) => r.url().includes(`/${action.toLowerCase()}`));
  await dialog.getByRole('button', { name: `${action} user` }).click();
  expect((await answered).status()).toBe(204);
  await expect(page.getByText(`${name} is ${action.toLowerCase()}d`)).toBeVisible();
}

test('Priya deactivates Ben from the Users page, and his open session lands on inactive-user', async ({
  page,
  browser,
  baseURL,
}) => {
  // Ben is signed in at his own browser before anything happens.
  const ben = await personAt(browser, baseURL);
  await signInToWelcome(ben.page, BEN, 'Ben');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, PRIYA, 'Priya');
  await page.getByRole('button', { name: 'Priya Raman', exact: true }).click();
  await page.getByRole('menuitem', { name: 'System admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'System admin' })).toBeVisible();
  const areas = page.getByRole('list', { name: 'Operator areas' });
  await expect(areas.getByText(/^\d+ users, 1 inactive$/)).toBeVisible();
  await expect(areas.getByText('1 registration waiting')).toBeVisible();
  await expect(areas.getByRole('link', { name: 'Client systems' })).toHaveAttribute(
    'href',
    '/client-system',
  );
  await page.screenshot({ path: `${SCREENSHOTS}/users-admin-home-1280.png`, fullPage: true });
  await expectAccessible(page);
  await expectFitsEveryWidth(page, null, 'Priya on the operator home');
  await page.screenshot({ path: `${SCREENSHOTS}/users-admin-home-390.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await areas.getByRole('link', { name: 'Users' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await search(page, 'okaf');
  await expect(page.getByText('Showing 1–1 of 1 user')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/users-list-1280.png`, fullPage: true });
  await expectAccessible(page);
  await expectFitsEveryWidth(page, null, 'Priya on Users');
  await page.screenshot({ path: `${SCREENSHOTS}/users-list-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await openUser(page, 'Okafor, Ben', 'Ben Okafor');
  await expect(
    page.getByText('Acts for Alice Nguyen').locator('visible=true').first(),
  ).toBeVisible();
  await expectAccessible(page);
  await changeStatus(page, 'Deactivate', 'Ben Okafor', 'Left Surry Hills GP on 20 November.');
  await expect(page.getByRole('button', { name: 'Reactivate', exact: true })).toBeVisible();
  await expect(
    page.getByText('Deactivated the account').locator('visible=true').first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/users-user-1280.png`, fullPage: true });
  await expectAccessible(page);
  await expectFitsEveryWidth(page, null, 'Priya on a user');
  await page.screenshot({ path: `${SCREENSHOTS}/users-user-390.png`, fullPage: true });

  // Ben's next request, with the session he opened before: the inactive-user page, not a sign-in.
  await ben.page.getByRole('link', { name: 'Tasks' }).first().click();
  await expect(ben.page).toHaveURL(/\/inactive-user$/);
  await expect(
    ben.page.getByRole('heading', { level: 1, name: 'Your account is inactive' }),
  ).toBeVisible();
  await expectAccessible(ben.page);
  await ben.context.close();
});

test('Priya reactivates Henry, and he can sign in', async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, PRIYA, 'Priya');
  await page.goto('/user');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await search(page, 'henry');
  await openUser(page, 'Tran, Henry', 'Henry Tran');
  await changeStatus(page, 'Reactivate', 'Henry Tran', 'Back at the practice from Monday.');
  await expect(page.getByRole('button', { name: 'Deactivate', exact: true })).toBeVisible();
  await expectAccessible(page);

  const henry = await personAt(browser, baseURL);
  await signIn(henry.page, HENRY);
  await expect(henry.page).toHaveURL(/\/welcome/, { timeout: 30_000 });
  await expect(henry.page.getByRole('heading', { level: 1, name: /Welcome Henry/ })).toBeVisible();
  await expectAccessible(henry.page);
  await henry.context.close();
});
