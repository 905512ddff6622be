import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { publishSelectorApiPaths } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

function serve(entities: () => Response) {
  setSessionToken('tok');
  installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(testUser()),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    [`GET ${publishSelectorApiPaths.entities}`]: entities,
  });
}

describe('PublishSelectorPage error states', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a 403 (a viewer, a system admin) says the user lacks access and whom to ask', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => problem(403, 'urn:pca:problems:forbidden', 'Forbidden'));
    renderApp('/publish-selector');
    expect(
      await screen.findByText('You do not have access to publishing for your businesses'),
    ).toBeVisible();
    expect(
      screen.getByText('Ask an administrator of the business to give you access.'),
    ).toBeVisible();
    expect(screen.queryByText(/could not be loaded|try again/i)).not.toBeInTheDocument();
  });

  it('a 429 says to wait as long as the API asked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => {
      const response = problem(429, 'urn:pca:problems:rate-limited', 'Too Many Requests');
      response.headers.set('Retry-After', '20');
      return response;
    });
    renderApp('/publish-selector');
    expect(await screen.findByText('Too many requests')).toBeVisible();
    expect(screen.getByText(/Wait 20 seconds, then try again\./)).toBeVisible();
  });

  it('a network failure, after the retries, says to try again later and offers Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/publish-selector');
    expect(
      await screen.findByText('We could not load publishing for your businesses'),
    ).toBeVisible();
    expect(screen.getByText(/try again later/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
