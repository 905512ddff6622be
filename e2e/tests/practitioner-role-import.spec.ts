import type { Page } from '@playwright/test';
import {
  demoPractice,
  startClinicalSystem,
  type RunningClinicalSystem,
} from '@pca/clinical-system/server';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { filterToOnePractitioner } from '../support/practitioners.ts';

/**
 * The practitioner role import (docs/product/practitioner-role-import.md,
 * docs/decisions/070-practitioner-role-import.md): Alice connects Harbour Medical Group to the clinical-system
 * stand-in (started by this file with the demo practice, for this file's portal) on the Clinical systems tab
 * and signs in to it, opens the import from the connection's card, then reads its roles, matches
 * its physiotherapy service, imports three new roles and sees them on /practitioners. George, a Viewer of
 * Harbour, cannot open the import. The tests run in order on this file's seeded world.
 */

const ALICE = '2000000011';
const GEORGE = '2000000066';
const HARBOUR = 'Harbour Medical Group Pty Ltd';

test.describe.configure({ mode: 'serial' });

let cis: RunningClinicalSystem;
let connectionId = '';

// Playwright reads a hook's fixtures from this pattern, and this one needs none.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  const portalUrl = String(testInfo.project.use.baseURL);
  cis = await startClinicalSystem({ port: 0, portalUrl, practice: demoPractice() });
});
test.afterAll(async () => {
  await cis?.close();
});

async function signInTo(page: Page, ra: string) {
  await signIn(page, ra);
  await expect(page).toHaveURL(/\/welcome/, { timeout: 30_000 });
}

/** The signed-in person's API, as the page calls it. */
async function api(page: Page) {
  const token = await page.evaluate(() => window.sessionStorage.getItem('pca.sessionToken'));
  return { authorization: `Bearer ${token ?? ''}` };
}

/** Harbour's organisation id, from the signed-in person's organisations. */
async function harbourId(page: Page) {
  const res = await page.request.get('/api/me/organisations', { headers: await api(page) });
  expect(res.status()).toBe(200);
  const { organisations } = (await res.json()) as {
    organisations: Array<{ id: string; name: string }>;
  };
  return organisations.find((o) => o.name === HARBOUR)!.id;
}

