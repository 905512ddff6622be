import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * The NHSD import (docs/product/features.md#nhsd-import, docs/decisions/028-nhsd-import.md and
 * 029-nhsd-import-wizard.md): Alice imports two physical services found by postcode into Harbour's Surry Hills Clinic, sees them on the location's page and as
 * 'Imported' on a new search, meets the duplicate-type rule and the leave guard; Isla is told she has nowhere to
 * import into; Jack, once Priya has approved his business, searches by name (too short, not found, found) and
 * imports a virtual service into a new location, subscribing to the national directory; George, a Viewer, cannot
 * reach the wizard and the API refuses him. Before Import now the publication step names every partner the
 * services inherit (docs/decisions/056-publications-need-current-acceptance.md); scripts/e2e.ts runs the consent
 * check on what the file leaves. The tests run in order on this file's seeded world.
 */

const ALICE = '2000000011';
const GEORGE = '2000000066';
const ISLA = '2000000099';
const JACK = '2000000101';
const PRIYA = '2000000077';
const SURRY_HILLS = 'Harbour Medical Centre Surry Hills (Harbour Medical Group Pty Ltd)';
const MENTAL_HEALTH = 'Awaba Healthcare Group - Mental health';
const OCCUPATIONAL_THERAPY = 'Awaba Healthcare Group - Occupational therapy';
const OPTOMETRY = 'Awaba Healthcare Group - Optometry';

test.describe.configure({ mode: 'serial' });

async function signInTo(page: Page, ra: string) {
  await signIn(page, ra);
  await expect(page).toHaveURL(/\/welcome/, { timeout: 30_000 });
}

async function openWizard(page: Page) {
  await page.goto('/nhsd-import');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Importing services from NHSD' }),
  ).toBeVisible();
}

/** A step of the wizard by its title (its heading also says its state). */
const step = (page: Page, title: string) =>
  page.getByRole('region', { name: new RegExp(`^${title}`) });

/** Step 2 by postcode, as a person does it: three characters, the completion, then the search. */
async function findByPostcode(page: Page, postcode: string, completion: string) {
  await page.getByRole('combobox', { name: /Suburb or postcode/ }).fill(postcode);
  await page.getByRole('option', { name: completion, exact: true }).click();
  await expect(page.getByRole('button', { name: `Remove ${completion}` })).toBeVisible();
  await page.getByRole('button', { name: 'Find practice or business' }).click();
}

/**
 * The publication step's list of what the services inherit: exactly these partners, each from the
 * organisation on the statement version given, accepted by the person named.
 */
async function expectInherited(
  publication: Locator,
  organisation: string,
  acceptedBy: string,
  partners: Array<[name: string, version: number]>,
) {
  const items = publication.getByRole('list', { name: 'Published already' }).getByRole('listitem');
  await expect(items).toHaveCount(partners.length);
  for (const [name, version] of partners)
    await expect(items.filter({ hasText: `${name}: ` })).toContainText(
      `${name}: inherited from the organisation ${organisation}; information use statement version ${version} accepted by ${acceptedBy} on `,
    );
}

/** Ticks a checkbox as a person does (AgDS draws its own box over the input). */
async function tick(box: Locator) {
  await box.check({ force: true });
  await expect(box).toBeChecked();
}

