import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { SEEDED_SANDBOX_URL } from '../../tools/run/server-env.ts';
import { expect, expectAccessible, signIn, test } from '../support/fixtures.ts';

/**
 * Tasks (docs/product/features.md#tasks-and-notifications, docs/decisions/025-tasks.md): Alice's counts
 * match the demo world, she verifies the urgent task with the suggested value and sees it on the service's
 * page, she keeps the current value of another through the dismiss dialog, she is sent to a partner's
 * online form with a token the partner can trust, and George, a Viewer of her group, cannot open her tasks
 * by their addresses. The tests run in order on this file's seeded world.
 */

const ALICE = '2000000011';
const GEORGE = '2000000066';
const SERVICE = 'Harbour General Practice Surry Hills';
const NEW_PHONE = '0291234888';
/** The demo world's online-form task: MediFund's form, on the partner sandbox (decision 049). */
// The seeded form is the partner sandbox's (it plays MediFund); this journey plays it itself.
const FORM_URL = `${SEEDED_SANDBOX_URL}/online-form`;

test.describe.configure({ mode: 'serial' });

/** The addresses of two of Alice's open tasks, for George to try. */
let aliceTaskPath = '';
let aliceOnlineFormPath = '';

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
    page.getByRole('heading', { level: 1, name: `Verify the phone of ${SERVICE}` }),
  ).toBeVisible();
  await expect(page.getByText('Urgent! Action required')).toBeVisible();
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
  await expect(page.getByText(`Verified: ${SERVICE}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: /^Open \(3\)/ })).toBeVisible();

  // The completed task says so, and the service's page shows the new number.
  await page.getByRole('tab', { name: 'Completed' }).click();
  await page
    .getByRole('table', { name: 'Completed tasks' })
    .getByRole('link', { name: `Verify the phone of ${SERVICE}` })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Verify the phone of ${SERVICE}` }),
  ).toBeVisible();
  await expect(page.getByText('No action required')).toBeVisible();
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
    page.getByRole('heading', { level: 1, name: /^Verify the email of / }),
  ).toBeVisible();
  await expect(page.getByText('Non-urgent! Action required')).toBeVisible();
  await choose(page, /^Current value:/);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Keep the current details' });
  await expect(dialog).toContainText('MediFund Health Insurance');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Dismiss task' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  await expect(page.getByText('Task dismissed: Surry Hills Clinic')).toBeVisible();
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
  await expect(
    page.getByRole('heading', { level: 1, name: /^Verify the number of days of / }),
  ).toBeVisible();
  aliceTaskPath = new URL(page.url()).pathname;
});

/**
 * The claims of an online-form token, checked as the partner checks it (docs/decisions/025-tasks.md): the
 * signature against the portal's published keys, the portal as issuer, the partner's own code as audience,
 * the token type and its expiry.
 */
async function verifiedClaims(
  request: APIRequestContext,
  issuer: string,
  token: string,
  audience: string,
) {
  const jwks = await request.get('/oauth/jwks');
  expect(jwks.status()).toBe(200);
  const { payload } = await jwtVerify(
    token,
    createLocalJWKSet((await jwks.json()) as JSONWebKeySet),
    { issuer, audience, typ: 'online-form+jwt' },
  );
  return payload;
}

test('Alice is sent to the partner’s online form with a signed token; a task without a form is an error', async ({
  page,
  request,
  baseURL,
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
  const me = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/me' && r.ok());
  await signInToWelcome(page, ALICE, 'Alice');
  const userId = ((await (await me).json()) as { id: string }).id;

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
  aliceOnlineFormPath = new URL(page.url()).pathname;
  const taskId = aliceOnlineFormPath.split('/').pop();
  await expect(page.getByRole('heading', { level: 1, name: 'Complete online form' })).toBeVisible();
  await expect(page.getByText('Loading online form..')).toBeVisible();
  await expectAccessible(page);
  const madeAt = Math.floor(Date.now() / 1000);
  release();

  await page.waitForURL((url) => url.href.startsWith(`${FORM_URL}?token=`));
  await expect(page.getByRole('heading', { name: 'MediFund online form' })).toBeVisible();
  expect(formPages).toHaveLength(1);
  const token = new URL(page.url()).searchParams.get('token') ?? '';
  // Addressed to MediFund, whose form it is: no other partner accepts it.
  const claims = await verifiedClaims(request, baseURL!, token, 'medifund');
  expect(claims).toMatchObject({ task: taskId, sub: userId, aud: 'medifund' });
  await expect(verifiedClaims(request, baseURL!, token, 'practice-link')).rejects.toThrow(/"aud"/);
  // Good for five minutes from when it was made (a little slack for a loaded machine's clock reads).
  expect(claims.exp).toBeGreaterThanOrEqual(madeAt + 300 - 5);
  expect(claims.exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 300);
  expect(claims.exp! - claims.iat!).toBe(300);

  // A verify-information task has no form: the error state, and the way back.
  const formless = aliceTaskPath.replace('/verify-information/', '/complete-online-form/');
  const answer = page.waitForResponse((r) => r.url().endsWith('/online-form'));
  await page.goto(formless);
  expect((await answer).status()).toBe(404);
  await expect(page.getByText('The online form does not exist')).toBeVisible();
  await expect(page.getByText('Loading online form..')).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to tasks' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks (Open)' })).toBeVisible();
  expect(formPages).toHaveLength(1);
});

test('George, a Viewer of the group, cannot open Alice’s tasks by their addresses', async ({
  page,
}) => {
  expect(aliceTaskPath).toMatch(/^\/tasks-notifications\/verify-information\//);
  expect(aliceOnlineFormPath).toMatch(/^\/tasks-notifications\/complete-online-form\//);
  await page.route(`${new URL(FORM_URL).origin}/**`, (route) => route.abort());
  await signInToWelcome(page, GEORGE, 'George');
  const answer = page.waitForResponse((r) => r.url().includes('/api/tasks/'));
  await page.goto(aliceTaskPath);
  expect((await answer).status()).toBe(404);
  await expect(page.getByText('This task does not exist')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Verify', exact: true })).toHaveCount(0);

  // Nor her online form: no address, no token, the error state.
  const form = page.waitForResponse((r) => r.url().endsWith('/online-form'));
  await page.goto(aliceOnlineFormPath);
  expect((await form).status()).toBe(404);
  await expect(page.getByText('The online form does not exist')).toBeVisible();
  await expect(page).toHaveURL(aliceOnlineFormPath);
  await expectAccessible(page);
});