test('Alice connects and signs in to the clinical system, then imports three new roles and sees them on Practitioners', async ({
  page,
}, testInfo) => {
  await signInTo(page, ALICE);
  const organisationId = await harbourId(page);

  // Connect Harbour on its Clinical systems tab, as docs/product/smart-clients.md describes.
  await page.goto(`/organisation/participating/${organisationId}?tab=Clinical+systems`);
  await page.getByRole('link', { name: 'Add a clinical system' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Add clinical information system' }),
  ).toBeVisible();
  await page.getByLabel(/^Clinical system name/).fill('Harbour clinical software');
  await page.getByLabel(/^FHIR base URL/).fill(cis.iss);
  await page.getByLabel(/^Client id/).fill('provider-connect');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/smart-clients') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save and check' }).click();
  const created = await saved;
  expect(created.status(), await created.text()).toBe(201);
  connectionId = ((await created.json()) as { id: string }).id;
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit clinical information system' }),
  ).toBeVisible();

  // The standalone launch: the clinical system's own sign-in and consent pages, then back to the portal.
  await page.goto(`/organisation/participating/${organisationId}?tab=Clinical+systems`);
  await page.getByRole('button', { name: 'Connect to Harbour clinical software' }).click();
  await page.getByRole('button', { name: 'Sign in as Dr Alice Nguyen' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/organisation\/participating\/[^/]+\?tab=Clinical/);
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole('link', { name: 'Import practitioner roles from Harbour clinical software' })
    .click();

  // The import page.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import practitioner roles' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Import practitioner roles - Provider Connect Australia');
  await expectAccessible(page);
  const previewRead = page.waitForResponse(
    (r) =>
      r.url().includes('/api/practitioner-role-import/runs/') && r.request().method() === 'GET',
  );
  await page.getByRole('button', { name: 'Read roles from the clinical system' }).click();
  expect((await previewRead).status()).toBe(200);
  await expect(
    page.getByText(
      /36 roles read from Harbour clinical software for Harbour Medical Group Pty Ltd: 2 new, 3 changed, 21 unchanged and 10 unmatched/,
    ),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('import-1280.png'), fullPage: true });

  // Harbour has no physiotherapy service yet: Alice matches the clinical system's to its general practice.
  const physio = page.getByRole('combobox', { name: /Harbour Physiotherapy Surry Hills/ });
  await expect(physio).toHaveValue('');
  await physio.selectOption({ label: 'Harbour General Practice Surry Hills (Surry Hills Clinic)' });
  await expect(page.getByRole('tab', { name: /New \(4\)/ })).toBeVisible();

  // Three of the new roles: not Sofia Green's, and none of the changed ones this time.
  const table = page.getByRole('table', { name: 'New roles' });
  // AgDS draws the box over the input: a person clicks the label.
  await table.getByText('Green, Sofia').click();
  await expect(table.getByRole('checkbox', { name: 'Green, Sofia' })).not.toBeChecked();
  await page.getByRole('tab', { name: /Changed/ }).click();
  await page.getByText('Choose all 3 changed roles').click();
  await expect(
    page.getByRole('checkbox', { name: 'Choose all 3 changed roles' }),
  ).not.toBeChecked();
  await page.getByRole('tab', { name: /Unmatched/ }).click();
  await expect(
    page
      .getByRole('table', { name: 'Unmatched roles' })
      .getByRole('row', { name: /Lawson, Jack/ })
      .getByText('The clinical system has no HPI-I for this practitioner'),
  ).toBeVisible();
  await expectAccessible(page);

  const imported = page.waitForResponse((r) => r.url().endsWith('/import'));
  await page.getByRole('button', { name: 'Import 3 roles' }).click();
  expect((await imported).status()).toBe(200);
  await expect(page.getByText('3 roles added and 0 updated.')).toBeVisible();
  await expectAccessible(page);

  // On Practitioners: Farah Haddad now works at the general practice as a physiotherapist.
  await page.getByRole('link', { name: 'See your practitioners' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Practitioners' })).toBeVisible();
  await filterToOnePractitioner(page, 'Haddad');
  await page.getByRole('button', { name: /Haddad, Farah/ }).click();
  await expect(
    page
      .getByRole('row', { name: /Harbour General Practice Surry Hills.*Physiotherapist/ })
      .first(),
  ).toBeVisible();
  await filterToOnePractitioner(page, 'Tanaka');
  await page.getByRole('button', { name: /Tanaka, Chloe/ }).click();
  await expect(
    page.getByRole('row', { name: /Harbour Skin Check Clinic.*Dermatologist/ }).first(),
  ).toBeVisible();
});

test('at phone width the rows are cards', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, ALICE);
  await page.goto(`/smart-client/practitioner-role-import/${connectionId}`);
  await page.getByRole('button', { name: 'Read roles from the clinical system' }).click();
  // The three imported roles are unchanged now.
  await expect(page.getByText(/: 0 new, 3 changed, /)).toBeVisible();
  await page.getByRole('tab', { name: /Changed/ }).click();
  await expect(page.getByRole('list', { name: 'Changed roles' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath('import-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Reading was cancelled. Nothing was imported.')).toBeVisible();
});

test('George, a Viewer of Harbour, cannot start an import on its connection (404 problem)', async ({
  page,
}) => {
  await signInTo(page, GEORGE);
  const res = await page.request.post(
    `/api/practitioner-role-import/connections/${connectionId}/runs`,
    { headers: await api(page) },
  );
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/problem+json');
  expect(((await res.json()) as { type: string }).type).toBe('/problems/not-found');
  // The page loads the connection first: it says it does not exist before offering anything.
  await page.goto(`/smart-client/practitioner-role-import/${connectionId}`);
  await expect(page.getByText('This clinical system connection does not exist')).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Read roles from the clinical system' }),
  ).toHaveCount(0);
});
