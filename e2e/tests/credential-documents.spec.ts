import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * Credential documents (docs/product/credential-documents.md, docs/decisions/057-credential-documents.md): Ben,
 * managing Alice, is refused a renamed program, then uploads her professional indemnity certificate and shares it
 * with Harbour Medical Group; Hannah Lee, Harbour's second organisation manager, downloads it from Harbour's
 * Credential documents tab; George (Harbour's Viewer) and Isla (another organisation's manager) find it does not
 * exist, by the page's URL and by the file's.
 */
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const BEN = '2000000022';
const HANNAH = '2000000112';
const GEORGE = '2000000066';
const ISLA = '2000000099';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

/**
 * A seeded id, derived as apps/server/src/platform/db/seed/ids.ts derives it: the journeys do not import the
 * server, so the derivation is repeated here and must change with it.
 */
function demoId(kind: string, key: string): string {
  const namespace = Buffer.from('6f3c1f0e9a4b4d2c8e5a1b7d3c9f2e41', 'hex');
  const hash = createHash('sha1').update(namespace).update(`${kind}:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
const harbour = demoId('organisation', 'harbour-group');

/** A small, real one-page PDF, made here. */
function certificatePdf() {
  const text = 'BT /F1 18 Tf 72 720 Td (Professional indemnity insurance - Dr Alice Nguyen) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
const pdf = certificatePdf();

/** The file picker's input (AgDS shows a button for it, labelled with the field). */
const fileInput = (page: Page) => page.locator('input[type="file"]');

/** The id of the document Ben uploads, for the others to try. */
let documentId = '';

/** A new browser context signed in as someone, on their dashboard. */
async function signedIn(browser: Browser, ra: string, givenName: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible({
    timeout: 30_000,
  });
  return page;
}

/** The file's API address, fetched with the page's own session. */
async function fetchFile(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('pca.sessionToken'));
  return page.request.get(`/api/credential-documents/${documentId}/file`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

test('Ben, managing Alice, is refused a renamed program, then uploads her indemnity certificate for Harbour', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, BEN);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Ben' })).toBeVisible({
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Managed accounts' }).click();
  await page.getByRole('button', { name: 'Manage Alice Nguyen' }).click();
  const managing = page.waitForResponse(
    (r) => r.url().endsWith('/api/managing') && r.request().method() === 'PUT',
  );
  await page
    .getByRole('dialog', { name: 'Switch accounts' })
    .getByRole('button', { name: 'Manage this account' })
    .click();
  expect((await managing).status()).toBe(200);
  await expect(page.getByTestId('managing-indicator')).toHaveText('Managing Alice Nguyen');

  await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Credential documents' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Credential documents' })).toBeVisible();
  await expect(page.getByText("Keep Alice Nguyen's registration")).toBeVisible();
  await expect(page.getByText('No credential documents have been added yet.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Add credential document' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Add credential document' }),
  ).toBeVisible();
  await expectAccessible(page);
  await fileInput(page).setInputFiles({
    name: 'indemnity-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512)]),
  });
  await page
    .getByLabel('Document type')
    .selectOption({ label: 'Professional indemnity insurance' });
  await page.getByLabel('Title').fill('Indemnity certificate 2026–27');
  await page.getByLabel('Issue date').fill('2026-07-01');
  await page.getByLabel('Expiry date').fill('2027-06-30');
  // AgDS draws the box over the input: a person clicks the label.
  await page.getByText('Harbour Medical Group Pty Ltd', { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: 'Harbour Medical Group Pty Ltd' })).toBeChecked();
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/credential-documents') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Upload' }).click();
  const refusal = await refused;
  expect(refusal.status()).toBe(415);
  const problem = (await refusal.json()) as { type: string; errors: { field: string }[] };
  expect(problem.type).toBe('/problems/credential-document-type');
  expect(problem.errors.map((e) => e.field)).toEqual(['file']);
  const message =
    'This file is a program, not a document, whatever its name says. Upload a PDF, PNG or JPEG file.';
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect(page.getByLabel('File')).toHaveAccessibleDescription(
    new RegExp(message.slice(0, 30)),
  );
  await expectAccessible(page);
  await page.screenshot({
    path: `${SCREENSHOTS}/credential-document-refused-1280.png`,
    fullPage: true,
  });

  await fileInput(page).setInputFiles({
    name: 'indemnity-certificate.pdf',
    mimeType: 'application/pdf',
    buffer: pdf,
  });
  const uploaded = page.waitForResponse(
    (r) => r.url().endsWith('/api/credential-documents') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Upload' }).click();
  const answer = await uploaded;
  expect(answer.status()).toBe(201);
  documentId = ((await answer.json()) as { id: string }).id;
  await expect(page.getByText('Indemnity certificate 2026–27 was added.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Credential documents' });
  await expect(table.getByText('indemnity-certificate.pdf')).toBeVisible();
  await expect(table.getByText('Harbour Medical Group Pty Ltd')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/credential-documents-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole('button', { name: 'Download Indemnity certificate 2026–27' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/credential-documents-390.png`, fullPage: true });

  await page.getByRole('link', { name: 'Edit Indemnity certificate 2026–27' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit credential document' }),
  ).toBeVisible();
  await expect(page.getByLabel('Expiry date')).toHaveValue('2027-06-30');
  await expectAccessible(page);
  await page.screenshot({
    path: `${SCREENSHOTS}/credential-document-edit-390.png`,
    fullPage: true,
  });
});

