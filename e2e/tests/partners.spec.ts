import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * Publishing seen from the partner's side (docs/decisions/030-publishing-to-partners.md and
 * 031-fhir-partner-api.md), with the partner sandbox playing MediFund beside the portal: Alice takes Surry
 * Hills GP off MediFund and the sandbox no longer finds it by postcode, then publishes it again; the sandbox
 * suggests a new fax and asks for its online form, Alice verifies the fax in her tasks and submits the form on
 * the sandbox (which checks the portal's token against its key set), the sandbox reads both outcomes and her
 * form task is Completed; Alice stops publishing the service's phone and it never reaches the partner; Priya
 * registers a PracticeLink client system, whose token reads nothing of MediFund's view, and revokes it (401
 * after); the sandbox asks for Alice's personal contact details and reads them once she shares them. Axe on
 * every page, the sandbox's too.
 */
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const PRIYA = '2000000077';
const SERVICE = 'Harbour General Practice Surry Hills';
const OTHER_SERVICE = 'Harbour Skin Check Clinic';
const MEDIFUND = 'MediFund Health Insurance';
const sandbox = () => process.env['E2E_SANDBOX_URL']!;

/** The sandbox's list of what is published to MediFund at 2010. */
async function sandboxAt2010(page: Page) {
  await page.goto(`${sandbox()}/?postcode=2010`);
  await expect(page.getByRole('heading', { level: 1, name: 'Published services' })).toBeVisible();
  return page.getByRole('table', { name: /published services? at 2010/ });
}

async function openService(page: Page, tab: 'Partner services' | 'Details') {
  await page.goto('/organisation');
  await page.getByRole('link', { name: 'Harbour Medical Centre Surry Hills' }).click();
  await page.getByRole('tab', { name: 'Healthcare services' }).click();
  await page.getByRole('link', { name: SERVICE }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare service' })).toBeVisible();
  if (tab === 'Partner services') await page.getByRole('tab', { name: 'Partner services' }).click();
}

const medifundCard = (page: Page) =>
  page.getByRole('tabpanel', { name: 'Partner services' }).getByRole('group', { name: MEDIFUND });

test('Alice takes Surry Hills GP off MediFund: the sandbox no longer finds it; published again, it is back', async ({
  page,
  context,
}) => {
  const partner = await context.newPage();
  let table = await sandboxAt2010(partner);
  await expect(table.getByRole('row', { name: new RegExp(SERVICE) })).toBeVisible();
  await expectAccessible(partner);
  await partner.screenshot({ path: '/tmp/partners-sandbox-1280.png', fullPage: true });
  await partner.setViewportSize({ width: 390, height: 844 });
  await partner.screenshot({ path: '/tmp/partners-sandbox-390.png', fullPage: true });
  await partner.setViewportSize({ width: 1280, height: 720 });

  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await openService(page, 'Partner services');
  const publish = medifundCard(page).getByRole('switch', { name: `Publish to ${MEDIFUND}` });
  // AgDS draws its own switch over the input: a person clicks the switch's label.
  const flip = () =>
    medifundCard(page).getByText(`Publish to ${MEDIFUND}`, { exact: true }).click();
  await expect(publish).toBeChecked();
  await flip();
  await expect(page.getByText(`Your publication choices for ${MEDIFUND} are saved.`)).toBeVisible();
  await expect(publish).not.toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: '/tmp/partners-tab-off.png', fullPage: true });

  table = await sandboxAt2010(partner);
  await expect(table.getByRole('row', { name: new RegExp(OTHER_SERVICE) })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(SERVICE) })).toHaveCount(0);

  await flip();
  const dialog = page.getByRole('dialog', { name: /information use statement/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Accept and publish' }).click();
  await expect(page.getByText(`Your publication choices for ${MEDIFUND} are saved.`)).toBeVisible();
  await expect(publish).toBeChecked();
  table = await sandboxAt2010(partner);
  await expect(table.getByRole('row', { name: new RegExp(SERVICE) })).toBeVisible();
});

