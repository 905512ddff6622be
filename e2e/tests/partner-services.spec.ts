import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { PHONE, measureOverflow, settled } from '../support/layout.ts';

/**
 * Partner services (docs/decisions/064-partner-services.md), with the partner sandbox playing MediFund: Priya
 * publishes a new MediFund information use statement; the sandbox stops seeing Harbour's services; Alice is
 * mailed, and Harbour's Partner services tab asks her to accept the new version; once she does, the sandbox
 * sees them again, and Alice accepts it for her own practitioner publication too. Priya adds an identifier system, refused first for a URI that is not absolute. Axe on every
 * page; each operator page fits 390 px.
 */
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const PRIYA = '2000000077';
const MEDIFUND = 'MediFund Health Insurance';
const HARBOUR = 'Harbour Medical Group Pty Ltd';
const SERVICE = 'Harbour General Practice Surry Hills';
const sandbox = () => process.env['E2E_SANDBOX_URL']!;

async function sandboxAt2010(page: Page) {
  await page.goto(`${sandbox()}/?postcode=2010`);
  await expect(page.getByRole('heading', { level: 1, name: 'Published services' })).toBeVisible();
}

/** The page has no horizontal overflow at 390 px (then back to the desktop width). */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await settled(page);
  const m = await measureOverflow(page);
  expect(
    m.scrollWidth <= m.clientWidth,
    `${name} at 390 px: ${m.scrollWidth} px wide; sticking out: ${m.offenders.join('; ')}`,
  ).toBe(true);
  await page.screenshot({ path: `/tmp/partner-services-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/partner-services-${name}-1280.png`, fullPage: true });
}