test('Hannah, Harbour’s other manager, downloads it from Harbour’s Credential documents tab', async ({
  browser,
}) => {
  const page = await signedIn(browser, HANNAH, 'Hannah');
  await page.goto(`/organisation/participating/${harbour}?tab=Credential+documents`);
  const tab = page.getByRole('tabpanel');
  await expect(tab.getByRole('cell', { name: 'Alice Nguyen', exact: true })).toBeVisible();
  await expect(tab.getByRole('cell', { name: /Professional indemnity insurance/ })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({
    path: `${SCREENSHOTS}/organisation-credential-documents-1280.png`,
    fullPage: true,
  });

  const served = page.waitForResponse((r) =>
    r.url().endsWith(`/api/credential-documents/${documentId}/file`),
  );
  const saved = page.waitForEvent('download');
  await tab.getByRole('button', { name: /^Download indemnity-certificate\.pdf/ }).click();
  const response = await served;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toBe(
    `attachment; filename="indemnity-certificate.pdf"; filename*=UTF-8''indemnity-certificate.pdf`,
  );
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  const download = await saved;
  expect(download.suggestedFilename()).toBe('indemnity-certificate.pdf');
  expect((await readFile((await download.path())!)).equals(pdf)).toBe(true);
  await page.context().close();
});

for (const [who, ra, givenName] of [
  ['George, Harbour’s Viewer', GEORGE, 'George'],
  ['Isla, another organisation’s manager', ISLA, 'Isla'],
] as const)
  test(`${who}, cannot open it by URL`, async ({ browser }) => {
    const page = await signedIn(browser, ra, givenName);
    const file = await fetchFile(page);
    expect(file.status()).toBe(404);
    expect(file.headers()['content-type']).toContain('application/problem+json');
    expect(await file.json()).toMatchObject({ type: '/problems/not-found', status: 404 });
    await page.goto(`/credential-document/edit/${documentId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Indemnity certificate 2026–27')).toHaveCount(0);
    await expect(
      page.getByText(/not (be )?found|does not exist|not available/i).first(),
    ).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({
      path: `${SCREENSHOTS}/credential-document-not-found-${givenName}.png`,
    });
    await page.context().close();
  });

test("Alice's audit trail shows Ben's upload for her, and its CSV holds the same rows", async ({
  browser,
}) => {
  const page = await signedIn(browser, ALICE, 'Alice');
  await page.getByRole('button', { name: 'Alice Nguyen', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Audit events' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit events' })).toBeVisible();
  const listed = page.waitForResponse(
    (r) => r.url().includes('/api/audit-events?') && r.request().method() === 'GET',
  );
  await page.getByLabel('Entity', { exact: true }).selectOption({ label: 'Credential document' });
  expect((await listed).status()).toBe(200);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const rows = page.getByRole('table').getByRole('row');
  const uploaded = rows
    .filter({ hasText: 'Ben Okafor for Alice Nguyen' })
    .filter({ hasText: /Credential document/ });
  await expect(uploaded.first()).toBeVisible();
  const shown = await uploaded.count();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const lines = (await readFile((await (await download).path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  // The CSV is the filtered trail: every row a credential document, Ben's for Alice as many as shown.
  const csv = lines.slice(1);
  expect(csv.length).toBe((await rows.count()) - 1);
  expect(csv.every((line) => line.includes(',Credential document,'))).toBe(true);
  expect(csv.filter((line) => line.includes('Ben Okafor,Alice Nguyen,'))).toHaveLength(shown);
  expect(csv.some((line) => line.includes(documentId))).toBe(true);
  await page.context().close();
});
