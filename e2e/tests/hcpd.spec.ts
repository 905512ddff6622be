import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { filterToOnePractitioner } from '../support/practitioners.ts';
import { expectFitsEveryWidth } from '../support/layout.ts';

// What HCPD adds for people (docs/product/terminology.md): Alice keeps the GP service's endpoints on its
// Endpoints tab and picks its type from the terminology; Priya maps the service types no code matches on
// System admin → Terminology: unmatched. Through the real API and database, in order on one seeded world.
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const PRIYA = '2000000077';
const SERVICE = 'Harbour General Practice Surry Hills';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

/** Businesses → Harbour Medical Centre Surry Hills → the GP service. */
async function openService(page: Page) {
  await page.goto('/organisation');
  await page.getByRole('link', { name: 'Harbour Medical Centre Surry Hills' }).click();
  await page.getByRole('tab', { name: 'Healthcare services' }).click();
  await page.getByRole('link', { name: SERVICE }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare service' })).toBeVisible();
}

test('Alice adds an endpoint to the GP service, fixes a wrong address, edits and removes it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await openService(page);
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Endpoints' });
  // The table at this width (the same list is cards at phone width).
  const table = panel.getByRole('table', { name: 'Endpoints' });
  await expect(table.getByText('No endpoints yet.')).toBeVisible();
  await expectAccessible(page);

  await panel.getByRole('button', { name: 'Add an endpoint' }).click();
  await expect(page.getByRole('heading', { name: 'Add an endpoint' })).toBeVisible();
  await page.getByLabel(/^Name/).fill('Secure messaging');
  await page.getByLabel(/^Connection type/).selectOption({ label: 'Sealed Message Delivery' });
  await page.getByLabel(/^What it receives/).selectOption({ label: 'HL7 V2.3.1 MDM eReferral' });
  // The formats it accepts (docs/decisions/079-location-amenities-postal-position.md).
  await page.getByText('HL7 version 2 messages (application/hl7-v2)', { exact: true }).click();
  await page.getByLabel(/^Address/).fill('http://smd.example.org.au/surry-hills');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('link', { name: 'Enter an address starting with https://' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Address/).fill('https://smd.example.org.au/surry-hills');
  const added = page.waitForResponse(
    (r) => r.url().endsWith('/endpoints') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await added).status()).toBe(201);
  await expect(page.getByText('Endpoint Secure messaging saved')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Secure messaging' })).toContainText(
    'https://smd.example.org.au/surry-hills',
  );
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/hcpd-endpoints-1280.png`, fullPage: true });

  await table.getByRole('button', { name: 'Edit Secure messaging' }).click();
  await page.getByLabel(/^Status/).selectOption({ label: 'Suspended' });
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(table.getByRole('row').filter({ hasText: 'Secure messaging' })).toContainText(
    'Suspended',
  );

  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsEveryWidth(page, null, 'Alice on the Endpoints tab');
  await page.screenshot({ path: `${SCREENSHOTS}/hcpd-endpoints-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  const removed = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await table.getByRole('button', { name: 'Remove Secure messaging' }).click();
  expect((await removed).status()).toBe(204);
  await expect(table.getByText('No endpoints yet.')).toBeVisible();
});