test('Priya publishes a new MediFund statement: MediFund stops seeing Harbour until Alice accepts it', async ({
  page,
  context,
  mailbox,
}) => {
  const partner = await context.newPage();
  await sandboxAt2010(partner);
  await expect(partner.getByRole('row', { name: new RegExp(SERVICE) })).toBeVisible();

  await signIn(page, PRIYA);
  await expect(page).toHaveURL(/\/welcome|\/admin/);
  await page.goto('/partner-service');
  await expect(page.getByRole('heading', { level: 1, name: 'Partner services' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Partner services' });
  await expect(table.getByRole('row', { name: new RegExp(MEDIFUND) })).toContainText('Version 1');
  await expectAccessible(page);
  await fitsPhone(page, 'list');

  await table.getByRole('link', { name: MEDIFUND }).click();
  await expect(page.getByRole('heading', { level: 1, name: MEDIFUND })).toBeVisible();
  await expectAccessible(page);
  await fitsPhone(page, 'medifund');

  // An empty statement is refused with the field named.
  const form = page.getByRole('form', { name: 'Publish a new information use statement' });
  await form.getByRole('button', { name: 'Publish new version' }).click();
  await expect(form.getByText('Enter the statement').first()).toBeVisible();

  await form.getByLabel('Title').fill('MediFund information use statement 2027');
  const editor = form.getByRole('textbox', { name: 'Statement' });
  await editor.click();
  await editor.pressSequentially(
    'MediFund uses what you publish to pay claims and list providers.',
  );
  const published = page.waitForResponse(
    (r) => r.url().endsWith('/statements') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Publish new version' }).click();
  expect((await published).status()).toBe(201);
  await expect(
    page.getByText('Version 2 is published. 1 organisation needs to accept it.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: /Version 2: .*\(latest\)/ })).toBeVisible();
  await expect(page.getByText('1 organisation has not accepted the latest version')).toBeVisible();
  await expectAccessible(page);

  // MediFund's view of Harbour pauses at once.
  await sandboxAt2010(partner);
  await expect(partner.getByRole('status')).toHaveText(/Nothing published to MediFund/);
  await expect(partner.getByRole('row', { name: new RegExp(SERVICE) })).toHaveCount(0);
  await expectAccessible(partner);

  // Alice, Harbour's manager, is told by mail, and her Partner services tab asks her to accept.
  const mail = await mailbox.waitForMail({
    to: 'alice.nguyen@harbourmedical.example.com.au',
    subject: `${MEDIFUND} has a new information use statement`,
  });
  expect(mail.text).toContain(`Publication of ${HARBOUR} to ${MEDIFUND} is paused`);

  await page.context().clearCookies();
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/organisation');
  await page.getByRole('link', { name: HARBOUR }).click();
  await page.getByRole('tab', { name: 'Partner services' }).click();
  const card = page
    .getByRole('tabpanel', { name: 'Partner services' })
    .getByRole('group', { name: MEDIFUND });
  await expect(
    card.getByText(`${MEDIFUND} has a new information use statement (version 2)`),
  ).toBeVisible();
  await expect(
    card.getByText(`Nothing is published to ${MEDIFUND} until the new version is accepted.`),
  ).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/partner-services-tab-accept.png', fullPage: true });
  await card.getByRole('button', { name: 'Accept the latest version' }).click();
  const dialog = page.getByRole('dialog', { name: 'MediFund information use statement 2027' });
  await expect(dialog).toContainText('MediFund uses what you publish to pay claims');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Accept and publish' }).click();
  await expect(page.getByText(`Your publication choices for ${MEDIFUND} are saved.`)).toBeVisible();
  await expect(card.getByText(/has a new information use statement/)).toHaveCount(0);

  // MediFund sees Harbour's services again.
  await sandboxAt2010(partner);
  await expect(partner.getByRole('row', { name: new RegExp(SERVICE) })).toBeVisible();

  // Alice's own publication to MediFund is paused too until she accepts the new version for herself
  // (docs/decisions/081-practitioner-publication-acceptance.md); her publishing settings say so and offer it.
  await page.goto('/practitioner/publish');
  await expect(
    page.getByText('One partner service needs its new information use statement accepted'),
  ).toBeVisible();
  await expectAccessible(page);
  await fitsPhone(page, 'practitioner-paused');
  await page
    .getByRole('table', { name: 'Partner services' })
    .getByRole('link', { name: `Accept the new statement ${MEDIFUND}` })
    .click();
  await expect(
    page.getByRole('region', { name: `Information use statement of ${MEDIFUND}` }),
  ).toContainText('MediFund uses what you publish to pay claims');
  await expectAccessible(page);
  await fitsPhone(page, 'practitioner-accept');
  await page
    .getByText(`I have read and accept the information use statement of ${MEDIFUND} (version 2)`)
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(`Your publishing settings for ${MEDIFUND} were saved.`),
  ).toBeVisible();
  await expect(
    page.getByText('One partner service needs its new information use statement accepted'),
  ).toHaveCount(0);
});

test('Priya adds an identifier system for MediFund; a relative URI is refused', async ({
  page,
}) => {
  await signIn(page, PRIYA);
  await expect(page).toHaveURL(/\/welcome|\/admin/);
  await page.goto('/partner-identifier-system');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Partner identifier systems' }),
  ).toBeVisible();
  await expect(page.getByText('There are no identifier systems yet.')).toBeVisible();
  await expectAccessible(page);

  const form = page.getByRole('form', { name: 'Add an identifier system' });
  await form.getByLabel('Partner service').selectOption({ label: MEDIFUND });
  await form.getByLabel('System URI').fill('medifund/provider-numbers');
  await form.getByLabel('Name', { exact: true }).fill('MediFund provider number');
  await form.getByRole('button', { name: 'Add identifier system' }).click();
  await expect(form.getByText('Enter an absolute URI').first()).toBeVisible();
  await expectAccessible(page);

  await form.getByLabel('System URI').fill('https://medifund.example/identifiers/provider');
  const added = page.waitForResponse(
    (r) => r.url().endsWith('/api/partner-identifier-systems') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add identifier system' }).click();
  expect((await added).status()).toBe(201);
  await expect(page.getByText('MediFund provider number is saved.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Partner identifier systems' });
  await expect(table).toContainText('https://medifund.example/identifiers/provider');
  await expectAccessible(page);
  await fitsPhone(page, 'identifier-systems');

  // The same system again is a conflict the form names.
  await form.getByLabel('Partner service').selectOption({ label: MEDIFUND });
  await form.getByLabel('System URI').fill('https://medifund.example/identifiers/provider');
  await form.getByLabel('Name', { exact: true }).fill('Duplicate');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/partner-identifier-systems') && r.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Add identifier system' }).click();
  const answer = await refused;
  expect(answer.status()).toBe(409);
  expect(await answer.json()).toMatchObject({
    type: '/problems/partner-identifier-system-exists',
    status: 409,
  });
  await expect(
    page.getByText('This partner already has this identifier system.').first(),
  ).toBeVisible();
});

test('George, Alice and anonymous callers are refused the operator pages and endpoints', async ({
  page,
}) => {
  const anonymous = await page.request.get('/api/partner-services');
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()['content-type']).toContain('application/problem+json');
  await signIn(page, '2000000066');
  await expect(page).toHaveURL(/\/welcome/);
  const george = await page.evaluate(async () => {
    const token = sessionStorage.getItem('pca.sessionToken') ?? '';
    const res = await fetch('/api/partner-services', {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.json() };
  });
  expect(george.status).toBe(403);
  expect(george.type).toContain('application/problem+json');
  expect(george.body).toMatchObject({ type: '/problems/forbidden', status: 403 });
  await page.goto('/partner-service');
  await expect(page.getByRole('table', { name: 'Partner services' })).toHaveCount(0);
  await page.screenshot({ path: '/tmp/partner-services-george.png', fullPage: true });
});
