import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { apiPaths } from '@pca/contracts/paths.ts';
import { loadConfig } from '#lib/config.tsx';
import { installFakeServer, problem } from '../test/fake-server.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { renderApp } from '../test/render-app.tsx';
import { StartupError } from './startup-error.tsx';

/** What main.tsx renders when loadConfig fails with the API's answer. */
async function startWith(response: () => Response) {
  installFakeServer({ [`GET ${apiPaths.config}`]: response });
  const error = await loadConfig().catch((e: unknown) => e);
  render(<StartupError error={error} />);
}

describe('start-up and route errors while the API is down', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('/api/config answering 503 shows the maintenance page, not a broken one', async () => {
    await startWith(() => problem(503, 'urn:pca:problems:unavailable', 'Service Unavailable'));
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Provider Connect Australia is under maintenance',
      }),
    ).toBeVisible();
    expect(
      screen.getByText('The system is currently under maintenance. Please try again later.'),
    ).toBeVisible();
  });

  it('/api/config failing otherwise says the service could not start', async () => {
    await startWith(() => problem(500, 'about:blank', 'Internal Server Error'));
    expect(screen.getByText('The service could not start')).toBeVisible();
    expect(screen.queryByText(/under maintenance/)).not.toBeInTheDocument();
  });

  it('/api/me answering 503 to a route guard shows the maintenance message on the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeServer({
      [`GET ${apiPaths.me}`]: () =>
        problem(503, 'urn:pca:problems:unavailable', 'Service Unavailable'),
    });
    setSessionToken('tok');
    renderApp('/practitioners');
    expect(
      await screen.findByText('The system is currently under maintenance. Please try again later.'),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Under maintenance' })).toBeVisible();
  });
});
