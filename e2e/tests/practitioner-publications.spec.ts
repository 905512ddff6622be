import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { PHONE, measureOverflow, settled } from '../support/layout.ts';

// A practitioner's own publishing settings (docs/decisions/030-publishing-to-partners.md): Alice adds
// PracticeLink, accepting its information use statement (docs/decisions/081-practitioner-publication-acceptance.md),
// then shares her personal contact details with MediFund, which has asked for them (seeded).
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';

/** The page fits 390 px (no horizontal overflow); screenshots at 390 and 1280 px to look at. */
async function fitsPhone(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  await settled(page);
  const m = await measureOverflow(page);
  expect(
    m.scrollWidth <= m.clientWidth,
    `${name} at 390 px: ${m.scrollWidth} px wide; sticking out: ${m.offenders.join('; ')}`,
  ).toBe(true);
  await page.screenshot({ path: `/tmp/practitioner-publications-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({
    path: `/tmp/practitioner-publications-${name}-1280.png`,
    fullPage: true,
  });
}

const rowOf = (page: Page, partner: string) =>
  page
    .getByRole('table', { name: 'Partner services' })
    .getByRole('row')
    .filter({ hasText: partner });

test('Alice adds PracticeLink and shares her personal contact details with MediFund', async ({
  page,
}) => {
  await signIn(page, ALICE);
  await page.goto('/publishing');
  await page.getByRole('link', { name: 'Practitioner settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Publishing settings' })).toBeVisible();
  const medifund = rowOf(page, 'MediFund Health Insurance');
  await expect(medifund.getByText('Personal contact details: Not shared')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Add partner service' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Add publishing settings' }),
  ).toBeVisible();
  await expect(
    page.getByRole('checkbox', {
      name: 'Share my personal contact details with this partner service',
    }),
  ).toBeDisabled();
  await expectAccessible(page);
  await page
    .getByRole('combobox', { name: /Partner service/ })
    .selectOption({ label: 'PracticeLink Referrals' });
  // Publishing shows PracticeLink's statement; saving without accepting it is refused on the page.
  const statement = page.getByRole('region', {
    name: 'Information use statement of PracticeLink Referrals',
  });
  await expect(statement.getByText('Version 1')).toBeVisible();
  await expect(statement).toContainText('PracticeLink Referrals uses the service, location');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page
      .getByText('Accept the information use statement to publish to this partner service')
      .first(),
  ).toBeVisible();
  await expectAccessible(page);
  await fitsPhone(page, 'add');
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/practitioner-publications') && r.request().method() === 'POST',
  );
  await page
    .getByText(
      'I have read and accept the information use statement of PracticeLink Referrals (version 1)',
    )
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(201);
  await expect(
    page.getByText('PracticeLink Referrals was added to your publishing settings.'),
  ).toBeVisible();
  const practiceLink = rowOf(page, 'PracticeLink Referrals');
  await expect(practiceLink.getByText('Published', { exact: true })).toBeVisible();
  await expect(practiceLink.getByText('Personal contact details: Not requested')).toBeVisible();
  await expectAccessible(page);

  // Edit shows who accepted which version, and asks nothing more to keep publishing.
  await page.getByRole('link', { name: 'Edit PracticeLink Referrals' }).click();
  await expect(page.getByText(/Statement version 1 accepted by Alice Nguyen on/)).toBeVisible();
  await expect(page.getByRole('region', { name: /information use statement/i })).toHaveCount(0);
  await fitsPhone(page, 'edit');
  await page.getByRole('link', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Edit MediFund Health Insurance' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Edit publishing settings' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page
    .getByText('Share my personal contact details with this partner service', { exact: true })
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Your publishing settings for MediFund Health Insurance were saved.'),
  ).toBeVisible();
  await expect(medifund.getByText('Personal contact details: Shared')).toBeVisible();
  await expectAccessible(page);
});
