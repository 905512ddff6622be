import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

test.describe('Sign-in through the development identity provider', () => {
  test('the signed-out home page offers Login', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Provider Connect Australia/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' }).first()).toBeVisible();
    // Who it is for: a bulleted list (AgDS's base styles take markers off; the items keep theirs).
    const items = page.getByRole('main').getByRole('listitem');
    await expect(items).toHaveCount(2);
    for (const item of await items.all())
      expect(await item.evaluate((li) => getComputedStyle(li).listStyleType)).toBe('disc');
  });

  test('Alice signs in and lands on her welcome page', async ({ page }) => {
    await signIn(page, '2000000011');
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
    await expect(page).toHaveTitle('Welcome back - Provider Connect Australia');
    await expectAccessible(page);
  });

  test('the provider page rejects an RA number that is not 10 digits', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Login' }).first().click();
    await page.getByLabel('RA number').fill('12345');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('The RA number must be 10 digits').first()).toBeVisible();
    await expectAccessible(page);
  });

  test('Chloe signs in for the first time and gets a new user', async ({ page }) => {
    await signIn(page, '2000000033');
    await expect(page).toHaveURL(/\/welcome/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Chloe' })).toBeVisible();
    const me = await page.evaluate(async () => {
      const token = sessionStorage.getItem('pca.sessionToken') ?? '';
      const res = await fetch('/api/me', { headers: { authorization: `Bearer ${token}` } });
      return res.json() as Promise<{ authIdentifier: string; isProfileComplete: boolean }>;
    });
    expect(me.authIdentifier).toBe('2000000033');
    expect(me.isProfileComplete).toBe(false);
  });

  test('Henry, an inactive user, sees the inactive-user page with support contacts', async ({
    page,
  }) => {
    await signIn(page, '2000000088');
    await expect(page).toHaveURL(/\/inactive-user$/);
    await expect(page.getByText(/made inactive/)).toBeVisible();
    const config = await (await page.request.get('/api/config')).json();
    await expect(page.getByRole('link', { name: config.support.email })).toBeVisible();
    await expect(page.getByText(config.support.phone)).toBeVisible();
  });

  test('logout ends the portal session and the provider session', async ({ page }) => {
    await signIn(page, '2000000011');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
    const token = await page.evaluate(() => sessionStorage.getItem('pca.sessionToken') ?? '');
    await page.getByRole('button', { name: 'Alice Nguyen' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure you want to log out?' });
    await expect(confirm).toContainText(
      'You will also be logged out of Provider Digital Access (PRODA).',
    );
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
});
