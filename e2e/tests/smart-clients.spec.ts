import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * The portal as a SMART app (docs/product/smart-clients.md, docs/decisions/069-smart-app-launch.md), against the
 * clinical-system stand-in every lane runs: Alice, Harbour Medical Group's manager, connects Harbour, launches
 * and sees the connection live; Deny at the clinical system is "Connection cancelled" with the way back to the tab;
 * an EHR launch from the stand-in's page lands on the organisation; a forged state
 * and an unknown iss are refused with the server's words; George cannot open Alice's connection by its address.
 * Axe on every page; screenshots at 1280 and 390 px. Run in order on one seeded world.
 */
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const GEORGE = '2000000066';
const SCREENSHOTS = process.env['SCREENSHOT_DIR'] ?? '/tmp';
const cis = () => process.env['E2E_CIS_URL']!;
const iss = () => `${cis()}/fhir`;

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
const clinicalSystemsTab = `/organisation/participating/${harbour}?tab=Clinical+systems`;

let connectionPath = '';

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await page.screenshot({
      path: `${SCREENSHOTS}/smart-clients-${name}-${width}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Signs in and consents at the clinical system as its demo member of staff. */
async function authoriseAtTheClinicalSystem(page: Page) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to Harbour Medical Group' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as Dr Alice Nguyen' }).click();
  await page.getByRole('button', { name: 'Allow' }).click();
}

test('Alice connects Harbour to its clinical system, launches and sees the connection live', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
  await page.goto(clinicalSystemsTab);
  await expect(page.getByRole('tab', { name: 'Clinical systems' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page.getByText('This business is not connected to a clinical information system yet.'),
  ).toBeVisible();
  await shoot(page, 'tab-empty');

  await page.getByRole('link', { name: 'Add a clinical system' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Add clinical information system' }),
  ).toBeVisible();
  await page.getByLabel(/^Clinical system name/).fill('Harbour clinical system');
  // An address that gives no SMART configuration is the URL field's error, from the server.
  await page.getByLabel(/^FHIR base URL/).fill(`${cis()}/nothing`);
  await page.getByLabel(/^Client id/).fill('provider-connect');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/smart-clients') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Save and check' }).click();
  const problem = (await (await refused).json()) as { errors: Array<{ field: string }> };
  expect(problem.errors[0]!.field).toBe('iss');
  await expect(
    page.getByRole('link', { name: /did not give a SMART configuration/ }),
  ).toBeVisible();
  await shoot(page, 'add-error');

  await page.getByLabel(/^FHIR base URL/).fill(iss());
  // AgDS draws its own box over the input: tick it by its visible label, as a person does.
  const offline = 'Stay connected between sign-ins (offline_access)';
  await page.getByText(offline, { exact: true }).click();
  await expect(page.getByRole('checkbox', { name: offline })).toBeChecked();
  await page.getByRole('button', { name: 'Save and check' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit clinical information system' }),
  ).toBeVisible();
  await expect(
    page.getByText(/^Harbour clinical system answered with its SMART configuration\. Register/),
  ).toBeVisible();
  await expect(page.getByText(`/organisation/participating/${harbour}/applaunch`)).toBeVisible();
  await expect(page.getByText(/launch-ehr/)).toBeVisible();
  connectionPath = new URL(page.url()).pathname;
  await shoot(page, 'edit');

  // Back on the tab: not connected yet; Connect goes to the clinical system and comes back live.
  await page.goto(clinicalSystemsTab);
  await expect(
    page.getByText('Not connected. Connect to sign in to the clinical system.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Connect to Harbour clinical system' }).click();
  await authoriseAtTheClinicalSystem(page);
  await expect(page).toHaveURL(/\/organisation\/participating\/[^/]+\?tab=Clinical/);
  await expect(
    page.getByText(`Connected as ${iss()}/Practitioner/alice-nguyen`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await shoot(page, 'tab-connected');
});

test('Deny at the clinical system: the portal says the connection was cancelled and leads back to the tab', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
  await page.goto(clinicalSystemsTab);
  await page.getByRole('button', { name: /^Connect (again )?to Harbour clinical system$/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to Harbour Medical Group' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as Dr Alice Nguyen' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/smart-authorization-code\/callback\?.*error=access_denied/);
  await expect(page.getByRole('heading', { level: 1, name: 'Connection cancelled' })).toBeVisible();
  await expect(page.getByText(/sign-in to the clinical system was cancelled/)).toBeVisible();
  await shoot(page, 'cancelled');
  await page.getByRole('link', { name: /^Go to the business.s clinical systems$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/organisation/participating/${harbour}\\?tab=Clinical`));
  await expect(page.getByRole('heading', { level: 1, name: 'View Organisation' })).toBeVisible();
});

