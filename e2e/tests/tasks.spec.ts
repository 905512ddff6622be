import type { Locator, Page } from '@playwright/test';
import { SEEDED_SANDBOX_URL } from '../../tools/run/server-env.ts';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * Tasks (docs/product/features.md#tasks-and-notifications, docs/decisions/025-tasks.md): Alice goes
 * through the tabs, verifies the urgent task with the suggested value and sees it on the service's page,
 * keeps the current value of another through the dismiss dialog, and is sent to a partner's online form.
 * The tests run in order on this file's seeded world.
 *
 * The counts, the tasks' words and outcomes, who may open a task (George, a Viewer, may not) and the
 * online-form token's signature, audience and lifetime are checked where they cost milliseconds: the API
 * tests (apps/server/src/modules/tasks-notifications/tasks.test.ts) and the component tests
 * (apps/web/src/features/tasks-notifications/tasks.test.tsx); issue 31, docs/decisions/052-ci-budget.md.
 */

const ALICE = '2000000011';
const SERVICE = 'Harbour General Practice Surry Hills';
const NEW_PHONE = '0291234888';
/** The demo world's online-form task: MediFund's form, on the partner sandbox (decision 049). */
// The seeded form is the partner sandbox's (it plays MediFund); this journey plays it itself.
const FORM_URL = `${SEEDED_SANDBOX_URL}/online-form`;

test.describe.configure({ mode: 'serial' });

/** The address of one of Alice's verify-information tasks, which has no online form. */
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
  await page
    .getByRole('link', { name: /^Tasks/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  const open = page.getByRole('table', { name: 'Open tasks' });
  await expect(open.getByRole('link', { name: `Verify the phone of ${SERVICE}` })).toBeVisible();
  await expectAccessible(page);

  // Every tab: its heading and axe.
  for (const [tab, heading] of [
    ['Completed', 'Tasks (Completed)'],
    ['Dismissed', 'Tasks (Dismissed)'],
    [/^Notifications/, 'Notifications'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  }
  await page.getByRole('tab', { name: /^Open/ }).click();
  await expect(page).toHaveURL('/tasks-notifications/tasks');

  // The urgent one: the suggested phone number.
  await open.getByRole('link', { name: `Verify the phone of ${SERVICE}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Verify the phone of ${SERVICE}` }),
  ).toBeVisible();
  await expectAccessible(page);
  await choose(page, /^Suggested value from National Health Services Directory/);
  const completed = page.waitForResponse(
    (r) => r.url().endsWith('/complete') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  expect((await completed).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  await expect(page.getByText(`Verified: ${SERVICE}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Open \(3\)/ })).toBeVisible();

  // The completed task leads to the service, whose page shows the new number.
  await page.getByRole('tab', { name: 'Completed' }).click();
  await page
    .getByRole('table', { name: 'Completed tasks' })
    .getByRole('link', { name: `Verify the phone of ${SERVICE}` })
    .click();
  await expect(page.getByText('Successfully verified')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: `View ${SERVICE}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare service' })).toBeVisible();
  await expect(page.getByText(NEW_PHONE, { exact: true })).toBeVisible();

  // Another: keep the current email, through the dismiss dialog naming the partner.
  await page.goto('/tasks-notifications/tasks');
  await page.getByRole('link', { name: /^Verify the email of / }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verify the email of / }),
  ).toBeVisible();
  await choose(page, /^Current value:/);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Keep the current details' });
  await expect(dialog).toContainText('MediFund Health Insurance');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Dismiss task' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  await expect(page.getByText('Task dismissed: Surry Hills Clinic')).toBeVisible();
  await page.getByRole('tab', { name: 'Dismissed' }).click();
  await expect(
    page
      .getByRole('table', { name: 'Dismissed tasks' })
      .getByText('Verify the email of Surry Hills Clinic'),
  ).toBeVisible();

  // The role task stays open: its address, with no online form, is the next journey's.
  await page.getByRole('tab', { name: /^Open/ }).click();
  await page.getByRole('link', { name: /^Verify the number of days of / }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verify the number of days of / }),
  ).toBeVisible();
  aliceTaskPath = new URL(page.url()).pathname;
});

test('Alice is sent to the partner’s online form with a token; a task without a form is an error', async ({
  page,
}) => {
  // The partner's site is played here, so the journey needs no outside network.
  const formPages: string[] = [];
  await page.route(`${new URL(FORM_URL).origin}/**`, async (route) => {
    if (!route.request().url().startsWith(FORM_URL)) return route.fulfill({ status: 404 });
    formPages.push(route.request().url());
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><head><title>MediFund online form</title></head><body><main><h1>MediFund online form</h1></main></body></html>',
    });
  });
  await signInToWelcome(page, ALICE, 'Alice');

  // The address is held back until the loading state has been seen (and checked by axe).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/tasks/*/online-form', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/tasks-notifications/tasks');
  await page.getByRole('link', { name: /^Complete the online form about / }).click();
  await expect(page).toHaveURL(/\/tasks-notifications\/complete-online-form\/[^/]+$/);
  await expect(page.getByText('Loading online form..')).toBeVisible();
  await expectAccessible(page);
  release();

  await page.waitForURL((url) => url.href.startsWith(`${FORM_URL}?token=`));
  await expect(page.getByRole('heading', { name: 'MediFund online form' })).toBeVisible();
  expect(formPages).toHaveLength(1);

  // A verify-information task has no form: the error state, and the way back.
  const formless = aliceTaskPath.replace('/verify-information/', '/complete-online-form/');
  await page.goto(formless);
  await expect(page.getByText('The online form does not exist')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  expect(formPages).toHaveLength(1);
});