test('Alice sees Surry Hills Clinic’s own endpoint on the location’s Endpoints tab (decision 085)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/organisation');
  await page.getByRole('link', { name: 'Harbour Medical Centre Surry Hills' }).click();
  await page.getByRole('tab', { name: 'Locations' }).click();
  await page.getByRole('link', { name: 'Surry Hills Clinic' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Location' })).toBeVisible();
  await page.getByRole('tab', { name: 'Endpoints' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Endpoints' });
  await expect(panel.getByText('Where partners’ systems reach this location')).toBeVisible();
  const table = panel.getByRole('table', { name: 'Endpoints' });
  await expect(
    table.getByRole('row').filter({ hasText: 'Surry Hills Clinic FHIR server' }),
  ).toContainText('https://fhir.harbourmedical.example.com.au/surry-hills');
  await expect(panel.getByRole('button', { name: 'Add an endpoint' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({
    path: `${SCREENSHOTS}/hcpd-location-endpoints-1280.png`,
    fullPage: true,
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsEveryWidth(page, null, 'Alice on the location’s Endpoints tab');
  await page.screenshot({ path: `${SCREENSHOTS}/hcpd-location-endpoints-390.png`, fullPage: true });
});

test('Alice picks the service type from the terminology; a type not in it is refused with the problem', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await openService(page);
  await page.getByRole('button', { name: 'Edit healthcare service' }).click();
  const type = page.getByRole('combobox', { name: /^Service type/ });
  await type.fill('Astrology');
  const refused = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({
    errors: [{ field: 'serviceType', message: 'Select a service type from the list' }],
  });
  await expect(
    page.getByRole('link', { name: 'Select a service type from the list' }),
  ).toBeVisible();
  await type.fill('general pr');
  await page.getByRole('option', { name: 'General practice service' }).click();
  await expect(type).toHaveValue('General practice service');
  await expectAccessible(page);
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Healthcare service saved')).toBeVisible();
});

test('Alice picks the GP service’s specialty from the terminology; one not in it is refused (decision 077)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await openService(page);
  await expect(page.getByRole('tabpanel', { name: 'Details' })).toContainText('General practice');
  await page.getByRole('button', { name: 'Edit healthcare service' }).click();
  // The design system marks a field that is not required: "Specialty (optional)", once.
  const specialty = page.getByRole('combobox', { name: 'Specialty (optional)' });
  await expect(specialty).toHaveValue('General practice');
  await specialty.fill('Skin checks');
  const refused = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(400);
  expect(await answer.json()).toMatchObject({
    errors: [{ field: 'specialty', message: 'Select a specialty from the list' }],
  });
  await expect(page.getByRole('link', { name: 'Select a specialty from the list' })).toBeVisible();
  await specialty.fill('derm');
  await page.getByRole('option', { name: 'Dermatology' }).click();
  await expect(specialty).toHaveValue('Dermatology');
  // Languages spoken and billing (decision 078): Greek added by keyboard beside the seeded two, No fee ticked.
  const languages = page.getByRole('combobox', { name: 'Languages spoken (optional)' });
  await languages.fill('gre');
  await languages.press('ArrowDown');
  await languages.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Greek' })).toBeVisible();
  await page.getByText('No fee', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'No fee' })).toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/specialty-service-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/specialty-service-390.png`, fullPage: true });
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH');
  await page.getByRole('button', { name: 'Save' }).click();
  const accepted = await saved;
  expect(accepted.status()).toBe(200);
  expect(accepted.request().postDataJSON()).toMatchObject({
    languages: ['vi', 'cmn', 'el'],
    billing: ['MIX', 'NFE'],
  });
  await expect(page.getByText('Healthcare service saved')).toBeVisible();
  const details = page.getByRole('tabpanel', { name: 'Details' });
  await expect(details).toContainText('Vietnamese, Mandarin, Greek');
  await expect(details).toContainText('No fee');
  await page.screenshot({ path: `${SCREENSHOTS}/languages-service-390.png`, fullPage: true });
});

test('Alice changes her GP role’s specialty, picked from the terminology (decision 077)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/practitioners');
  await filterToOnePractitioner(page, 'alice nguyen');
  await page.getByRole('button', { name: /Nguyen, Alice/ }).click();
  await page.getByRole('button', { name: `Actions for Nguyen, Alice at ${SERVICE}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit practitioner role' }),
  ).toBeVisible();
  const specialty = page.getByRole('combobox', { name: 'Specialty (optional)' });
  await expect(specialty).toHaveValue('General practice');
  await specialty.fill('physio');
  await page.getByRole('option', { name: 'Physiotherapy' }).click();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/specialty-role-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOTS}/specialty-role-390.png`, fullPage: true });
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
});

test('Priya maps an unmatched service type; it leaves the list', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, PRIYA);
  await expect(page).toHaveURL(/\/welcome|\/admin/);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Terminology: unmatched' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Terminology: unmatched' }),
  ).toBeVisible();
  const table = page.getByRole('table', { name: 'Unmatched service types' });
  const row = table.getByRole('row').filter({ hasText: 'Skin cancer clinic' });
  await expect(row).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/hcpd-terminology-1280.png`, fullPage: true });

  await row.getByRole('button', { name: 'Map “Skin cancer clinic”' }).click();
  await expect(row.getByText('Select the code this text means')).toBeVisible();
  await row
    .getByLabel('Code for “Skin cancer clinic”')
    .selectOption({ label: 'General practice service (788007007)' });
  const mapped = page.waitForResponse((r) => r.url().endsWith('/api/admin/terminology/mappings'));
  await row.getByRole('button', { name: 'Map “Skin cancer clinic”' }).click();
  expect((await mapped).status()).toBe(204);
  await expect(
    page.getByText('“Skin cancer clinic” is mapped to General practice service'),
  ).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Skin cancer clinic' })).toHaveCount(0);
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsEveryWidth(page, null, 'Priya on Terminology: unmatched');
  await page.screenshot({ path: `${SCREENSHOTS}/hcpd-terminology-390.png`, fullPage: true });
});
