import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * Tasks (docs/product/features.md#tasks-and-notifications, docs/decisions/025-tasks.md): Alice's counts
 * match the demo world, she verifies the urgent task with the suggested value and sees it on the service's
 * page, she keeps the current value of another through the dismiss dialog, and George, a Viewer of her
 * group, cannot open her task by its address. The tests run in order on this file's seeded world.
 */

const ALICE = '2000000011';
const GEORGE = '2000000066';
const SERVICE = 'Harbour General Practice Surry Hills';
const NEW_PHONE = '0291234888';

test.describe.configure({ mode: 'serial' });

/** The address of one of Alice's open tasks, for George to try. */
let aliceTaskPath = '';

async function signInToWelcome(page: Page, ra: string, givenName: string) {
  await signIn(page, ra);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome ${givenName}` })).toBeVisible({
    timeout: 30_000,
  });
}

/** Chooses a radio by its label, as a person clicks it (AgDS draws its own circle over the input). */
async function choose(scope: Page | Locator, label: string | RegExp) {
  await scope.getByText(label).click();
  await expect(scope.getByRole('radio', { name: label })).toBeChecked();
}

test('Alice verifies the urgent task with the suggested value and keeps the current value of another', async ({
  page,
}) => {
  await signInToWelcome(page, ALICE, 'Alice');
  await page.goto('/tasks-notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  // The demo world: 4 open tasks (1 urgent), 3 unread notifications.
  await expect(page.getByRole('tab', { name: /^Open \(4\)/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('tab', { name: /^Notifications \(3\)/ })).toBeVisible();
  const open = page.getByRole('table', { name: 'Open tasks' });
  await expect(open.getByRole('row')).toHaveCount(5);
  // A page of no side-navigation item still lists them all (the menu was empty here once).
  await expect(
    page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name: 'Home' }),
  ).toBeVisible();
  await expectAccessible(page);

  // Every tab: its heading, its address, and axe.
  for (const [tab, heading, path] of [
    ['Completed', 'Tasks (Completed)', '/tasks-notifications/completed-tasks'],
    ['Dismissed', 'Tasks (Dismissed)', '/tasks-notifications/dismissed-tasks'],
    [/^Notifications/, 'Notifications', '/tasks-notifications/notifications'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveURL(path);
    await expectAccessible(page);
  }
  await expect(page.getByRole('table', { name: 'Completed tasks' })).toHaveCount(0);
  await page.getByRole('tab', { name: /^Open/ }).click();
  await expect(page).toHaveURL('/tasks-notifications/tasks');

  // The urgent one: the suggested phone number.
  await open.getByRole('link', { name: `Verify the phone of ${SERVICE}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Urgent! Action required' }),
  ).toBeVisible();
  await expect(page.getByText(`Verify the following details about the ${SERVICE}.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Reason' })).toBeVisible();
  await expectAccessible(page);
  await choose(page, /^Suggested value from National Health Services Directory/);
  const completed = page.waitForResponse(
    (r) => r.url().endsWith('/complete') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  expect((await completed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Open \(3\)/ })).toBeVisible();

  // The completed task says so, and the service's page shows the new number.
  await page.getByRole('tab', { name: 'Completed' }).click();
  await page
    .getByRole('table', { name: 'Completed tasks' })
    .getByRole('link', { name: `Verify the phone of ${SERVICE}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'No action required' })).toBeVisible();
  await expect(page.getByText('Successfully verified')).toBeVisible();
  await expect(
    page.getByText('We have sent your verified details to the partner service.'),
  ).toBeVisible();
  await page.getByRole('link', { name: `View ${SERVICE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare service' })).toBeVisible();
  await expect(page.getByText(SERVICE, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(NEW_PHONE, { exact: true })).toBeVisible();

  // Another: keep the current email, through the dismiss dialog naming the partner.
  await page.goto('/tasks-notifications/tasks');
  await page.getByRole('link', { name: /^Verify the email of / }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Non-urgent! Action required' }),
  ).toBeVisible();
  await choose(page, /^Current value:/);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Keep the current details' });
  await expect(dialog).toContainText('MediFund Health Insurance');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Dismiss task' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Open \(2\)/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Dismissed' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Dismissed tasks' })
      .getByText('Verify the email of Surry Hills Clinic'),
  ).toBeVisible();

  // The role task stays open: its address is George's to try.
  await page.getByRole('tab', { name: /^Open/ }).click();
  await page.getByRole('link', { name: /^Verify the number of days of / }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Action required$/ })).toBeVisible();
  aliceTaskPath = new URL(page.url()).pathname;
});

test('George, a Viewer of the group, cannot open Alice’s task by its address', async ({ page }) => {
  expect(aliceTaskPath).toMatch(/^\/tasks-notifications\/verify-information\//);
  await signInToWelcome(page, GEORGE, 'George');
  const answer = page.waitForResponse((r) => r.url().includes('/api/tasks/'));
  await page.goto(aliceTaskPath);
  expect((await answer).status()).toBe(404);
  await expect(page.getByText('This task does not exist')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);
});
