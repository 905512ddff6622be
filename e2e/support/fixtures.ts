import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { mailboxClient, type MailboxClient } from '@pca/mail-catcher/client';

/**
 * What axe would be shown: the page's address and markup, with long opaque tokens (interaction ids, CSRF and
 * state values; never the style classes, which carry colours) blanked, since they change on every sign-in
 * but never what a person or axe perceives.
 */
async function fingerprint(page: Page): Promise<string> {
  const seen = await page.evaluate(() => `${location.href}\n${document.documentElement.outerHTML}`);
  // The same markup at another width can lay out (and so be judged) differently.
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  return createHash('sha256')
    .update(`${width}x${height}\n`)
    .update(seen.replace(/(?<![\w-])(?!css-)[\w-]{20,}/g, '~'))
    .digest('hex');
}

/**
 * Markup this test process has already found clean, with the extra rules each check ran: the same markup gives
 * axe the same answer.
 */
const checkedClean = new Map<string, string[][]>();

/**
 * Fails with the violations listed when the page is not WCAG 2.2 AA clean. `alsoRules` switches on rules the
 * WCAG tags do not run (e.g. the experimental label-content-name-mismatch), in the same single axe run.
 * Markup already found clean with the same rules is not analysed again (the identity provider's page at
 * every sign-in, a test's last page checked by both the test and the after-each check).
 */
export async function expectAccessible(page: Page, { alsoRules = [] as string[] } = {}) {
  const key = await fingerprint(page);
  const earlier = checkedClean.get(key) ?? [];
  if (earlier.some((rules) => alsoRules.every((rule) => rules.includes(rule)))) return;
  // Legacy mode runs axe in the page itself: the default opens a second, blank page for every check to
  // merge frames' results, and the portal has no frames. Only violations are reported in full; passes
  // would be serialised node by node and never read. Together about a fifth of a journey's CPU
  // (docs/decisions/089-journey-cpu.md).
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      resultTypes: ['violations'],
      rules: Object.fromEntries(alsoRules.map((id) => [id, { enabled: true }])),
    })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  checkedClean.set(key, [...earlier, alsoRules]);
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
