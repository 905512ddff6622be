import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { expectCompactPhoneHeader, expectFitsEveryWidth } from '../support/layout.ts';

/*
 * Signing in and out through the development identity provider, as a person does. A first sign-in making a
 * new user is the API's (apps/server/src/platform/auth/auth.test.ts), the provider page's rules its own
 * (apps/identity-provider/src/pages.test.ts), and the home and inactive-user pages' words the components'
 * (apps/web/src/features/home, inactive-user): issue 31, docs/decisions/052-ci-budget.md.
 */
test.describe('Sign-in through the development identity provider', () => {
  test('signed out, the home page offers Login; the provider page explains an RA number that is not 10 digits', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Provider Connect Australia/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Who it is for: a bulleted list (AgDS's base styles take markers off; the items keep theirs).
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(2);
    for (const item of await items.all())
      expect(await item.evaluate((li) => getComputedStyle(li).listStyleType)).toBe('disc');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Login' }).first().click();
    await page.getByLabel('RA number').fill('12345');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('The RA number must be 10 digits').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('Alice signs in, lands on her welcome page, and logging out ends the portal session and the provider session', async ({
    page,
  }) => {
    await signIn(page, '2000000011');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
    await expect(page).toHaveTitle('Welcome back - Provider Connect Australia');
    await expectAccessible(page);

    const token = await page.evaluate(() => sessionStorage.getItem('pca.sessionToken') ?? '');
    await page.getByRole('button', { name: 'Alice Nguyen' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to log out?' });
    await expect(confirm).toContainText(
      'You will also be logged out of Provider Digital Access (PRODA).',
    );
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    // The provider ends its own session and returns to the portal by itself.
    await expect(page).toHaveURL(/localhost:\d+\/$/);
    // The old token no longer works…
    const status = await page.evaluate(
      async (t) => (await fetch('/api/me', { headers: { authorization: `Bearer ${t}` } })).status,
      token,
    );
    expect(status).toBe(401);
    // …and the provider asks for the RA number again instead of signing straight back in.
    await page.getByRole('button', { name: 'Login' }).first().click();
    await expect(page.getByLabel('RA number')).toBeVisible();
  });

  test('Henry, an inactive user, is sent to the inactive-user page, which fits every screen', async ({
    page,
  }) => {
    await signIn(page, '2000000088');
    await expect(page).toHaveURL(/\/inactive-user$/);
    await expect(page.getByText(/made inactive/)).toBeVisible();
    await expectAccessible(page);
    await page.waitForLoadState('networkidle');
    await expectFitsEveryWidth(page, null, 'Henry');
    await expectCompactPhoneHeader(page);
  });
});