test('the sandbox suggests a new fax and asks for its online form; Alice verifies the fax and submits the form; the sandbox reads both outcomes', async ({
  page,
  context,
}) => {
  const partner = await context.newPage();
  const table = await sandboxAt2010(partner);
  await table.getByRole('link', { name: `Suggest a change to ${SERVICE}` }).click();
  await expect(
    partner.getByRole('heading', { level: 1, name: `Suggest a change to ${SERVICE}` }),
  ).toBeVisible();
  await partner.getByLabel('Detail').selectOption('Fax');
  await partner.getByLabel('New value').fill('0291234599');
  await expectAccessible(partner);
  await partner.getByRole('button', { name: 'Send suggestion' }).click();
  await expect(partner.getByRole('status')).toHaveText('Suggestion sent to the provider.');
  const requests = partner.getByRole('table', {
    name: `Suggestions and form requests sent by ${MEDIFUND}`,
  });
  const row = requests.getByRole('row', { name: /Fax: 0291234599/ });
  await expect(row).toContainText('Waiting for the provider');
  await expectAccessible(partner);

  // MediFund asks for its online form about the same service (docs/decisions/031-fhir-partner-api.md).
  const published = await sandboxAt2010(partner);
  await published.getByRole('link', { name: `Ask for a form from ${SERVICE}` }).click();
  await expect(
    partner.getByRole('heading', { level: 1, name: `Ask ${SERVICE} to complete a form` }),
  ).toBeVisible();
  await expectAccessible(partner);
  await partner.getByRole('button', { name: 'Send form request' }).click();
  await expect(partner.getByRole('status')).toHaveText('Form request sent to the provider.');
  const formRow = requests.getByRole('row', { name: /Complete our online form/ });
  await expect(formRow).toContainText('Waiting for the provider');

  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/tasks-notifications/tasks');
  await page.getByRole('link', { name: `Verify the fax of ${SERVICE}` }).click();
  await expect(page.getByText(`Verify the following details about the ${SERVICE}.`)).toBeVisible();
  await page.getByText(new RegExp(`^Suggested value from ${MEDIFUND}`)).click();
  await expectAccessible(page);
  const completed = page.waitForResponse(
    (r) => r.url().endsWith('/complete') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  expect((await completed).status()).toBe(200);

  await partner.goto(`${sandbox()}/requests`);
  await expect(row).toContainText('Accepted');
  await expect(row).toContainText('Fax: 0291234599');
  await partner.screenshot({ path: '/tmp/partners-sandbox-requests.png', fullPage: true });

  // Alice's form task takes her to MediFund's form, with a token MediFund checks against the portal's keys.
  await page.goto('/tasks-notifications/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: `Complete the online form about ${SERVICE}` }).click();
  await page.waitForURL((url) => url.href.startsWith(`${sandbox()}/online-form?token=`));
  await expect(
    page.getByRole('heading', { level: 1, name: `${MEDIFUND} online form` }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Your answer').fill('Bulk billed for members');
  await page.getByRole('button', { name: 'Submit form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Form received' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('your task in Provider Connect is complete');
  await expectAccessible(page);

  await partner.goto(`${sandbox()}/requests`);
  await expect(formRow).toContainText('Form received');
  await expectAccessible(partner);

  await page.goto('/tasks-notifications/tasks');
  await page.getByRole('tab', { name: /^Completed/ }).click();
  await expect(
    page
      .getByRole('table', { name: 'Completed tasks' })
      .getByText(`Complete the online form about ${SERVICE}`),
  ).toBeVisible();
  await expectAccessible(page);
});

test('Alice stops publishing the service’s phone numbers: the sandbox never shows them', async ({
  page,
  context,
}) => {
  const partner = await context.newPage();
  let row = (await sandboxAt2010(partner)).getByRole('row', { name: new RegExp(SERVICE) });
  await expect(row).toContainText('phone:');

  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await openService(page, 'Details');
  await page.getByRole('button', { name: 'Edit healthcare service' }).click();
  await page.getByText('Do not publish the phone numbers').click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Healthcare service saved')).toBeVisible();

  row = (await sandboxAt2010(partner)).getByRole('row', { name: new RegExp(SERVICE) });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('phone:');
  await expect(row).toContainText('fax: 0291234599');
});

test('the sandbox asks for Alice’s personal contact details; once she shares them, MediFund reads them', async ({
  page,
}) => {
  await page.goto(`${sandbox()}/practitioners`);
  const table = page.getByRole('table', { name: `1 practitioner published to ${MEDIFUND}` });
  const alice = table.getByRole('row').filter({ hasText: '8003615260181594' });
  await expect(alice).not.toContainText('alice@personal.example.com');
  await expectAccessible(page);
  await alice.getByRole('button', { name: /Ask for personal contact details/ }).click();
  // MediFund asked before (the seed): the portal says when, and tells Alice nothing new.
  await expect(page.getByRole('status')).toContainText(
    "This partner asked for the practitioner's personal contact details on",
  );
  await expectAccessible(page);

  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/practitioner/publish');
  await page.getByRole('link', { name: `Edit ${MEDIFUND}` }).click();
  await page
    .getByText('Share my personal contact details with this partner service', { exact: true })
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(`Your publishing settings for ${MEDIFUND} were saved.`),
  ).toBeVisible();

  await page.goto(`${sandbox()}/practitioners`);
  await expect(
    page
      .getByRole('table', { name: `1 practitioner published to ${MEDIFUND}` })
      .getByRole('row')
      .filter({ hasText: '8003615260181594' }),
  ).toContainText('alice@personal.example.com');
});

test('Priya registers a PracticeLink client system: its token sees nothing of MediFund’s; revoked, it is refused', async ({
  page,
  request,
}) => {
  await signIn(page, PRIYA);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/client-system');
  await expect(page.getByRole('heading', { level: 1, name: 'Client systems' })).toBeVisible();
  await expect(
    page.getByRole('cell', { name: 'Partner sandbox (development)', exact: true }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Partner service').selectOption({ label: 'PracticeLink Referrals' });
  await page.getByLabel('Client system name').fill('PracticeLink directory reader');
  await page.getByRole('button', { name: 'Register client system' }).click();
  await expect(page.getByText('You will not see this secret again')).toBeVisible();
  await page.screenshot({ path: '/tmp/partners-client-system.png', fullPage: true });
  const secret = (await page.getByTestId('client-secret').textContent())!.trim();
  const clientId = (await page
    .locator('#issued-secret')
    .getByRole('code')
    .first()
    .textContent())!.trim();
  await expectAccessible(page);

  const tokenFor = (id: string, value: string) =>
    request.post('/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: id, client_secret: value },
    });
  const issued = await tokenFor(clientId, secret);
  expect(issued.status()).toBe(200);
  const { access_token: accessToken } = (await issued.json()) as { access_token: string };
  const search = await request.get('/fhir/HealthcareService?address-postalcode=2010', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(search.status()).toBe(200);
  expect(await search.json()).toMatchObject({ resourceType: 'Bundle', total: 0 });

  const unknown = await tokenFor('nobody', 'wrong-secret');
  expect(unknown.status()).toBe(401);
  expect(await unknown.json()).toMatchObject({ error: 'invalid_client' });

  await page.getByRole('button', { name: 'Revoke PracticeLink directory reader' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke client system' }).click();
  await expect(page.getByText('PracticeLink directory reader is revoked')).toBeVisible();
  const refused = await request.get('/fhir/HealthcareService?address-postalcode=2010', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({
    resourceType: 'OperationOutcome',
    issue: [{ code: 'login' }],
  });
  expect((await tokenFor(clientId, secret)).status()).toBe(401);
});
