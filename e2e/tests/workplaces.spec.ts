import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

// My workplaces (docs/decisions/059-my-workplaces.md, docs/product/workplaces.md): Alice opens it from Welcome,
// sees her roles and a service's summary with Sites highlighted; Ben managing Alice sees hers; a service she
// never worked at is not found, by URL too. The rules of the lists (active and past, empty, managing words) are
// the component tests' (apps/web/src/features/workplaces/workplaces.test.tsx) and the API tests'.

const ALICE = '2000000011';
const BEN = '2000000022';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';

/**
 * A seeded id, derived as apps/server/src/platform/db/seed/ids.ts derives it (`demoId`): the journeys do not
 * import the server, so the derivation is repeated here and must change with it.
 */
function demoId(kind: string, key: string): string {
  const namespace = Buffer.from('6f3c1f0e9a4b4d2c8e5a1b7d3c9f2e41', 'hex');
  const hash = createHash('sha1').update(namespace).update(`${kind}:${key}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const GP = 'Harbour General Practice Surry Hills';
const TELEHEALTH = 'Harbour Telehealth GP';

/** The header's current item (the bar shown from lg). */
const currentHeaderItem = (page: Page) =>
  page.locator('#main-nav nav[aria-label="Main"] [aria-current="page"]');

async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  // Signing in loads the dashboard's sections for the first time: on a busy machine that takes a while.
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible({
    timeout: 30_000,
  });
}

/** Opens My workplaces from the Welcome page's practitioner actions card. */
async function openFromWelcome(page: Page) {
  await page.getByRole('main').getByRole('link', { name: 'My workplaces', exact: true }).click();
  await expect(page).toHaveURL(/\/my-workplaces$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My workplaces' })).toBeVisible();
}

test('Alice opens My workplaces from Welcome, sees her roles and a service summary, with Sites highlighted', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, ALICE, 'Alice');
  await openFromWelcome(page);
  const active = page.getByRole('table', { name: 'Active workplaces' });
  const gpRow = active.getByRole('row').filter({ hasText: GP });
  await expect(gpRow).toContainText('Harbour Medical Group');
  await expect(gpRow).toContainText('120 Crown Street, Surry Hills NSW 2010');
  await expect(gpRow).toContainText('General practitioner');
  await expect(gpRow).toContainText('4 Mar 2024');
  await expect(active.getByRole('row').filter({ hasText: TELEHEALTH })).toContainText(
    '15 Jan 2025',
  );
  await expect(page.getByText('No past roles.')).toBeVisible();
  await expect(currentHeaderItem(page)).toHaveText('Sites');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/workplaces-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Active workplaces' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/workplaces-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  await gpRow.getByRole('link', { name: `View summary of ${GP}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: GP })).toBeVisible();
  await expect(page).toHaveURL(/\/my-workplaces\/healthcare-service-summary\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole('table', { name: 'Your roles here' }).getByRole('row').nth(1),
  ).toContainText('Dr Alice Nguyen');
  await expect(page.getByText('0291234510')).toBeVisible();
  const published = page.getByRole('list', { name: 'Published to partner services' });
  await expect(published.getByRole('listitem')).toHaveCount(3);
  await expect(published).toContainText('MediFund Health Insurance');
  await expect(currentHeaderItem(page)).toHaveText('Sites');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/workplace-service-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Your roles here' })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/workplace-service-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Back to the list with the keyboard: the link at the end of the summary.
  await page.getByRole('link', { name: 'Back to My workplaces' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My workplaces' })).toBeVisible();
});

test('a service Alice never worked at is not found, by URL too, though her business runs it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, ALICE, 'Alice');
  const skin = demoId('healthcare-service', 'surry-hills-skin');
  const answer = page.waitForResponse((r) =>
    r.url().endsWith(`/api/workplaces/healthcare-services/${skin}`),
  );
  await page.goto(`/my-workplaces/healthcare-service-summary/${skin}`);
  const res = await answer;
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toContain('application/problem+json');
  expect(await res.json()).toMatchObject({
    type: '/problems/not-found',
    status: 404,
    detail: 'Healthcare service not found.',
  });
  await expect(
    page.getByRole('heading', { level: 1, name: 'Healthcare service summary' }),
  ).toBeVisible();
  await expect(page.getByText('This healthcare service does not exist')).toBeVisible();
  await expect(page.getByText('Harbour Skin Check Clinic')).toHaveCount(0);
  await expect(currentHeaderItem(page)).toHaveText('Sites');
  await expectAccessible(page);
  await page.screenshot({ path: `${SCREENSHOTS}/workplace-service-not-found-1280.png` });
});

test('Ben managing Alice sees Alice’s workplaces from her Welcome page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToWelcome(page, BEN, 'Ben');
  await page.getByRole('button', { name: 'Ben Okafor', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Managed accounts' }).click();
  await page.getByRole('button', { name: 'Manage Alice Nguyen' }).click();
  const put = page.waitForResponse(
    (r) => r.url().endsWith('/api/managing') && r.request().method() === 'PUT',
  );
  await page
    .getByRole('dialog', { name: 'Switch accounts' })
    .getByRole('button', { name: 'Manage this account' })
    .click();
  expect((await put).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
  await expect(page.getByTestId('managing-indicator')).toHaveText('Managing Alice Nguyen');

  await openFromWelcome(page);
  await expect(
    page.getByText('The healthcare services where Alice Nguyen works, with their roles at each.'),
  ).toBeVisible();
  const active = page.getByRole('table', { name: 'Active workplaces' });
  await expect(active.getByRole('row').filter({ hasText: GP })).toBeVisible();
  await expect(active.getByRole('row').filter({ hasText: TELEHEALTH })).toBeVisible();
  await expect(currentHeaderItem(page)).toHaveText('Sites');
  await expectAccessible(page);

  await active.getByRole('link', { name: `View summary of ${TELEHEALTH}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: TELEHEALTH })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 2, name: "Alice Nguyen's roles here" }),
  ).toBeVisible();
  await expectAccessible(page);
});