test('Alice imports two physical services found by postcode and sees them on the location’s page', async ({
  page,
}) => {
  await signInTo(page, ALICE);
  await openWizard(page);
  await expect(page.getByText('Complete step 2 to see results.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Physical/ })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Find practice or business' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Import now' })).toBeDisabled();
  await expectAccessible(page);

  await findByPostcode(page, '2283', 'Awaba NSW 2283');
  const results = step(page, 'Select services to import');
  await expect(results.getByRole('heading', { name: 'Showing 3 results' })).toBeVisible();
  await expect(results.getByRole('row', { name: /Optometry/ })).toContainText('Not yet');
  await expectAccessible(page);
  await tick(results.getByRole('checkbox', { name: `Select ${MENTAL_HEALTH}` }));
  await tick(results.getByRole('checkbox', { name: `Select ${OCCUPATIONAL_THERAPY}` }));

  // Four organisations: none is chosen for her. Surry Hills has one physical location, but at another
  // address than the services (Awaba): it is offered with its whole address, not chosen for her.
  const destination = step(page, 'Where should the services import to');
  await expect(destination.getByRole('combobox', { name: /Organisation/ })).toHaveValue('');
  await destination
    .getByRole('combobox', { name: /Organisation/ })
    .selectOption({ label: SURRY_HILLS });
  const location = destination.getByRole('combobox', { name: /Location/ });
  await expect(location).toHaveValue('');
  const clinic = location.getByRole('option', { name: /^Surry Hills Clinic/ });
  await expect(clinic).toContainText('NSW');
  await location.selectOption((await clinic.getAttribute('value')) ?? '');
  await expect(location).not.toHaveValue('');
  await expect(destination.getByText('Ready to import')).toBeVisible();

  // Harbour publishes to the national directory already; Health Connect is asked about (its flag is on).
  // Before Import now the step names every partner the services will reach without a choice here, each on
  // its current statement and who accepted it (issue 30).
  const publication = step(page, 'Publish to national directories');
  await expect(
    publication.getByRole('heading', { name: 'Health Connect Directory' }),
  ).toBeVisible();
  await expect(
    publication.getByRole('heading', { name: 'National Health Services Directory' }),
  ).toHaveCount(0);
  await expectInherited(publication, 'Harbour Medical Group Pty Ltd', 'Alice Nguyen', [
    ['MediFund Health Insurance', 1],
    ['NHSD (providers only)', 1],
    ['National Health Services Directory', 2],
  ]);
  await expect(publication.getByRole('listitem').filter({ hasText: /^MediFund/ })).toContainText(
    'practitioners who join are not published.',
  );
  await expectAccessible(page);
  await publication.getByText('Publish the imported services to Health Connect Directory').click();
  await expect(
    publication.getByRole('checkbox', { name: /Publish the imported services/ }),
  ).not.toBeChecked();

  await page.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByText('Successfully imported')).toBeVisible();
  await expect(page.getByText("2 service(s) under location 'Surry Hills Clinic'")).toBeVisible();
  // The wizard starts again.
  await expect(page.getByText('Complete step 2 to see results.')).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'View Surry Hills Clinic' }).click();
  await page.getByRole('tab', { name: 'Healthcare services' }).click();
  const services = page.getByRole('tabpanel');
  await expect(services).toContainText(MENTAL_HEALTH);
  await expect(services).toContainText(OCCUPATIONAL_THERAPY);
  await expectAccessible(page);

  // An imported service publishes what the step said, inherited, and nothing recorded in Alice's name.
  await services.getByRole('link', { name: MENTAL_HEALTH }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare service' })).toBeVisible();
  await page.getByRole('tab', { name: 'Partner services' }).click();
  const nhsdCard = page
    .getByRole('tabpanel', { name: 'Partner services' })
    .getByRole('group', { name: 'National Health Services Directory' });
  await expect(
    nhsdCard.getByText('Published: inherited from the organisation Harbour Medical Group Pty Ltd'),
  ).toBeVisible();
  await expect(
    nhsdCard.getByText(/Information use statement version 2 accepted by Alice Nguyen on /),
  ).toBeVisible();
  await expectAccessible(page);

  // A new search: both are 'Imported', without a checkbox; the third can still be chosen.
  await openWizard(page);
  await findByPostcode(page, '2283', 'Awaba NSW 2283');
  const again = step(page, 'Select services to import');
  await expect(again.getByRole('heading', { name: 'Showing 3 results' })).toBeVisible();
  for (const name of [MENTAL_HEALTH, OCCUPATIONAL_THERAPY])
    await expect(again.getByRole('checkbox', { name: `Select ${name}` })).toHaveCount(0);
  await expect(again.getByRole('row', { name: /Mental health/ })).toContainText('Imported');
  await expect(again.getByRole('checkbox', { name: `Select ${OPTOMETRY}` })).toBeVisible();
});

test('Alice meets the duplicate-type rule and the leave guard', async ({ page }) => {
  await signInTo(page, ALICE);
  // From the dashboard's card, so Cancel has somewhere to go back to.
  await page.getByRole('link', { name: /^Import services/ }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Importing services from NHSD' }),
  ).toBeVisible();

  // Surry Hills Clinic already has a skin cancer clinic.
  await findByPostcode(page, '2026', 'Bondi NSW 2026');
  const results = step(page, 'Select services to import');
  await expect(results.getByRole('heading', { name: 'Showing 1 result' })).toBeVisible();
  await tick(results.getByRole('checkbox', { name: 'Select all services' }));
  const destination = step(page, 'Where should the services import to');
  await destination
    .getByRole('combobox', { name: /Organisation/ })
    .selectOption({ label: SURRY_HILLS });
  // The clinic is at another address than the service (Bondi), so she chooses it herself.
  const location = destination.getByRole('combobox', { name: /Location/ });
  await expect(location).toHaveValue('');
  const clinic = location.getByRole('option', { name: /^Surry Hills Clinic/ });
  await location.selectOption((await clinic.getAttribute('value')) ?? '');
  await expect(
    destination.getByText(
      'One or more of the selected services are unable to be imported to this location. Services of the same type already exists for this location.',
    ),
  ).toBeVisible();
  await expect(location).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Import now' })).toBeDisabled();
  await expectAccessible(page);

  // Leaving with results: the dialog holds the navigation until she confirms.
  await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Home' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel importing services' });
  await expect(dialog).toContainText(
    'Leaving this screen before importing will delete all your selections and changes. We recommend importing your services.',
  );
  await expect(dialog).toContainText('You have services yet to be imported');
  await expectAccessible(page);
  // A click outside does not dismiss it.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue importing' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/nhsd-import$/);
  await expect(results.getByRole('heading', { name: 'Showing 1 result' })).toBeVisible();

  // Cancel goes back where she came from, once confirmed.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page).toHaveURL(/\/welcome/);
});

