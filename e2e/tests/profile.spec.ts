import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { expectCompactPhoneHeader, expectFitsEveryWidth } from '../support/layout.ts';

/**
 * The profile (docs/product/features.md#profile, docs/decisions/022-profile-and-email-verification.md):
 * Alice keeps her own details, Farah accepts participation and verifies her email through the dev mailbox,
 * and Ben reads Farah's details while he manages her. Each file runs on its own
 * seeded world; the tests here run in order on it.
 */

const ALICE = '2000000011';
const BEN = '2000000022';
const FARAH = '2000000055';
const FARAH_EMAIL = 'farah.haddad@example.com';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

test.describe.configure({ mode: 'serial' });

/** Signs in and waits for the dashboard greeting. */
async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible({
    timeout: 30_000,
  });
}

/** Opens the header's profile menu and follows one of its items. */
async function fromProfileMenu(page: Page, fullName: string, item: string) {
  await page.getByRole('button', { name: fullName, exact: true }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Ticks a checkbox by its label, as a person clicks it (AgDS draws its own box over the input). */
async function tick(scope: Locator, label: string) {
  await scope.getByText(label, { exact: true }).click();
  await expect(scope.getByRole('checkbox', { name: label })).toBeChecked();
}

/*
 * The journeys keep the way to the profile, the save that reaches the server and comes back after a
 * reload, the mailed link followed from the mailbox, the dialogs and axe on each state. What the page shows
 * and its fields' rules (lengths, messages, the Verified indicator, the ?tab= choice, the privacy dialog's
 * width, the read view's cards) are checked in component tests (apps/web/src/features/profile/
 * profile-details.test.tsx, profile.test.tsx), and the resend lock, a second tab's refused resend and the
 * link's single use in the API tests (apps/server/src/modules/profile/profile.test.ts): issue 31,
 * docs/decisions/052-ci-budget.md.
 */
test('Alice keeps her profile: an invalid email explained, her phone saved, the privacy policy, personal contact details kept after a reload', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await fromProfileMenu(page, 'Alice Nguyen', 'View profile');
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const email = page.getByLabel('Email', { exact: true });
  const phone = page.getByLabel('Phone', { exact: true });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await email.fill('alice.nguyen@harbourmedical');
  await expect(page.getByText('Must be valid email')).toBeVisible();
  await expect(save).toBeDisabled();
  await expectAccessible(page);
  await email.fill('alice.nguyen@harbourmedical.example.com.au');
  await phone.fill('0291230000');
  await expect(save).toBeEnabled();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/basic-information') && r.request().method() === 'PUT',
  );
  await save.click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Successfully updated your profile')).toBeVisible();

  // The privacy policy opens in the shell's dialog; Escape closes it.
  await page.getByRole('link', { name: 'Privacy policy' }).click();
  const privacy = page.getByRole('dialog');
  await expect(privacy).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(privacy).toHaveCount(0);

  await page.getByRole('tab', { name: 'Personal contact details' }).click();
  await page.getByLabel('Personal email').fill('alice@home');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Personal email').fill('alice@home.example.com');
  await page.getByLabel('Personal phone').fill('0412345678');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Successfully updated your details')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/profile-alice-1280.png`, fullPage: true });
  await page.reload();
  await page.getByRole('tab', { name: 'Personal contact details' }).click();
  await expect(page.getByLabel('Personal email')).toHaveValue('alice@home.example.com');
  await expect(page.getByLabel('Personal phone')).toHaveValue('0412345678');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('0291230000');
});

test('Farah accepts participation, then verifies her email from the dev mailbox; the link works once', async ({
  page,
  mailbox,
}) => {
  await signIn(page, FARAH);
  // Farah has not answered the participation agreement yet: the dashboard asks first, and cannot be
  // dismissed (the words and messages: apps/web/src/features/welcome/routes/welcome-identities.test.tsx).
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms).toBeVisible({ timeout: 30_000 });
  // It fits a phone and a tablet (measured here, where Farah signs in anyway).
  await page.waitForLoadState('networkidle');
  await expectFitsEveryWidth(page, null, 'Farah');
  await expectCompactPhoneHeader(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.keyboard.press('Escape');
  await expect(terms).toBeVisible();
  await page.getByTestId('modal-backdrop').click({ position: { x: 4, y: 4 } });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(terms.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeVisible();
  await expectAccessible(page);
  await tick(terms, 'I accept the participation agreement');
  await tick(terms, 'I have read and accept the privacy notice');
  await terms.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(terms).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Farah' })).toBeVisible();

  await fromProfileMenu(page, 'Farah Haddad', 'View profile');
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
  const profileUrl = page.url();
  const resend = page.getByRole('button', { name: 'Resend validation email' });
  await resend.click();
  await expect(
    page.getByText(`We have sent a verification email to ${FARAH_EMAIL}.`),
  ).toBeVisible();
  await expect(resend).toBeDisabled();

  // The link, followed from the dev mailbox like a person would.
  const mail = await mailbox.waitForMail({
    to: FARAH_EMAIL,
    subject: /^Verify your email address/,
  });
  await page.goto(mailbox.url);
  await page.getByRole('link', { name: mail.subject }).click();
  await page
    .getByRole('link', { name: /\/verify-email\?/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/verify-email-1280.png`, fullPage: true });

  // The link works once.
  await page.reload();
  await expect(
    page.getByText('Email verification failed. Please ensure the verification link is correct.'),
  ).toBeVisible();

  await page.goto(profileUrl);
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend validation email' })).toHaveCount(0);
});

test('Ben, managing Farah, opens her personal details (the practitioner profile read view), which fit a phone', async ({
  page,
}) => {
  await signInToWelcome(page, BEN, 'Ben');
  await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Managed accounts' }).click();
  await page.getByRole('button', { name: 'Manage Farah Haddad' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Manage this account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Farah' })).toBeVisible();
  await page.getByRole('link', { name: 'Personal details' }).click();
  await expect(page).toHaveURL(/\/practitioner-profile\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1, name: 'Practitioner profile' })).toBeVisible();
  await expect(page.getByText('8003610830166134')).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/practitioner-profile-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