test('an EHR launch from the clinical system’s page lands on the organisation', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();
  const origin = new URL(page.url()).origin;
  await page.goto(cis());
  await page
    .getByLabel('Provider Connect launch address')
    .fill(`${origin}/organisation/participating/${harbour}/applaunch`);
  await page.getByRole('button', { name: 'Launch Provider Connect' }).click();
  // Consent is asked again (offline_access); the sign-in at the clinical system is remembered or asked.
  const signInPage = page.getByRole('button', { name: 'Sign in as Dr Alice Nguyen' });
  const allow = page.getByRole('button', { name: 'Allow' });
  await expect(signInPage.or(allow)).toBeVisible();
  if (await signInPage.isVisible()) await signInPage.click();
  await allow.click();
  await expect(page).toHaveURL(/\/organisation\/participating\/[^/]+\?tab=Clinical/);
  await expect(page.getByRole('heading', { level: 1, name: 'View Organisation' })).toBeVisible();
  await expect(
    page.getByText(`Connected as ${iss()}/Practitioner/alice-nguyen`, { exact: false }),
  ).toBeVisible();
});

test('a forged state and an unknown iss are refused, in the server’s words', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ALICE);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Alice' })).toBeVisible();

  const exchanged = page.waitForResponse((r) => r.url().endsWith('/api/smart-clients/token'));
  await page.goto(
    `/smart-authorization-code/callback?code=forged&state=po:${harbour}not-one-we-issued`,
  );
  const refusal = await exchanged;
  expect(refusal.status()).toBe(400);
  expect(await refusal.json()).toMatchObject({ type: '/problems/smart-state-invalid' });
  await expect(page.getByRole('heading', { level: 1, name: 'Connection failed' })).toBeVisible();
  await expect(page.getByText(/was not started by you in this session/)).toBeVisible();
  await shoot(page, 'forged-state');

  const launched = page.waitForResponse((r) => r.url().endsWith('/api/smart-clients/app-launch'));
  await page.goto(
    `/organisation/participating/${harbour}/applaunch?iss=${encodeURIComponent('http://localhost:9/fhir')}&launch=x`,
  );
  const unknown = await launched;
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toMatchObject({ type: '/problems/smart-unknown-iss' });
  await expect(page.getByRole('heading', { level: 1, name: 'Launch refused' })).toBeVisible();
  await expect(page.getByText(/not connected to this organisation/)).toBeVisible();
  expect(new URL(page.url()).hostname).not.toBe('localhost:9');
  await shoot(page, 'unknown-iss');
});

test('George cannot open Alice’s connection by its address', async ({ page }) => {
  expect(connectionPath).not.toBe('');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, GEORGE);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  const read = page.waitForResponse((r) => r.url().includes('/api/smart-clients/'));
  await page.goto(connectionPath);
  const answer = await read;
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toMatchObject({ type: '/problems/not-found' });
  await expect(page.getByText(/does not exist/).first()).toBeVisible();
  await expect(page.getByLabel(/^FHIR base URL/)).toHaveCount(0);
});