test('Isla is told she has no approved organisation to import into', async ({ page }) => {
  await signInTo(page, ISLA);
  await openWizard(page);
  await expect(
    page.getByText(
      'You have no approved organisation you manage to import services into. Register your business, or ask an organisation manager for access.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register a business' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import now' })).toHaveCount(0);
  await expectAccessible(page);
});

test('Priya approves Riverbend, so Jack has a business to import into', async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  await signInTo(page, PRIYA);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Approve Riverbend Allied Health' }).click();
  await expect(page.getByText('Riverbend Allied Health is approved')).toBeVisible();
});

test('Jack searches by name and imports a virtual service into a new location, subscribing to the national directory', async ({
  page,
}) => {
  await signInTo(page, JACK);
  await openWizard(page);
  await page.getByText(/^Virtual/).click();
  await expect(page.getByRole('radio', { name: /^Virtual/ })).toBeChecked();
  const name = page.getByRole('textbox', { name: /Practice or business name/ });
  const find = page.getByRole('button', { name: 'Find practice or business' });
  await name.fill('Ba');
  await name.blur();
  await expect(page.getByText('You must enter at least 3 characters')).toBeVisible();
  await expect(find).toBeDisabled();
  await expectAccessible(page);

  await name.fill('Zzyzx Clinic');
  await find.click();
  const notFound =
    'Practice name or business name not found. Please check the spelling and try again.';
  await expect(page.getByRole('alert').filter({ hasText: notFound })).toBeFocused();
  await expect(name).toHaveAccessibleDescription(new RegExp(notFound));
  await expectAccessible(page);

  await name.fill('Banyo Pharmacy');
  await find.click();
  const results = step(page, 'Select services to import');
  await expect(results.getByRole('heading', { name: 'Showing 1 result' })).toBeVisible();
  await expect(
    results.getByRole('columnheader', { name: 'Practice or business name' }),
  ).toBeVisible();
  await tick(results.getByRole('checkbox', { name: 'Select all services' }));

  // His only organisation is chosen for him; it has no virtual location, so the service's own details make one.
  const destination = step(page, 'Where should the services import to');
  await expect(destination.getByRole('combobox', { name: /Organisation/ })).toHaveValue(/.+/);
  await destination.getByRole('combobox', { name: /Location/ }).selectOption({
    label: "Use the service's own details: a new virtual location 'Banyo Pharmacy'",
  });
  await expect(destination.getByText('Ready to import')).toBeVisible();

  const publication = step(page, 'Publish to national directories');
  await expect(
    publication.getByRole('heading', { name: 'National Health Services Directory' }),
  ).toBeVisible();
  await expect(publication).toContainText('also publishes to NHSD (providers only)');
  // Riverbend publishes nowhere yet: nothing is inherited.
  await expect(publication.getByRole('list', { name: 'Published already' })).toHaveCount(0);
  await expectAccessible(page);
  // Health Connect is left out this time; the national directory needs its statement accepted, and the
  // providers-only directory's, shown beside it.
  await publication.getByText('Publish the imported services to Health Connect Directory').click();
  await page.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' })).toBeFocused();
  await expect(
    publication.getByText('NHSD (providers only) information use statement (version 1)'),
  ).toBeVisible();
  await publication
    .getByText(
      'I accept the information use statements of National Health Services Directory and NHSD (providers only)',
    )
    .click();
  await page.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByText('Successfully imported')).toBeVisible();
  await expect(page.getByText("1 service(s) under location 'Banyo Pharmacy'")).toBeVisible();
  await expectAccessible(page);

  // Riverbend now publishes to the national directory: the next import asks only about Health Connect, and
  // the new virtual location is the one offered.
  await page.getByText(/^Virtual/).click();
  await name.fill('Braddon Family Medical Centre');
  await find.click();
  await tick(results.getByRole('checkbox', { name: 'Select all services' }));
  await expect(destination.getByRole('combobox', { name: /Location/ })).toHaveValue(
    /^[0-9a-f-]{36}$/,
  );
  await expect(destination.getByText('Ready to import')).toBeVisible();
  await expect(
    publication.getByRole('heading', { name: 'Health Connect Directory' }),
  ).toBeVisible();
  await expect(
    publication.getByRole('heading', { name: 'National Health Services Directory' }),
  ).toHaveCount(0);
  // What Jack accepted is what the next import inherits, in his name.
  await expectInherited(publication, 'Riverbend Allied Health Pty Ltd', 'Jack Wilson', [
    ['NHSD (providers only)', 1],
    ['National Health Services Directory', 2],
  ]);
});

test('George, a Viewer, cannot reach the wizard and the API refuses him', async ({ page }) => {
  await signInTo(page, GEORGE);
  await page.goto('/nhsd-import');
  await expect(page).toHaveURL(/\/welcome\?reason=organisation-manager/);
  const token = await page.evaluate(() => window.sessionStorage.getItem('pca.sessionToken'));
  const answer = await page.request.get('/api/nhsd-import/organisations', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(403);
  const find = await page.request.get(
    '/api/nhsd-import/services?appliesTo=si&postcode=2010&suburb=&state=&name=',
    { headers: { Authorization: `Bearer ${token}` } },
  );
  expect(find.status()).toBe(403);
});
