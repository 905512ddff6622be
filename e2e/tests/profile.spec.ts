import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * The profile (docs/product/features.md#profile, docs/decisions/022-profile-and-email-verification.md):
 * Alice's own details and their rules, Farah's email verification through the dev mailbox and the
 * server's resend lock, and Ben reading Farah's details while he manages her. Each file runs on its own
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

const widthOf = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).width);

async function newPerson(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, locale: 'en-AU' });
  return context.newPage();
}

test('Alice keeps her profile: read-only identity, email and phone rules, personal contact details', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await fromProfileMenu(page, 'Alice Nguyen', 'View profile');
  await expect(page).toHaveURL(/\/profile\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page).toHaveTitle(/^Profile/);

  // With an HPI-I: both tabs; Basic information first.
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['Basic information', 'Personal contact details']);
  await expect(page.getByRole('tab', { name: 'Basic information' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText('Alice Nguyen', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Dr Alice Nguyen')).toBeVisible();
  await expect(
    page.getByText('Your preferred name may be changed in the government services portal.'),
  ).toBeVisible();
  await expect(page.getByText(ALICE, { exact: true })).toBeVisible();
  await expect(page.getByText('8003615260181594')).toBeVisible();
  await expect(page.getByRole('img', { name: 'HPI-I is valid' })).toBeVisible();
  const registrations = page.getByRole('table', { name: 'Professional registrations' });
  await expect(registrations).toContainText('MED0001234567');
  await expect(registrations).toContainText('Medical Practitioner');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend validation email' })).toHaveCount(0);
  await expectAccessible(page);

  // Editing the email clears the verified indicator; restoring it sets it again (rule 4.8).
  const email = page.getByLabel('Email', { exact: true });
  const phone = page.getByLabel('Phone', { exact: true });
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(email).toHaveAttribute('maxlength', '100');
  await expect(phone).toHaveAttribute('maxlength', '100');
  await email.fill('alice.nguyen@harbourmedical');
  await expect(page.getByText('Must be valid email')).toBeVisible();
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
  await expect(save).toBeDisabled();
  await email.fill('alice.nguyen@harbourmedical.example.com.au');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  await phone.fill('12');
  await expect(
    page.getByText('Please enter a 6 or 10 digit number starting with 0 or 1'),
  ).toBeVisible();
  await expect(save).toBeDisabled();
  await phone.fill('');
  await expect(page.getByText('Please enter your phone number')).toBeVisible();
  await expectAccessible(page);
  await phone.fill('0291230000');
  await expect(save).toBeEnabled();
  const saved = page.waitForResponse(
    (r) => r.url().includes('/basic-information') && r.request().method() === 'PUT',
  );
  await save.click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Successfully updated your profile')).toBeVisible();
  await page
    .getByRole('button', { name: /Close|Dismiss/ })
    .first()
    .click();
  await expect(page.getByText('Successfully updated your profile')).toHaveCount(0);

  // The privacy policy opens in the shell's 1200 px dialog.
  await page.getByRole('link', { name: 'Privacy policy' }).click();
  const privacy = page.getByRole('dialog');
  await expect(privacy).toBeVisible();
  expect(await widthOf(privacy)).toBe('1200px');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(privacy).toHaveCount(0);

  // ?tab= selects a tab by its label, a moment after the page shows.
  await page.goto(`${new URL(page.url()).pathname}?tab=Personal%20contact%20details`);
  await expect(page.getByRole('tab', { name: 'Personal contact details' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page.getByText(
      'Your personal contact details are only shared with organisations that you or your delegate choose.',
    ),
  ).toBeVisible();
  await page.getByLabel('Personal email').fill('alice@home');
  await page.getByLabel('Personal phone').fill('0412');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const problems = page.getByRole('alert').filter({ hasText: 'There is a problem' });
  await expect(problems.getByRole('link')).toHaveText([
    'Must be valid email',
    'Please enter a 6 or 10 digit number starting with 0 or 1',
  ]);
  await expectAccessible(page);
  await page.getByLabel('Personal email').fill('alice@home.example.com');
  await page.getByLabel('Personal phone').fill('0412345678');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Successfully updated your details')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/profile-alice-1280.png`, fullPage: true });
  await page.reload();
  await page.getByRole('tab', { name: 'Personal contact details' }).click();
  await expect(page.getByLabel('Personal email')).toHaveValue('alice@home.example.com');
});

test('Farah verifies her email from the dev mailbox; a second resend within 5 minutes is refused by the server', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  await signIn(page, FARAH);
  // Farah has not answered the participation agreement yet: the dashboard asks first.
  const terms = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(terms).toBeVisible({ timeout: 30_000 });
  await tick(terms, 'I accept the participation agreement');
  await tick(terms, 'I have read and accept the privacy notice');
  await terms.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(terms).toHaveCount(0);
  await fromProfileMenu(page, 'Farah Haddad', 'View profile');
  await expect(page.getByText('Not verified', { exact: true })).toBeVisible();
  const profileUrl = page.url();

  // The same profile open in a second tab, as people do.
  const second = await newPerson(browser, baseURL);
  await signIn(second, FARAH);
  await expect(second.getByRole('heading', { level: 1, name: 'Welcome Farah' })).toBeVisible({
    timeout: 30_000,
  });
  await second.goto(profileUrl);
  const secondResend = second.getByRole('button', { name: 'Resend validation email' });
  await expect(secondResend).toBeEnabled();

  const resend = page.getByRole('button', { name: 'Resend validation email' });
  await resend.click();
  await expect(
    page.getByText(`We have sent a verification email to ${FARAH_EMAIL}.`),
  ).toBeVisible();
  // The button stays disabled for the 5 minutes, reload or not: the lock is the server's.
  await expect(resend).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Resend validation email' })).toBeDisabled();

  // The other tab did not know: the server refuses, and the page shows the warning with Dismiss.
  await secondResend.click();
  const warning = second
    .getByRole('alert')
    .filter({ hasText: 'Please wait before requesting another verification' });
  await expect(warning).toBeVisible();
  await expectAccessible(second);
  await warning.getByRole('button', { name: /Dismiss|Close/ }).click();
  await expect(warning).toHaveCount(0);
  await second.context().close();

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
  await expect(page.getByText('Your email has been successfully verified.')).toBeVisible();
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

test('a verification link without its parameters says so without calling the server', async ({
  page,
}) => {
  let called = false;
  page.on('request', (r) => {
    if (r.url().includes('/api/verify-email')) called = true;
  });
  await page.goto('/verify-email?email=someone%40example.com');
  await expect(
    page.getByText(
      'The verification link is incomplete. Please open the link from your email again.',
    ),
  ).toBeVisible();
  expect(called).toBe(false);
});

test('Ben, managing Farah, opens her personal details (the practitioner profile read view)', async ({
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
  for (const card of ['Profile details', 'Identifiers', 'Personal contact details'])
    await expect(page.getByRole('heading', { level: 2, name: card })).toBeVisible();
  await expect(page.getByRole('main').getByText('Farah Haddad', { exact: true })).toBeVisible();
  await expect(page.getByText(FARAH, { exact: true })).toBeVisible();
  await expect(page.getByText('8003610830166134')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Professional registrations' })).toContainText(
    'PHY0009876543',
  );
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/practitioner-profile-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
