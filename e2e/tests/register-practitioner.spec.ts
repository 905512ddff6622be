import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * Registering as a practitioner (docs/product/features.md#profile,
 * docs/decisions/023-register-as-practitioner.md): Isla, who has email and phone but no HPI-I, tries the
 * registry's not-active number for her, then registers with her own and sees both tabs. The field's rules
 * and each of the HI Service's answers in words are the component's and the API's to check
 * (apps/web/src/features/profile/components/register-practitioner-dialog.test.tsx,
 * apps/server/src/modules/profile/practitioner-registration.test.ts; issue 31,
 * docs/decisions/052-ci-budget.md).
 */

const ISLA = '2000000099';
const HPII = { notActive: '8003619960308242', own: '8003611860913908' };

const widthOf = (locator: Locator) =>
  locator.evaluate((el) => Math.round(el.getBoundingClientRect().width));

/** Types an HPI-I, presses Next and waits for the server's answer to the check. */
async function checkHpii(page: Page, dialog: Locator, hpii: string, status: number) {
  const field = dialog.getByRole('textbox', { name: /HPI-I number/ });
  await field.fill(hpii);
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/hpii-check') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Next' }).click();
  expect((await answer).status()).toBe(status);
}

test('Isla registers as a practitioner with her HPI-I and then has both tabs', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signIn(page, ISLA);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Isla' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Isla Brown', exact: true }).click();
  await page.getByRole('menuitem', { name: 'View profile' }).click();
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // No HPI-I: basic information only, and the button (she has email and phone).
  const register = page.getByRole('button', { name: 'Register as a practitioner' });
  await expect(register).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  await expectAccessible(page);

  await register.click();
  const identity = page.getByRole('dialog', { name: 'Your professional identity' });
  await expect(identity).toBeVisible();
  expect(await widthOf(identity)).toBe(500);
  await expectAccessible(page);

  // The registry's not-active number for her: the answer stays on the field, on the identity step.
  await checkHpii(page, identity, HPII.notActive, 422);
  await expect(identity.getByRole('textbox', { name: /HPI-I number/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectAccessible(page);

  // Her own number: on to the terms, 950 px wide.
  await checkHpii(page, identity, HPII.own, 200);
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms).toBeVisible();
  expect(await widthOf(terms)).toBe(950);
  await expectAccessible(page);

  for (const label of [
    'I accept the participation agreement',
    'I have read and accept the privacy notice',
  ]) {
    await terms.getByText(label, { exact: true }).click();
    await expect(terms.getByRole('checkbox', { name: label })).toBeChecked();
  }
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/practitioner-registration') && r.request().method() === 'POST',
  );
  await terms.getByRole('button', { name: 'Agree and continue' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Now a practitioner: both tabs, her HPI-I shown, and the button gone.
  await expect(page.getByRole('tab')).toHaveText(['Basic information', 'Personal contact details']);
  await expect(page.getByText(HPII.own)).toBeVisible();
  await expect(register).toHaveCount(0);
  await page.getByRole('tab', { name: 'Personal contact details' }).click();
  await expect(page.getByLabel('Personal email')).toBeVisible();
});
