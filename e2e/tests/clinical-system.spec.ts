import { createHash, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../support/fixtures.ts';

/**
 * The clinical-system stand-in every lane runs (docs/decisions/068-clinical-system-stand-in.md), seen in the
 * browser as a practice manager and the portal would: the launch page sends the browser to the app's launch
 * address with the FHIR server and a launch code; an authorisation passes through the staff sign-in and
 * consent pages and returns a code that gives tokens reading the practice's roles; Deny returns access_denied;
 * the FHIR API refuses a request without a token with an OperationOutcome. The app's launch address is played
 * by a route and the redirect back to the portal is read as it leaves, so this file needs nothing of the
 * portal's SMART screens. Axe on every page, at
 * 1280 and 390 px.
 */
const cis = () => process.env['E2E_CIS_URL']!;
const iss = () => `${cis()}/fhir`;
const LAUNCH_URL = 'https://app.example.com.au/smart/launch';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** Answers the application's pages (launch address, redirect URI) with a plain page of its own. */
async function playTheApplication(page: Page, address: string) {
  await page.route(
    (url) => url.href.startsWith(address),
    (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html lang="en-AU"><head><title>Provider Connect</title></head><body><main><h1>Provider Connect</h1></main></body></html>',
      }),
  );
}

/**
 * The redirect URI is the portal's own SMART callback (another part of issue 34), which a route cannot stand in
 * for (Chromium follows the redirect after the consent form itself); once its request has been read, the page
 * leaves it, so what the portal does with a code it did not ask for is no part of this file.
 */
async function leaveForThePortal(page: Page) {
  await page.goto('about:blank');
}

/** A public client's authorisation request with PKCE (S256), as the portal makes it. */
function authorisationRequest(baseURL: string, scope: string) {
  const verifier = base64url(randomBytes(32));
  const state = base64url(randomBytes(16));
  const redirectUri = `${baseURL}/smart-authorization-code/callback`;
  const url = new URL(`${cis()}/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: 'provider-connect',
    redirect_uri: redirectUri,
    scope,
    state,
    aud: iss(),
    code_challenge: base64url(createHash('sha256').update(verifier).digest()),
    code_challenge_method: 'S256',
  }).toString();
  return { url: url.href, verifier, state, redirectUri };
}

/** Both widths' screenshots of the page (looked at when the pages change); at 320 px nothing scrolls sideways. */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/clinical-system-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 640 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    'the page scrolls sideways at 320 px',
  ).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await page.screenshot({ path: `/tmp/clinical-system-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('staff launch Provider Connect from the clinical system: the launch address gets iss and a launch code', async ({
  page,
}) => {
  await playTheApplication(page, LAUNCH_URL);
  await page.goto(`${cis()}/`);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Harbour Medical Group — clinical system' }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'launch');
  await page.getByLabel('Provider Connect launch address').fill(LAUNCH_URL);
  const launched = page.waitForRequest((request) => request.url().startsWith(LAUNCH_URL));
  await page.getByRole('button', { name: 'Launch Provider Connect' }).click();
  const target = new URL((await launched).url());
  expect(target.searchParams.get('iss')).toBe(iss());
  expect(target.searchParams.get('launch')).toMatch(/^[\w-]{16,}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Provider Connect' })).toBeVisible();
});

test('an authorisation passes through staff sign-in and consent; its code gives tokens that read the practice', async ({
  page,
  baseURL,
}) => {
  const request = authorisationRequest(
    baseURL!,
    'openid fhirUser offline_access user/PractitionerRole.read user/Practitioner.read',
  );
  await page.goto(request.url);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to Harbour Medical Group' }),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'sign-in');
  await page.getByRole('button', { name: 'Sign in as Dr Alice Nguyen' }).click();

  await expect(
    page.getByRole('heading', {
      level: 1,
      name: 'Allow Provider Connect Australia to access Harbour Medical Group?',
    }),
  ).toBeVisible();
  await expect(page.getByText("Read practitioners' roles at the practice")).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'consent');
  const returned = page.waitForRequest((r) => r.url().startsWith(request.redirectUri));
  await page.getByRole('button', { name: 'Allow' }).click();
  const callback = new URL((await returned).url());
  expect(callback.searchParams.get('state')).toBe(request.state);
  await leaveForThePortal(page);

  const token = await fetch(`${cis()}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: callback.searchParams.get('code')!,
      redirect_uri: request.redirectUri,
      client_id: 'provider-connect',
      code_verifier: request.verifier,
    }),
  });
  expect(token.status).toBe(200);
  const tokens = (await token.json()) as { access_token: string; refresh_token?: string };
  expect(tokens.refresh_token).toBeTruthy();
  const roles = await fetch(`${iss()}/PractitionerRole?_include=PractitionerRole:practitioner`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  expect(roles.status).toBe(200);
  const bundle = (await roles.json()) as { total: number; entry: { search: { mode: string } }[] };
  expect(bundle.total).toBe(36);
  expect(bundle.entry.some((e) => e.search.mode === 'include')).toBe(true);
});

test('Deny on the consent page returns access_denied to the application', async ({
  page,
  baseURL,
}) => {
  const request = authorisationRequest(baseURL!, 'openid fhirUser user/PractitionerRole.read');
  await page.goto(request.url);
  await page.getByRole('button', { name: 'Sign in as Dr Alice Nguyen' }).click();
  const returned = page.waitForRequest((r) => r.url().startsWith(request.redirectUri));
  await page.getByRole('button', { name: 'Deny' }).click();
  const callback = new URL((await returned).url());
  expect(callback.searchParams.get('error')).toBe('access_denied');
  expect(callback.searchParams.get('code')).toBeNull();
  await leaveForThePortal(page);
});

test('the FHIR API refuses a request without an access token with an OperationOutcome', async () => {
  const response = await fetch(`${iss()}/PractitionerRole`);
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
  expect(await response.json()).toMatchObject({
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: 'login' }],
  });
});
