import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

// A practitioner's bank account (docs/product/bank-account.md, docs/decisions/058-bank-account.md): Alice is told
// what is wrong with a BSB and an account number, saves her account and sees it masked, shares it with MediFund
// by ticking the consent shown, the partner sandbox (playing MediFund) reads it through the partner API, and
// after she withdraws her consent it is gone at the sandbox's next read. Axe on every page, the sandbox's too.
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const MEDIFUND = 'MediFund Health Insurance';
const sandbox = () => process.env['E2E_SANDBOX_URL']!;

/** The sandbox's Bank accounts page, read afresh. */
async function sandboxBankAccounts(page: Page) {
  await page.goto(`${sandbox()}/bank-accounts`);
  await expect(page.getByRole('heading', { level: 1, name: 'Bank accounts' })).toBeVisible();
}

test('Alice saves her bank account, shares it with MediFund, the sandbox reads it; withdrawn, it is gone', async ({
  page,
  context,
}) => {
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await page.getByRole('button', { name: 'Alice Nguyen', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Bank account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bank account' })).toBeVisible();
  await expect(page.getByText('No bank account has been added yet.')).toBeVisible();
  await expect(page.getByText('Add a bank account before sharing it.')).toBeVisible();
  await expectAccessible(page);

  // Wrong first: a BSB of 5 digits and an account number of 5, told in the summary and beside each field.
  const form = page.getByRole('form', { name: 'Add bank account' });
  await form.getByRole('textbox', { name: /Account name/ }).fill('Dr Alice Nguyen');
  await form.getByRole('textbox', { name: /BSB/ }).fill('062-00');
  await form.getByRole('textbox', { name: /Account number/ }).fill('12345');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('link', { name: 'Enter a BSB of 6 digits, for example 062-000' }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Enter an account number of 6 to 9 digits' }),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: /BSB/ })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/bank-account-errors-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Right: saved, and shown with the account number masked.
  await form.getByRole('textbox', { name: /BSB/ }).fill('062-000');
  await form.getByRole('textbox', { name: /Account number/ }).fill('12345678');
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().includes('/api/bank-account/'),
  );
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('The bank account was saved.')).toBeVisible();
  const details = page.getByRole('region', { name: 'Account details' });
  await expect(details.getByText('062-000')).toBeVisible();
  await expect(details.getByText('••••5678')).toBeVisible();
  await expect(page.getByText('12345678')).toHaveCount(0);
  await expectAccessible(page);

  // Share with MediFund: the consent is shown and must be ticked.
  const sharing = page.getByRole('region', { name: 'Sharing with payers' });
  await sharing.getByRole('button', { name: `Share with ${MEDIFUND}` }).click();
  const consent = sharing.getByRole('region', { name: `Consent to share with ${MEDIFUND}` });
  await expect(
    consent.getByText(/I consent to Provider Connect Australia sharing this bank account/),
  ).toBeVisible();
  await consent.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(
    page.getByRole('link', { name: 'Please tick the box to consent to sharing the bank account' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/bank-account-consent-1280.png', fullPage: true });
  await consent
    .getByText('I consent to sharing the bank account as above', { exact: true })
    .click();
  await expect(
    consent.getByRole('checkbox', { name: 'I consent to sharing the bank account as above' }),
  ).toBeChecked();
  await consent.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByText(`The bank account is now shared with ${MEDIFUND}.`)).toBeVisible();
  await expect(sharing.getByText(/Shared since .* \(consent version 1\)/)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/bank-account-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/bank-account-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The sandbox reads it through the partner API.
  const partner = await context.newPage();
  await sandboxBankAccounts(partner);
  const table = partner.getByRole('table', { name: '1 shared bank account' });
  const row = table.getByRole('row', { name: /Alice Nguyen/ });
  await expect(row.getByRole('cell', { name: '062000' })).toBeVisible();
  await expect(row.getByRole('cell', { name: '12345678' })).toBeVisible();
  await expectAccessible(partner);
  await partner.screenshot({ path: '/tmp/bank-account-sandbox.png', fullPage: true });

  // Withdrawn: the sandbox's next read finds nothing.
  const withdrawn = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/shares/'),
  );
  await sharing.getByRole('button', { name: 'Withdraw consent' }).click();
  expect((await withdrawn).status()).toBe(204);
  await expect(
    page.getByText(`Consent withdrawn: ${MEDIFUND} can no longer read the bank account.`),
  ).toBeVisible();
  await expect(sharing.getByText('Not shared')).toBeVisible();
  await expectAccessible(page);
  await sandboxBankAccounts(partner);
  await expect(
    partner.getByText(`No practitioner shares a bank account with ${MEDIFUND}.`),
  ).toBeVisible();
  await expect(partner.getByText('12345678')).toHaveCount(0);
  await expectAccessible(partner);
});

test('Edit replaces the account; someone else opening its address is told it is not there', async ({
  page,
}) => {
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await page.getByRole('button', { name: 'Alice Nguyen', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Bank account' }).click();
  await expect(page).toHaveURL(/\/bank-account\/add-edit\//);
  const address = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('form', { name: 'Replace bank account' });
  await expect(form.getByText('Enter the whole account again.')).toBeVisible();
  await form.getByRole('textbox', { name: /Account name/ }).fill('Nguyen Medical Pty Ltd');
  await form.getByRole('textbox', { name: /BSB/ }).fill('083004');
  await form.getByRole('textbox', { name: /Account number/ }).fill('987654321');
  await form.getByRole('button', { name: 'Save' }).click();
  const details = page.getByRole('region', { name: 'Account details' });
  await expect(details.getByText('083-004')).toBeVisible();
  await expect(details.getByText('••••4321')).toBeVisible();
  await expectAccessible(page);

  // George (Harbour's viewer) by URL: the page says it cannot be found, the problem's words.
  await page.context().clearCookies();
  await page.evaluate(() => window.sessionStorage.clear());
  await signIn(page, '2000000066');
  await expect(page).toHaveURL(/\/welcome/);
  const answer = page.waitForResponse((r) => r.url().includes('/api/bank-account/'));
  await page.goto(address);
  const refused = await answer;
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({ type: '/problems/not-found', status: 404 });
  await expect(page.getByRole('heading', { level: 1, name: 'Bank account' })).toBeVisible();
  await expect(page.getByText('12345678')).toHaveCount(0);
  await expectAccessible(page);
});

test('Ben managing Alice finds her bank account from her practitioner profile; without the consent he is told so', async ({
  page,
}) => {
  await signIn(page, '2000000022');
  await expect(page).toHaveURL(/\/welcome/);
  await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Managed accounts' }).click();
  await page.getByRole('button', { name: 'Manage Alice Nguyen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch accounts' });
  await dialog.getByRole('button', { name: 'Manage this account' }).click();
  await expect(page.getByTestId('managing-indicator')).toHaveText('Managing Alice Nguyen');
  // docs/product/shell.md#layout: no Bank account in the profile menu while managing; the practitioner profile links it.
  await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Bank account' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Practitioner profile' }).click();
  await page.getByRole('link', { name: "Alice's bank account" }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bank account' })).toBeVisible();
  // The seeded delegation holds no consent record: the page says what is missing, and shows nothing of it.
  await expect(page.getByText('No consent to manage bank details')).toBeVisible();
  await expect(page.getByText(/Alice Nguyen has not given you consent/)).toBeVisible();
  await expect(page.getByText('••••4321')).toHaveCount(0);
  await expectAccessible(page);
});
