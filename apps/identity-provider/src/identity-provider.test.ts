import { spawnSync } from 'node:child_process';
import path from 'node:path';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raNumberMessages } from './create-provider.ts';
import { settingsFromEnv } from './config.ts';
import { loadDemoIdentities, repoRoot } from './identities.ts';
import { productionRefusal } from './production-guard.ts';
import { startIdentityProvider, type RunningIdentityProvider } from './server.ts';
import { freePort } from './testing/free-port.ts';
import {
  CookieJar,
  ProviderPageError,
  browserFetch,
  followRedirects,
  signInThroughProvider,
} from './testing/sign-in.ts';

const PORTAL_PORT = '3999';
const portal = `http://localhost:${PORTAL_PORT}`;
const redirectUri = `${portal}/authorization-code/callback`;

let running: RunningIdentityProvider;
let config: oidc.Configuration;

beforeAll(async () => {
  const port = await freePort();
  const settings = settingsFromEnv({ IDP_PORT: String(port), PORT: PORTAL_PORT });
  running = await startIdentityProvider({
    issuer: settings.issuer,
    port: settings.port,
    host: settings.host,
    clients: [settings.client],
    identities: loadDemoIdentities(),
  });
  config = await oidc.discovery(
    new URL(running.url),
    settings.client.clientId,
    undefined,
    oidc.ClientSecretBasic(settings.client.clientSecret),
    { execute: [oidc.allowInsecureRequests] },
  );
});

afterAll(async () => {
  await running?.close();
});

/** A fresh authorization request with PKCE (S256), as the portal API makes it. */
async function authorizationRequest() {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, codeVerifier, state, nonce };
}

async function exchange(request: Awaited<ReturnType<typeof authorizationRequest>>, callback: URL) {
  return oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: request.codeVerifier,
    expectedState: request.state,
    expectedNonce: request.nonce,
    idTokenExpected: true,
  });
}

/** Opens the authorization URL and returns the sign-in page it leads to. */
async function openSignInPage(jar: CookieJar, url: URL) {
  const result = await followRedirects(jar, url, running.url);
  if ('left' in result)
    throw new Error(`expected the sign-in page, was sent to ${result.left.href}`);
  return { response: result.response, url: result.url, html: await result.response.text() };
}

async function postRaNumber(jar: CookieJar, pageUrl: URL, raNumber: string) {
  return browserFetch(jar, `${pageUrl.href}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ raNumber }).toString(),
  });
}

describe('authorization code flow with PKCE', () => {
  it('signs Alice in by RA number and releases her claims in the ID token', async () => {
    const request = await authorizationRequest();
    const jar = new CookieJar();

    const authorize = await browserFetch(jar, request.url);
    expect(authorize.status).toBe(303);
    const interactionUrl = new URL(authorize.headers.get('location') ?? '', running.url);
    expect(interactionUrl.pathname).toMatch(/^\/interaction\/[\w-]+$/);

    const page = await browserFetch(jar, interactionUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<label for="ra-number">RA number</label>');
    expect(html).toContain('>Sign in</button>');

    const submitted = await postRaNumber(jar, interactionUrl, '2000000011');
    expect(submitted.status).toBe(303);
    const resume = new URL(submitted.headers.get('location') ?? '', running.url);
    expect(resume.origin).toBe(running.url);

    const back = await browserFetch(jar, resume);
    expect(back.status).toBe(303);
    const callback = new URL(back.headers.get('location') ?? '');
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    expect(callback.searchParams.get('state')).toBe(request.state);
    expect(callback.searchParams.get('code')).toBeTruthy();

    const tokens = await exchange(request, callback);
    expect(tokens.claims()).toMatchObject({
      iss: running.url,
      aud: 'provider-connect',
      sub: '2000000011',
      ra_number: '2000000011',
      given_name: 'Alice',
      family_name: 'Nguyen',
      email: 'alice.nguyen@harbourmedical.example.com.au',
      nonce: request.nonce,
    });
  });

  it('signs in through the reusable helper, without a consent screen, and omits email when there is none', async () => {
    const request = await authorizationRequest();
    const callback = await signInThroughProvider(request.url.href, '2000000033');
    expect(callback.searchParams.get('code')).toBeTruthy();
    const claims = (await exchange(request, callback)).claims();
    expect(claims).toMatchObject({ sub: '2000000033', given_name: 'Chloe', family_name: 'Martin' });
    expect(claims).not.toHaveProperty('email');
  });

  it('signs in with a one-click demo identity form', async () => {
    const request = await authorizationRequest();
    const jar = new CookieJar();
    const { html, url } = await openSignInPage(jar, request.url);
    const action =
      /<li class="choice">\s*<form method="post" action="([^"]+)">\s*<input type="hidden" name="raNumber" value="2000000022">/.exec(
        html,
      )?.[1];
    expect(action).toBe(`${url.pathname}/login`);
    const result = await followRedirects(jar, new URL(action ?? '', url), running.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'raNumber=2000000022',
    });
    expect('left' in result && result.left.searchParams.get('code')).toBeTruthy();
    if ('left' in result)
      expect((await exchange(request, result.left)).claims()?.sub).toBe('2000000022');
  });

  it('rejects an authorization request without PKCE', async () => {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state: 'abc',
    });
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('rejects the plain PKCE method', async () => {
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state: 'abc',
      code_challenge: oidc.randomPKCECodeVerifier(),
      code_challenge_method: 'plain',
    });
    const response = await fetch(url, { redirect: 'manual' });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('rejects a token request with the wrong code verifier', async () => {
    const request = await authorizationRequest();
    const callback = await signInThroughProvider(request.url.href, '2000000011');
    await expect(
      exchange({ ...request, codeVerifier: oidc.randomPKCECodeVerifier() }, callback),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});

describe('sign-in page validation', () => {
  it.each([
    ['', raNumberMessages.missing],
    ['12345', raNumberMessages.format],
    ['20000000ab', raNumberMessages.format],
    ['2000000098', raNumberMessages.unknown],
  ])('shows "%s" -> %s in the error summary and inline', async (raNumber, message) => {
    const request = await authorizationRequest();
    const jar = new CookieJar();
    const { url } = await openSignInPage(jar, request.url);
    const response = await postRaNumber(jar, url, raNumber);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('<title>Error: Sign in - Provider login (development)</title>');
    expect(html).toMatch(
      new RegExp(`class="error-summary"[\\s\\S]*<a href="#ra-number">${message}</a>`),
    );
    expect(html).toContain(
      `<p class="field-error" id="ra-number-error"><span class="visually-hidden">Error: </span>${message}</p>`,
    );
    expect(html).toContain('aria-describedby="ra-number-hint ra-number-error" aria-invalid="true"');
    expect(html).toContain(`value="${raNumber}"`);

    // The interaction is still usable after an error.
    const retry = await followRedirects(jar, `${url.href}/login`, running.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'raNumber=2000000011',
    });
    expect('left' in retry && retry.left.searchParams.get('code')).toBeTruthy();
  });

  it('escapes what was typed', async () => {
    const request = await authorizationRequest();
    const jar = new CookieJar();
    const { url } = await openSignInPage(jar, request.url);
    const html = await (await postRaNumber(jar, url, `<b>"x'&`)).text();
    expect(html).toContain('value="&lt;b&gt;&quot;x&#39;&amp;"');
    expect(html).not.toContain('<b>"x');
  });

  it('the helper reports the validation message for an unknown RA number', async () => {
    const request = await authorizationRequest();
    const error = await signInThroughProvider(request.url.href, '2999999999').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProviderPageError);
    expect((error as ProviderPageError).message).toBe(raNumberMessages.unknown);
  });

  it('answers an unknown or expired interaction with a page, not a crash', async () => {
    const response = await fetch(`${running.url}/interaction/not-a-real-uid`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This sign-in has expired');
  });
});

