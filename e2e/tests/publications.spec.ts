import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

// The Partner services tab's publication choices (docs/decisions/030-publishing-to-partners.md): Alice adds
// a publication email recipient, accepts MediFund's statement on Surry Hills GP's tab (publishing its future
// practitioners too), sees it saved and the recipient mailed; George sees the same tab without controls.
// scripts/e2e.ts then finds no publication without a current acceptance
// (docs/decisions/056-publications-need-current-acceptance.md).
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';
const GEORGE = '2000000066';
const SERVICE = 'Harbour General Practice Surry Hills';
const MEDIFUND = 'MediFund Health Insurance';
const RECIPIENT = 'publishing@harbour.example.com';

/** Surry Hills GP's page, found as a person finds it: Businesses → the Surry Hills organisation → the service. */
async function openService(page: Page) {
  await page.goto('/organisation');
  await expect(page.getByRole('heading', { level: 1, name: 'Businesses' })).toBeVisible();
  await page.getByRole('link', { name: 'Harbour Medical Centre Surry Hills' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'View Organisation' })).toBeVisible();
  await page.getByRole('tab', { name: 'Healthcare services' }).click();
  await page.getByRole('link', { name: SERVICE }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare service' })).toBeVisible();
  await page.getByRole('tab', { name: 'Partner services' }).click();
}

const medifundCard = (page: Page) =>
  page.getByRole('tabpanel', { name: 'Partner services' }).getByRole('group', { name: MEDIFUND });

test('Alice accepts MediFund’s statement on Surry Hills GP and publishes; the recipient is mailed', async ({
  page,
  mailbox,
}) => {
  await signIn(page, ALICE);
  await expect(page).toHaveURL(/\/welcome/);
  await openService(page);
  const panel = page.getByRole('tabpanel', { name: 'Partner services' });
  await expect(
    panel.getByText('Published: inherited from the organisation Harbour Medical Group').first(),
  ).toBeVisible();
  // Every seeded publication names its partner's current statement and who accepted it (issue 30): the
  // service's own NHSD choice is on version 2, with nothing waiting to be accepted.
  const nhsdCard = panel.getByRole('group', { name: 'National Health Services Directory' });
  await expect(
    nhsdCard.getByText(/Information use statement version 2 accepted by Alice Nguyen on /),
  ).toBeVisible();
  await expect(nhsdCard.getByRole('button', { name: 'Accept the latest version' })).toHaveCount(0);
  await expectAccessible(page);

  // Who is mailed: the link names the service's organisation.
  await panel.getByRole('link', { name: 'Who is emailed when publication changes' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Publication email notifications' }),
  ).toBeVisible();
  await expect(page.getByText('Nobody is emailed yet.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(
    page.getByText('Enter a valid email address, for example name@example.com'),
  ).toBeVisible();
  await page.getByLabel('Email address').fill(RECIPIENT);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(
    page.getByText(`${RECIPIENT} will be emailed when publication changes.`),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recipients' })).toContainText(RECIPIENT);
  await expectAccessible(page);
  await page.goBack();

  await openService(page);
  const card = medifundCard(page);
  await expect(card.getByRole('switch', { name: `Publish to ${MEDIFUND}` })).toBeChecked();
  await card.getByText('Publish future practitioners', { exact: true }).click();
  const dialog = page.getByRole('dialog', {
    name: `${MEDIFUND} information use statement (version 1)`,
  });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('validate claims');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Accept and publish' }).click();
  await expect(page.getByText(`Your publication choices for ${MEDIFUND} are saved.`)).toBeVisible();
  await expect(card.getByText("Published: this healthcare service's own choice")).toBeVisible();
  await expect(
    card.getByText(/Information use statement version 1 accepted by Alice Nguyen on /),
  ).toBeVisible();
  await expect(card.getByText('Publish future practitioners: Yes')).toBeVisible();
  await expectAccessible(page);

  const mail = await mailbox.waitForMail({
    to: RECIPIENT,
    subject: `Publication changed: ${SERVICE} and ${MEDIFUND}`,
  });
  expect(mail.text).toContain('Information use statement accepted: version 1');

  // Saved: the tab reads the same after a reload.
  await page.reload();
  await expect(
    medifundCard(page).getByText("Published: this healthcare service's own choice"),
  ).toBeVisible();
});

test('George (Viewer) sees the same tab with no controls', async ({ page }) => {
  await signIn(page, GEORGE);
  await expect(page).toHaveURL(/\/welcome/);
  await openService(page);
  const panel = page.getByRole('tabpanel', { name: 'Partner services' });
  await expect(
    panel.getByText('You can see these publication choices but not change them.'),
  ).toBeVisible();
  await expect(
    medifundCard(page).getByText("Published: this healthcare service's own choice"),
  ).toBeVisible();
  await expect(panel.getByRole('switch')).toHaveCount(0);
  await expect(panel.getByRole('checkbox')).toHaveCount(0);
  await expect(panel.getByRole('button')).toHaveCount(0);
  await expectAccessible(page);
});
