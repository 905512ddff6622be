import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * Managed accounts (docs/product/features.md#delegation): a delegate sees who delegated to them, manages one through the
 * 470 px dialog, switches back, and is switched back by the app when the practitioner stops the delegation.
 */

const ALICE = '2000000011';
const BEN = '2000000022';

const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

/**
 * The seeded id of a delegation, derived as apps/server/src/platform/db/seed/ids.ts derives it (`demoIds.delegation`): the
 * journeys do not import the server, so the derivation is repeated here and must change with it.
 */
function demoDelegationId(practitioner: string, delegate: string): string {
  const namespace = Buffer.from('6f3c1f0e9a4b4d2c8e5a1b7d3c9f2e41', 'hex');
  const hash = createHash('sha1')
    .update(namespace)
    .update(`delegation:${practitioner}->${delegate}`)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Signs in and waits for the dashboard greeting. */
async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  // Signing in loads the dashboard's sections for the first time: on a busy machine that takes a while.
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible({
    timeout: 30_000,
  });
}

/** Opens Managed accounts from the profile menu's Switch accounts group, and waits for the cards. */
async function openManagedAccounts(page: Page) {
  await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Managed accounts' }).click();
  await expect(page).toHaveURL(/\/manage-accounts$/);
}

const cardNames = (page: Page) =>
  page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();

/*
 * The journeys keep the path (the profile menu, the dialog, the dashboard as the managed practitioner and
 * back), the keyboard and focus, the layout of the cards and the dialog, and axe. The cards' order, the help,
 * the dialog's words, the Managing chip, the empty state and the notice after a stopped delegation are the
 * page's rules, checked by component tests (apps/web/src/features/managing/routes/
 * manage-accounts-page.test.tsx, apps/web/src/features/welcome/routes/welcome-identities.test.tsx): issue
 * 31, docs/decisions/052-ci-budget.md.
 */
test.describe('Managed accounts', () => {
  test('Ben manages Farah through the dialog, then Alice by keyboard alone, and switches back to My account', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await signInToWelcome(page, BEN, 'Ben');
    await openManagedAccounts(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Managed accounts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Alice Nguyen' })).toBeVisible();
    // The loading state reserves a card's height (CARD_HEIGHT in manage-accounts-page.tsx, 201 px): keep them equal.
    const cardHeight = await page
      .getByRole('listitem')
      .filter({ hasText: 'Alice Nguyen' })
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(Math.abs(cardHeight - 201)).toBeLessThanOrEqual(2);
    await page.getByText('What can you do as a delegate?').click();
    await expect(page.getByText('Upload credential documents')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/manage-accounts-1280.png`, fullPage: true });

    await page.getByRole('button', { name: 'Manage Farah Haddad' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch accounts' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((el) => el.getBoundingClientRect().width)).toBe(470);
    await expectAccessible(page);
    await page.screenshot({ path: `${SCREENSHOTS}/manage-accounts-dialog-1280.png` });

    const put = page.waitForResponse(
      (r) => r.url().endsWith('/api/managing') && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Manage this account' }).click();
    expect((await put).status()).toBe(200);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByTestId('managing-indicator')).toHaveText('Managing Farah Haddad');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Farah' })).toBeVisible();
    // The header while managing, with the profile menu open.
    await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: 'Practitioner profile' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // Back on Managed accounts, Farah's card is the one managed now; at 390 px the dialog still fits.
    await openManagedAccounts(page);
    const farah = page.getByRole('listitem').filter({ hasText: 'Farah Haddad' });
    await expect(farah.getByText('Managing', { exact: true })).toBeVisible();
    await page.screenshot({
      path: `${SCREENSHOTS}/manage-accounts-managing-1280.png`,
      fullPage: true,
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}/manage-accounts-390.png`, fullPage: true });

    // By keyboard only: Tab from the top of the page to Manage Alice, Escape gives focus back, Enter confirms.
    const manageAlice = page.getByRole('button', { name: 'Manage Alice Nguyen' });
    await expect(manageAlice).toBeVisible();
    await page.locator('body').focus();
    for (
      let i = 0;
      i < 60 && !(await manageAlice.evaluate((el) => el === document.activeElement));
      i++
    )
      await page.keyboard.press('Tab');
    await expect(manageAlice).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    expect(
      await dialog.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth),
    ).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/manage-accounts-dialog-390.png` });
    await expect(dialog.getByRole('heading', { name: 'Switch accounts' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(manageAlice).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Manage this account' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByTestId('managing-indicator')).toHaveText('Managing Alice Nguyen');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Switch accounts → My account: the switching-back dialog, then Ben's own dashboard.
    await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
    await page.getByRole('menuitem', { name: 'My account' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Switching back to your account' }),
    ).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 8000 });
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByTestId('managing-indicator')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Ben' })).toBeVisible();
  });

  test('when Alice stops the delegation, Ben’s next step takes him back to his own account', async ({
    page,
    browser,
  }) => {
    await signInToWelcome(page, BEN, 'Ben');
    await openManagedAccounts(page);
    await page.getByRole('button', { name: 'Manage Alice Nguyen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Manage this account' }).click();
    await expect(page.getByTestId('managing-indicator')).toHaveText('Managing Alice Nguyen');

    // Alice, in her own browser, stops Ben's delegation (through the API: its page is another issue's).
    const aliceContext = await browser.newContext();
    try {
      const alicePage = await aliceContext.newPage();
      await signInToWelcome(alicePage, ALICE, 'Alice');
      const stopped = await alicePage.evaluate(
        async (id) => {
          const token = sessionStorage.getItem('pca.sessionToken') ?? '';
          const res = await fetch(`/api/delegations/${id}/stop`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ consent: true, consentVersion: 1 }),
          });
          return res.status;
        },
        demoDelegationId('alice', 'ben'),
      );
      expect(stopped).toBeLessThan(300);
    } finally {
      await aliceContext.close();
    }

    // Ben's next step (opening Managed accounts) is refused for Alice; the app switches him back at once, so the
    // page he asked for may never be seen.
    const refused = page.waitForResponse((r) => r.url().includes('/api/') && r.status() === 403);
    await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Managed accounts' }).click();
    expect(((await (await refused).json()) as { type: string }).type).toMatch(/managing-ended$/);
    await expect(page).toHaveURL(/\/welcome\?reason=managing-ended$/);
    await expect(page.getByText('You are back in your own account.')).toBeVisible();
    await expect(page.getByTestId('managing-indicator')).toHaveCount(0);
    await expectAccessible(page);

    // Managed accounts now lists Farah only.
    await openManagedAccounts(page);
    await expect(page.getByRole('button', { name: 'Manage Farah Haddad' })).toBeVisible();
    expect(await cardNames(page)).toEqual(['Farah Haddad']);
  });
});
