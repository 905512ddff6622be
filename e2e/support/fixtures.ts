import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { mailboxClient, type MailboxClient } from '@pca/mail-catcher/client';

/**
 * Fails with the violations listed when the page is not WCAG 2.2 AA clean. `alsoRules` switches on rules the
 * WCAG tags do not run (e.g. the experimental label-content-name-mismatch), in the same single axe run.
 */
export async function expectAccessible(page: Page, { alsoRules = [] as string[] } = {}) {
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(alsoRules.map((id) => [id, { enabled: true }])) })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** Signs in like a person: the portal's Login button, then the identity provider's RA number form. */
export async function signIn(page: Page, raNumber: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).first().click();
  await expect(page.getByLabel('RA number')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('RA number').fill(raNumber);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Every test ends with an axe check of the page it finished on. `mailbox` reads the mail the portal sent
 * from this run's mail catcher: `await mailbox.waitForMail({ to, subject })` polls until it arrives;
 * `mailbox.url` is its page.
 */
export const test = base.extend<{ axeAfterEach: void; mailbox: MailboxClient & { url: string } }>({
  // Playwright reads a fixture's dependencies from this pattern, and this one has none.
  // eslint-disable-next-line no-empty-pattern
  mailbox: async ({}, use) => {
    const url = process.env['E2E_MAILBOX_URL'];
    if (!url) throw new Error('E2E_MAILBOX_URL is not set (e2e/playwright.config.ts sets it)');
    await use({ ...mailboxClient(url), url });
  },
  axeAfterEach: [
    async ({ page }, use) => {
      await use();
      if (page.url().startsWith('http')) await expectAccessible(page);
    },
    { auto: true },
  ],
});

export { expect };
