import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * Audit events (docs/product/audit-events.md, docs/decisions/061-audit-events.md): Ben, managing Alice,
 * archives one of her notifications; Alice's audit trail shows it as "Ben Okafor for Alice Nguyen", the
 * filters narrow it, and the CSV she downloads holds the rows the page shows. Who sees which events, the
 * paging and the CSV's guard against formulas are the API's to show (apps/server/src/modules/audit-events/
 * audit-events.test.ts); the page's states its component tests' (apps/web/src/features/audit-events).
 */

const ALICE = '2000000011';
const BEN = '2000000022';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

test.describe.configure({ mode: 'serial' });

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

/** The audit-events page from the profile menu, with its first page loaded. */
async function openAuditEvents(page: Page, fullName: string) {
  await fromProfileMenu(page, fullName, 'Audit events');
  await expect(page).toHaveURL(/\/audit-events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit events' })).toBeVisible();
  await expect(page.getByText(/^Page 1: \d+ events?, newest first$/)).toBeVisible();
}

/** The table's rows (the header row left out) as the text of each cell. */
async function tableRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table').getByRole('row');
  const all: string[][] = [];
  for (let i = 1; i < (await rows.count()); i++)
    all.push(
      (await rows.nth(i).getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ')),
    );
  return all;
}

/** Waits for the list request a filter change sends, and for its rows. */
async function filter(page: Page, label: string, option: string) {
  const answered = page.waitForResponse(
    (r) => r.url().includes('/api/audit-events?') && r.request().method() === 'GET',
  );
  await page.getByLabel(label, { exact: true }).selectOption({ label: option });
  expect((await answered).status()).toBe(200);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('Ben, managing Alice, archives one of her notifications and sees it in her trail', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, BEN, 'Ben');
  await fromProfileMenu(page, 'Ben Okafor', 'Managed accounts');
  await page.getByRole('button', { name: 'Manage Alice Nguyen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Manage this account' }).click();
  await expect(page.getByTestId('managing-indicator')).toHaveText('Managing Alice Nguyen');

  await page
    .getByRole('link', { name: /Notifications/ })
    .first()
    .click();
  await page.getByRole('tab', { name: /^Notifications/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await page
    .getByRole('button', { name: /^Ben Okafor accepted your delegate invitation/ })
    .first()
    .click();
  const archived = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/archive'),
  );
  await page.getByRole('button', { name: 'Archive this notification' }).click();
  expect((await archived).status()).toBe(204);

  // Managing, the page is Alice's trail.
  await openAuditEvents(page, 'Ben Okafor');
  await expect(page.getByText("Changes to Alice Nguyen's details")).toBeVisible();
  const first = page.getByRole('table').getByRole('row').nth(1);
  await expect(first).toContainText('Ben Okafor for Alice Nguyen');
  await expect(first).toContainText('Archived a notification');
  await expectAccessible(page);
});

test("Alice's trail shows Ben's change for her; the filters narrow it and the CSV holds the same rows", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, ALICE, 'Alice');
  await openAuditEvents(page, 'Alice Nguyen');
  await expect(
    page.getByText('Changes you made, changes your delegates made for you'),
  ).toBeVisible();
  const delegated = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: 'Ben Okafor for Alice Nguyen' })
    .filter({ hasText: 'Archived a notification' });
  await expect(delegated).toHaveCount(1);
  await expect(delegated).toContainText('Status: Archived');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/audit-events-1280.png`, fullPage: true });

  // Narrowed to notifications, then to what Ben changed: every row is his, for Alice.
  await filter(page, 'Entity', 'Notification');
  let rows = await tableRows(page);
  expect(rows.length).toBeGreaterThanOrEqual(1);
  for (const row of rows) expect(row[2]).toContain('Notification');
  await filter(page, 'Changed by', 'Ben Okafor');
  rows = await tableRows(page);
  expect(rows.length).toBeGreaterThanOrEqual(1);
  for (const row of rows) expect(row[1]).toBe('Ben Okafor for Alice Nguyen');
  await expectAccessible(page);

  // The CSV of the same filters: the same events, in the same order.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-events-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('When (UTC),Who,Acting for,What,Entity,Entity id,Business,Changes');
  const csv = lines.slice(1).map((line) => line.split(','));
  expect(csv.map((cells) => [`${cells[1]} for ${cells[2]}`, cells[3], cells[4]])).toEqual(
    rows.map((row) => [row[1], row[2]!.split('Notification')[0]!.trim(), 'Notification']),
  );

  // From after To: the page says so and asks nothing; the API answers such a filter with a problem.
  await page.getByLabel('From', { exact: true }).fill('2026-12-01');
  await page.getByLabel('To', { exact: true }).fill('2026-11-01');
  await expect(page.getByText('The "to" date must be on or after the "from" date.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  await expectAccessible(page);
  const problem = await page.evaluate(async () => {
    const res = await fetch('/api/audit-events?from=2026-12-01&to=2026-11-01', {
      headers: { authorization: `Bearer ${sessionStorage.getItem('pca.sessionToken') ?? ''}` },
    });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
  });
  expect(problem.status).toBe(400);
  expect(problem.type).toContain('application/problem+json');
  expect(problem.body).toMatchObject({
    type: '/problems/validation',
    status: 400,
    errors: [{ field: 'to', message: 'The "to" date must be on or after the "from" date.' }],
  });

  // At a phone's width each event is a card.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText(/^Page 1: \d+ events?, newest first$/)).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Audit events' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/audit-events-390.png`, fullPage: true });
});
