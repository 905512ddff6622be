import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiPaths, meApiPaths, shellApiPaths } from '@pca/contracts/paths.ts';
import { readRecall, storeRecall } from '#lib/recall.ts';
import { getSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

const session = {
  token: 'tok-123',
  idleExpiresAt: '2026-11-21T01:00:00.000Z',
  absoluteExpiresAt: '2026-11-21T09:00:00.000Z',
};
const callbackUrl = '/authorization-code/callback?code=abc&state=xyz';
/** The reads sign-in makes after the exchange (docs/product/rules.md#states). */
const afterExchange = (canShowPublishingSettings = false) => ({
  [`GET ${apiPaths.me}`]: () => json(testUser()),
  [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
  [`GET ${shellApiPaths.publishingSettingsEligibility}`]: () => json({ canShowPublishingSettings }),
});

describe('CallbackPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the authenticating spinner, exchanges the code, stores the token and lands on /welcome', async () => {
    let releaseToken: () => void = () => undefined;
    const tokenGate = new Promise<void>((resolve) => (releaseToken = resolve));
    const requests = installFakeServer({
      [`POST ${apiPaths.token}`]: async () => {
        await tokenGate;
        return json(session);
      },
      ...afterExchange(),
    });
    storeRecall('/', '');

    const { router } = renderApp(callbackUrl);
    expect(
      await screen.findByText('Authenticating with Provider Digital Access (PRODA)..'),
    ).toBeInTheDocument();
    releaseToken();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Jane' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(getSessionToken()).toBe('tok-123');
    expect(readRecall()).toEqual({ path: '', query: '' });
    const exchange = requests.find((r) => r.path === apiPaths.token);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.body).toEqual({ code: 'abc', state: 'xyz' });
    const me = requests.find((r) => r.path === apiPaths.me);
    expect(me?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(requests.filter((r) => r.path === apiPaths.token)).toHaveLength(1);
  });

  it('returns to the stored path and query and then clears them', async () => {
    installFakeServer({
      [`POST ${apiPaths.token}`]: () => json(session),
      ...afterExchange(true),
    });
    storeRecall('/inactive-user', '?from=Sites');

    const { router } = renderApp(callbackUrl);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inactive-user'));
    expect(router.state.location.search).toBe('?from=Sites');
    expect(readRecall()).toEqual({ path: '', query: '' });
  });

  it('lands on /welcome/add-business when publishing settings can be shown', async () => {
    const requests = installFakeServer({
      [`POST ${apiPaths.token}`]: () => json(session),
      ...afterExchange(true),
    });
    storeRecall('/home', '');
    const { router } = renderApp(callbackUrl);
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome/add-business'));
    expect(requests.map((r) => r.path)).toContain(meApiPaths.organisations);
  });

  it('shows an error state with a way to try again when the exchange fails', async () => {
    installFakeServer({
      [`POST ${apiPaths.token}`]: () => problem(401, 'about:blank', 'Unauthorized'),
    });

    const { router } = renderApp(callbackUrl);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in failed' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('We could not sign you in with Provider Digital Access (PRODA)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/authorization-code/callback');
    expect(getSessionToken()).toBeNull();
    expect(console.error).toHaveBeenCalledWith('Sign-in failed', expect.anything());
  });

  it('shows the error state when the callback has no code', async () => {
    const requests = installFakeServer({});
    renderApp('/authorization-code/callback?state=xyz');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Sign in failed' }),
    ).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('sends an inactive user to /inactive-user', async () => {
    installFakeServer({
      [`POST ${apiPaths.token}`]: () =>
        problem(403, 'https://pca.example/problems/inactive-user', 'Inactive user'),
    });

    const { router } = renderApp(callbackUrl);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your account is inactive' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inactive-user');
    expect(getSessionToken()).toBeNull();
  });
});
