import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

// Key contacts (docs/product/key-contacts.md): Alice, OrganisationManager of Harbour Medical Group (an
// approved publisher), keeps its contacts through the real API and database; George, Harbour's viewer,
// cannot reach them. Run in order on one seeded world.
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const GEORGE = '2000000066';
const HARBOUR = 'Harbour Medical Group Pty Ltd';

/** The contacts table (desktop width) and one person's row in it. */
const table = (page: Page) => page.getByRole('table', { name: `Key contacts of ${HARBOUR}` });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

/** Fills the add or update form. */
async function fillContact(
  page: Page,
  contact: { name?: string; role?: string; email?: string; phone?: string },
) {
  if (contact.name !== undefined) await page.getByLabel(/^Full name/).fill(contact.name);
  if (contact.role !== undefined)
    await page.getByLabel(/^Role/).selectOption({ label: contact.role });
  if (contact.email !== undefined) await page.getByLabel(/^Email/).fill(contact.email);
  if (contact.phone !== undefined) await page.getByLabel(/^Phone/).fill(contact.phone);
}

test('Alice adds two key contacts, switches the primary, edits one and removes one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
  await page.getByRole('link', { name: 'Key contacts' }).first().click();
  await expect(page).toHaveURL(/\/key-contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Key contacts' })).toBeVisible();
  await expect(
    page.getByText(
      `${HARBOUR} has no key contacts yet. The first one you add becomes its primary contact.`,
    ),
  ).toBeVisible();
  await expectAccessible(page);

  // The first contact: its form says it will be primary; a wrong phone is caught before sending.
  await page.getByRole('link', { name: 'Add key contact' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add key contact' })).toBeVisible();
  await expect(
    page.getByText('The first key contact of a business is its primary contact.'),
  ).toBeVisible();
  await expectAccessible(page);
  await fillContact(page, {
    name: 'Mei Chen',
    role: 'Practice manager',
    email: 'mei.chen@harbourmedical.example.com.au',
    phone: '12345',
  });
  await page.getByRole('button', { name: 'Add key contact' }).click();
  await expect(
    page.getByRole('link', {
      name: 'Enter a valid Australian phone number, for example 02 9123 4567',
    }),
  ).toBeVisible();
  await expectAccessible(page);
  await fillContact(page, { phone: '02 9123 4567' });
  const added = page.waitForResponse(
    (r) => r.url().endsWith('/api/key-contacts') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Add key contact' }).click();
  expect((await added).status()).toBe(201);
  await expect(page.getByText('Mei Chen is now a key contact.')).toBeVisible();
  await expect(rowOf(page, 'Mei Chen').getByText('Primary contact')).toBeVisible();

  // The second, not primary.
  await page.getByRole('link', { name: 'Add key contact' }).click();
  await expect(
    page.getByRole('checkbox', { name: 'Make this the primary contact' }),
  ).not.toBeChecked();
  await fillContact(page, {
    name: 'Raj Patel',
    role: 'Billing contact',
    email: 'raj.patel@harbourmedical.example.com.au',
    phone: '0412 345 678',
  });
  await page.getByRole('button', { name: 'Add key contact' }).click();
  await expect(page.getByText('Raj Patel is now a key contact.')).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(3);
  await expectAccessible(page);

  // Raj becomes primary; Mei stops being it.
  await page.getByRole('button', { name: 'Make Raj Patel the primary contact' }).click();
  await expect(page.getByText(`Raj Patel is now the primary contact of ${HARBOUR}.`)).toBeVisible();
  await expect(rowOf(page, 'Raj Patel').getByText('Primary contact')).toBeVisible();
  await expect(
    rowOf(page, 'Mei Chen').getByRole('button', { name: 'Make Mei Chen the primary contact' }),
  ).toBeVisible();

  // The primary cannot be removed while Mei remains: the dialog says why, in the API's words.
  await page.getByRole('button', { name: 'Remove Raj Patel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Raj Patel?' });
  await expect(dialog).toBeVisible();
  const refused = page.waitForResponse(
    (r) => r.url().includes('/api/key-contacts/') && r.request().method() === 'DELETE',
  );
  await dialog.getByRole('button', { name: 'Remove key contact' }).click();
  const refusal = await refused;
  expect(refusal.status()).toBe(409);
  expect(refusal.headers()['content-type']).toContain('application/problem+json');
  expect(await refusal.json()).toMatchObject({
    type: '/problems/conflict',
    status: 409,
    detail: 'This is the primary contact. Make another contact primary before you remove this one.',
  });
  await expect(
    dialog.getByText(
      'This is the primary contact. Make another contact primary before you remove this one.',
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Mei's role and phone change.
  await page.getByRole('link', { name: 'Update Mei Chen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Update key contact' })).toBeVisible();
  await expect(page.getByLabel(/^Full name/)).toHaveValue('Mei Chen');
  await expectAccessible(page);
  await fillContact(page, { role: 'Owner', phone: '0412 000 111' });
  await page.getByRole('button', { name: 'Save key contact' }).click();
  await expect(page.getByText('Mei Chen’s details are saved.')).toBeVisible();
  await expect(rowOf(page, 'Mei Chen')).toContainText('Owner');
  await expect(rowOf(page, 'Mei Chen')).toContainText('0412 000 111');

  // Mei, not primary, can go.
  await page.getByRole('button', { name: 'Remove Mei Chen' }).click();
  await page
    .getByRole('dialog', { name: 'Remove Mei Chen?' })
    .getByRole('button', { name: 'Remove key contact' })
    .click();
  await expect(page.getByText(`Mei Chen is no longer a key contact of ${HARBOUR}.`)).toBeVisible();
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await expect(rowOf(page, 'Raj Patel').getByText('Primary contact')).toBeVisible();
});

test('George, Harbour’s viewer, cannot reach key contacts, by page or by API', async ({ page }) => {
  await signIn(page, GEORGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome George' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Key contacts' })).toHaveCount(0);
  await page.goto('/key-contacts');
  await expect(page).toHaveURL(/\/welcome\?reason=key-contacts$/);
  await expect(page.getByText('You do not have access to key contacts.')).toBeVisible();
  const answer = await page.evaluate(async () => {
    const token = sessionStorage.getItem('pca.sessionToken') ?? '';
    const res = await fetch('/api/key-contacts', { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
  });
  expect(answer.status).toBe(403);
  expect(answer.type).toContain('application/problem+json');
  expect(answer.body).toMatchObject({ type: '/problems/forbidden', status: 403 });
});
