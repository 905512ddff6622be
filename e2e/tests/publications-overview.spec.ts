import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { expectFitsEveryWidth } from '../support/layout.ts';

/**
 * Publications (docs/product/publications-overview.md, docs/decisions/066-publications-overview.md): Priya, the
 * agency's operator, opens Publications, reads MediFund's counts, drills down to what MediFund receives, and
 * the CSV she downloads holds the same rows. The counts' rule, the paging and the CSV's guard against formulas
 * are the API's to show (apps/server/src/modules/publications-overview/); the page's states its component
 * tests' (apps/web/src/features/publications-overview).
 */

const PRIYA = '2000000077';
const ALICE = '2000000011';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

test.describe.configure({ mode: 'serial' });

async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible({
    timeout: 30_000,
  });
}

/** The table's rows (the header row left out) as the text of each cell. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const rows = page.getByRole('table', { name }).getByRole('row');
  const all: string[][] = [];
  for (let i = 1; i < (await rows.count()); i++)
    all.push(
      (await rows.nth(i).getByRole('cell').allInnerTexts()).map((t) =>
        t.replace(/\s+/g, ' ').trim(),
      ),
    );
  return all;
}

test("Priya reads MediFund's counts, drills down and downloads the same rows as CSV", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, PRIYA, 'Priya');
  await page.goto('/publications');
  await expect(page.getByRole('heading', { level: 1, name: 'Publications' })).toBeVisible();
  const medifund = page
    .getByRole('table', { name: 'What is published to each partner service' })
    .getByRole('row')
    .filter({ hasText: 'MediFund Health Insurance' });
  // Harbour's group and its three HI organisations, their three locations and three services, Alice's two
  // roles (her own choice publishes to MediFund), and her own publication.
  await expect(medifund.getByRole('cell')).toHaveText([
    /MediFund Health Insurance\s*Payer/,
    '4',
    '3',
    '3',
    '2',
    '1',
    /Not recorded/,
    /View entities/,
  ]);
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/publications-overview-1280.png`, fullPage: true });

  const listed = page.waitForResponse(
    (r) => r.url().includes('/entities?') && r.request().method() === 'GET',
  );
  await medifund.getByRole('button', { name: /View entities/ }).click();
  expect((await listed).status()).toBe(200);
  const heading = page.getByRole('heading', {
    level: 2,
    name: 'Published to MediFund Health Insurance',
  });
  await expect(heading).toBeFocused();
  await expect(page.getByText('Showing 1–13 of 13 entities')).toBeVisible();
  const rows = await tableRows(page, 'Entities published to MediFund Health Insurance');
  expect(rows).toHaveLength(13);
  expect(rows.at(-1)).toEqual(['Alice Nguyen', "Practitioner's own publication", '—']);
  await expectAccessible(page);
  await page.screenshot({
    path: `${SCREENSHOTS}/publications-overview-drill-1280.png`,
    fullPage: true,
  });

  // The CSV: the same entities, in the same order.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^publications-medifund-health-insurance-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = readFileSync((await file.path())!, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('Type,Name,Organisation,Healthcare service,Entity id,Organisation id');
  const csv = lines.slice(1).map((line) => line.split(','));
  expect(csv.map((cells) => [cells[1], cells[0]])).toEqual(rows.map((row) => [row[0], row[1]]));

  // A location's link opens its page.
  await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Locations' });
  await expect(page.getByText('Showing 1–3 of 3 entities')).toBeVisible();
  const location = page
    .getByRole('table', { name: 'Entities published to MediFund Health Insurance' })
    .getByRole('link', { name: 'Surry Hills Clinic' });
  await expect(location).toHaveAttribute('href', /^\/location\/[0-9a-f-]{36}$/);

  // At a phone's width the tables are cards, and nothing sticks out.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Partner services' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Published to MediFund Health Insurance' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/publications-overview-390.png`, fullPage: true });
  await expectFitsEveryWidth(page, null, 'Priya');
});

test('Alice is refused the overview: the page sends her home, the API answers a problem', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/publications');
  await expect(page).toHaveURL(/\/welcome/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
  await expectAccessible(page);
  const problem = await page.evaluate(async () => {
    const res = await fetch('/api/publications-overview', {
      headers: { authorization: `Bearer ${sessionStorage.getItem('pca.sessionToken') ?? ''}` },
    });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
  });
  expect(problem.status).toBe(403);
  expect(problem.type).toContain('application/problem+json');
  expect(problem.body).toMatchObject({ type: '/problems/forbidden', status: 403 });
});
