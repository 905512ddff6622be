import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';
import { filterToOnePractitioner } from '../support/practitioners.ts';
import {
  BARE_PAGE_SCRIPT_BYTES,
  totalBytes,
  transferredScripts,
  uncompressed,
} from '../support/transferred-scripts.ts';

const ALICE = '2000000011';
const BEN = '2000000022';
const GEORGE = '2000000066';
const PRIYA = '2000000077';
const ISLA = '2000000099';

async function openPractitioners(page: Page, raNumber: string) {
  await signIn(page, raNumber);
  await expect(page).toHaveURL(/\/welcome/);
  await page.goto('/practitioners');
  await expect(page.getByRole('heading', { level: 1, name: 'Practitioners' })).toBeVisible();
  await expect(page).toHaveTitle('Practitioners - Provider Connect Australia');
}

const practitionerButton = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(name) });

async function openActions(page: Page, practitioner: string, service: string) {
  await practitionerButton(page, practitioner).click();
  await page.getByRole('button', { name: `Actions for ${practitioner} at ${service}` }).click();
}

test.describe('Practitioners', () => {
  test('Priya (system admin, no business) is told she lacks access, not to try again later', async ({
    page,
  }) => {
    await openPractitioners(page, PRIYA);
    await expect(page.getByText('You do not have access to the practitioners')).toBeVisible();
    await expect(
      page.getByText('Ask an administrator of the business to give you access.'),
    ).toBeVisible();
    await expect(page.getByText(/try again later/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('Alice filters by name, activity and organisation and sees the empty message', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await openPractitioners(page, ALICE);
    await expect(page.getByRole('link', { name: 'Add practitioner' })).toBeVisible();
    // One publisher organisation: it is the only choice and there is no All option.
    const organisation = page.getByLabel('Select Organisation');
    await expect(organisation.locator('option')).toHaveText(['Harbour Medical Group']);
    await expect(page.getByText(/Showing 1–20 of \d+ practitioners/)).toBeVisible();
    await page.screenshot({ path: '/tmp/practitioners-list.png' });
    await expectAccessible(page);

    await page.getByLabel('Filter by name').fill('alice ngu');
    await expect(practitionerButton(page, 'Nguyen, Alice')).toBeVisible();
    await expect(page.getByText('Showing 1–1 of 1 practitioner')).toBeVisible();
    await expect(practitionerButton(page, 'Nguyen, Alice')).toContainText(
      'HPI-I: 8003615260181594',
    );
    await practitionerButton(page, 'Nguyen, Alice').click();
    const table = page.getByRole('table', { name: 'Service offerings of Nguyen, Alice' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).toContainText('Harbour Telehealth GP');
    await expect(table).toContainText('Virtual');
    await expect(table).toContainText('N/A');
    await expect(table).toContainText('Active');
    await page.screenshot({ path: '/tmp/practitioners-alice.png', fullPage: true });
    await expectAccessible(page);

    await page.getByLabel('Is active').selectOption('false');
    await expect(page.getByText('No practitioners found')).toBeVisible();

    await filterToOnePractitioner(page, 'farah');
    await expect(practitionerButton(page, 'Haddad, Farah')).toBeVisible();
    await practitionerButton(page, 'Haddad, Farah').click();
    await expect(
      page.getByRole('table', { name: 'Service offerings of Haddad, Farah' }),
    ).toContainText('Inactive');
    await page.getByLabel('Is active').selectOption('all');
    await page.getByLabel('Filter by name').fill('');
    await expect(page.getByText(/Showing 1–20 of \d+ practitioners/)).toBeVisible();
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(/Showing 21–40 of \d+ practitioners/)).toBeVisible();
    await expectAccessible(page);
  });

  test('an organisation without practitioners shows its empty message', async ({ page }) => {
    await openPractitioners(page, ISLA);
    await expect(
      page.getByText('There are no practitioners linked to this organisation'),
    ).toBeVisible();
    await page.getByLabel('Filter by name').fill('anyone');
    await expect(
      page.getByText('There are no practitioners linked to this organisation'),
    ).toBeVisible();
  });

  test('George (Viewer) sees Edit and View disabled and no Add practitioner', async ({ page }) => {
    await openPractitioners(page, GEORGE);
    await page.getByLabel('Filter by name').fill('alice nguyen');
    await expect(practitionerButton(page, 'Nguyen, Alice')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add practitioner' })).toHaveCount(0);
    await openActions(page, 'Nguyen, Alice', 'Harbour Telehealth GP');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeDisabled();
    await expect(page.getByRole('menuitem', { name: 'View' })).toBeDisabled();
    // A disabled item does nothing even when clicked (force: Playwright would wait for it to be enabled).
    await page.getByRole('menuitem', { name: 'Edit' }).click({ force: true });
    await expect(page).toHaveURL(/\/practitioners$/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toHaveCount(0);
  });

  test('Ben can edit only roles of his healthcare service', async ({ page }) => {
    await openPractitioners(page, BEN);
    await page.getByLabel('Filter by name').fill('alice nguyen');
    await expect(practitionerButton(page, 'Nguyen, Alice')).toBeVisible();
    await practitionerButton(page, 'Nguyen, Alice').click();
    const table = page.getByRole('table', { name: 'Service offerings of Nguyen, Alice' });
    // Only his service's role is listed.
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).not.toContainText('Harbour Telehealth GP');
    await page
      .getByRole('button', {
        name: 'Actions for Nguyen, Alice at Harbour General Practice Surry Hills',
      })
      .click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Edit practitioner role' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/healthcareServiceId=.*practitionerId=/);
    await expect(page.getByLabel('Healthcare service')).toBeDisabled();
    await page.getByLabel('Number of days').fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByRole('link', { name: 'Enter a number of days from 1 to 7' }),
    ).toBeVisible();
    await expect(page.locator(':focus')).toContainText('There is a problem');
    await page.screenshot({ path: '/tmp/practitioner-role-edit.png', fullPage: true });
    await expectAccessible(page);
    await page.getByLabel('Number of days').fill('4');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/practitioners$/);
    // The list says what was saved, and the message takes focus so it is announced.
    const saved = page.getByRole('status').filter({
      hasText: "Alice Nguyen's role at Harbour General Practice Surry Hills has been saved.",
    });
    await expect(saved).toBeFocused();
    await expectAccessible(page);
    // Closed, it stays closed: a reload does not show it again.
    await saved.getByRole('button', { name: /close/i }).click();
    await expect(saved).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Practitioners' })).toBeVisible();
    await expect(page.getByText('has been saved')).toHaveCount(0);
  });

  test('Alice views a role and adds a role found by HPI-I and names, then sees it listed', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1400, height: 1000 });
    await openPractitioners(page, ALICE);
    await filterToOnePractitioner(page, 'farah');
    await openActions(page, 'Haddad, Farah', 'Harbour Skin Check Clinic');
    await page.getByRole('menuitem', { name: 'View' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Practitioner role' })).toBeVisible();
    await expect(page.getByText('30 Jun 2025')).toBeVisible();
    await page.screenshot({ path: '/tmp/practitioner-role-view.png', fullPage: true });
    await expectAccessible(page);

    await page.goto('/practitioners');
    await page.getByRole('link', { name: 'Add practitioner' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add practitioner' })).toBeVisible();
    // The HI Service's search needs the number with the names and answers match or no match only
    // (docs/decisions/055-hpii-lookup-and-managing-powers.md): the number alone names nobody.
    const search = page.getByRole('form', { name: 'Find by HPI-I' });
    await search.getByRole('button', { name: 'Search HPI-I' }).click();
    await expect(page.getByRole('link', { name: 'Please enter their family name' })).toBeVisible();
    await expect(page.locator(':focus')).toContainText('There is a problem');
    await search.getByRole('textbox', { name: /^HPI-I number/ }).fill('8003619960308242');
    await search.getByRole('textbox', { name: /^Family name/ }).fill('Brown');
    await search.getByRole('textbox', { name: /^Given name/ }).fill('Isla');
    await search.getByRole('button', { name: 'Search HPI-I' }).click();
    await expect(page.getByText('No match', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);
    await expectAccessible(page);
    await search.getByRole('textbox', { name: /^HPI-I number/ }).fill('8003611860913908');
    await search.getByRole('button', { name: 'Search HPI-I' }).click();
    await expect(
      page.getByText(
        'The Healthcare Identifiers Service holds HPI-I 8003611860913908, active, for Isla Brown.',
      ),
    ).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Choose Isla Brown' }).click();
    await page
      .getByLabel('Healthcare service')
      .selectOption({ label: 'Harbour Telehealth GP (Harbour Telehealth)' });
    await page.getByLabel('Role', { exact: true }).selectOption('Physiotherapist');
    await page.getByLabel('Number of days').fill('2');
    await page.getByLabel('Start date').fill('2026-01-05');
    await page.screenshot({ path: '/tmp/practitioner-role-add.png', fullPage: true });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Add practitioner' }).click();
    await expect(page).toHaveURL(/\/practitioners$/);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Isla Brown has been added to Harbour Telehealth GP.' }),
    ).toBeFocused();
    await filterToOnePractitioner(page, 'isla brown');
    await practitionerButton(page, 'Brown, Isla').click();
    const table = page.getByRole('table', { name: 'Service offerings of Brown, Isla' });
    await expect(table).toContainText('Harbour Telehealth GP');
    await expect(table).toContainText('Physiotherapist');
    await expect(table).toContainText('5 Jan 2026');
  });

  test('a full load of the list transfers at most 155 KB of JavaScript, compressed, without the schema library or the roles table', async ({
    page,
  }) => {
    await openPractitioners(page, ALICE);
    // The roles table's code loads once the pointer reaches the list: keep the pointer off it.
    await page.mouse.move(0, 0);
    const scripts = await transferredScripts(page, async () => {
      await page.reload();
      await expect(page.getByRole('navigation', { name: 'Practitioner pages' })).toBeVisible();
    });
    const total = totalBytes(scripts.values());
    console.log(
      `/practitioners: ${(total / 1024).toFixed(1)} KB of JavaScript transferred in ${scripts.size} files (${(total / BARE_PAGE_SCRIPT_BYTES).toFixed(2)}× the bare page)`,
    );
    expect(uncompressed(scripts)).toEqual([]);
    // The list reads its paths and wording from practitioners-paths.ts: zod (23 KB compressed) comes
    // with the forms that validate, not with the list (docs/decisions/018-critical-path-javascript.md).
    // Nor the roles table (AgDS table, chips, the actions menu): only an opened row needs it.
    expect([...scripts.keys()].filter((url) => /offerings-table|dropdown-menu/.test(url))).toEqual(
      [],
    );
    // 150 KB until TanStack Query came back in place of our own copy (7 KB more on every signed-in page,
    // docs/decisions/035-tanstack-query-back.md): a library the field maintains is worth more than the 5 KB.
    expect(total).toBeLessThanOrEqual(155 * 1024);
  });
});