describe('RP-initiated logout', () => {
  it('ends the provider session and returns to the portal', async () => {
    const jar = new CookieJar();
    const first = await authorizationRequest();
    const tokens = await exchange(
      first,
      await signInThroughProvider(first.url.href, '2000000011', jar),
    );
    const idToken = tokens.id_token ?? '';

    // While the provider session lives, a new request returns straight to the portal.
    const again = await authorizationRequest();
    const silent = await followRedirects(jar, again.url, running.url);
    expect('left' in silent && silent.left.searchParams.get('code')).toBeTruthy();

    const endSession = oidc.buildEndSessionUrl(config, {
      id_token_hint: idToken,
      post_logout_redirect_uri: `${portal}/`,
      state: 'bye',
    });
    const page = await browserFetch(jar, endSession);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('<script src="/assets/continue-sign-out.js" defer></script>');
    expect(html).toContain(
      'form="op.logoutForm" name="logout" value="yes" data-auto-continue>Sign out</button>',
    );
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

    const confirm = await browserFetch(jar, new URL(action, running.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`${portal}/?state=bye`);

    // The provider session is gone: the next sign-in shows the sign-in page again.
    const next = await authorizationRequest();
    const { html: signIn } = await openSignInPage(jar, next.url);
    expect(signIn).toContain('<label for="ra-number">RA number</label>');
  });

  it('rejects a post-logout redirect the client did not register', async () => {
    const request = await authorizationRequest();
    const tokens = await exchange(
      request,
      await signInThroughProvider(request.url.href, '2000000011'),
    );
    const url = oidc.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: 'https://evil.example/',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('post_logout_redirect_uri not registered');
  });
});

describe('production guard', () => {
  it('refuses production and allows development and test', () => {
    expect(productionRefusal({ NODE_ENV: 'production' })).toMatch(/must never run in production/);
    expect(productionRefusal({ NODE_ENV: 'development' })).toBeNull();
    expect(productionRefusal({ NODE_ENV: 'test' })).toBeNull();
    expect(productionRefusal({})).toBeNull();
  });

  it('the CLI exits with code 1 and says why', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/identity-provider/src/main.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'production', IDP_PORT: '1' },
        encoding: 'utf8',
        timeout: 20_000,
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'The development identity provider must never run in production',
    );
  });
});
