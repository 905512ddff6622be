import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

// A practitioner's own publishing settings (docs/decisions/030-publishing-to-partners.md): Alice adds
// PracticeLink, then shares her personal contact details with MediFund, which has asked for them (seeded).
test.describe.configure({ mode: 'serial' });

const ALICE = '2000000011';

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
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('PracticeLink Referrals was added to your publishing settings.'),
  ).toBeVisible();
  const practiceLink = rowOf(page, 'PracticeLink Referrals');
  await expect(practiceLink.getByText('Published', { exact: true })).toBeVisible();
  await expect(practiceLink.getByText('Personal contact details: Not requested')).toBeVisible();
  await expectAccessible(page);

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
