import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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

/** Every test ends with an axe check of the page it finished on. */
export const test = base.extend<{ axeAfterEach: void }>({
  axeAfterEach: [
    async ({ page }, use) => {
      await use();
      if (page.url().startsWith('http')) await expectAccessible(page);
    },
    { auto: true },
  ],
});

export { expect };
