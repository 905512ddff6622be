import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { installFakeServer } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';

const orgId = '0b5d3c1e-8f8a-4c62-9d35-6a1b2c3d4e5f';
// The first load of a lazy page can take many seconds on a busy machine (a wait ends as soon as it passes).
const lazy = { timeout: 30_000 };

describe('SmartCallbackPage without a code (docs/product/smart-clients.md#launch)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads a cancelled sign-in as cancelled, links to the Clinical systems tab and logs no error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeServer({});
    renderApp(
      `/smart-authorization-code/callback?error=access_denied&error_description=End-User+aborted+interaction&state=po%3A${orgId}r4nd0m`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection cancelled' }, lazy),
    ).toBeVisible();
    expect(screen.getByText(/sign-in to the clinical system was cancelled/)).toBeVisible();
    expect(screen.queryByText(/no authorisation code/)).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Go to the business.s clinical systems$/ }),
    ).toHaveAttribute('href', `/organisation/participating/${orgId}?tab=Clinical+systems`);
    expect(screen.queryByRole('link', { name: 'Go to your dashboard' })).not.toBeInTheDocument();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('gives another OAuth error in the clinical system’s words, back to an HI organisation’s tab', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeServer({});
    renderApp(
      `/smart-authorization-code/callback?error=invalid_scope&error_description=offline_access+is+not+allowed&state=hi%3A${orgId}x`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection failed' }, lazy),
    ).toBeVisible();
    expect(
      screen.getByText(/did not complete the sign-in: offline_access is not allowed/),
    ).toBeVisible();
    expect(
      screen.getByRole('link', { name: /^Go to the business.s clinical systems$/ }),
    ).toHaveAttribute('href', `/organisation/hi/${orgId}?tab=Clinical+systems`);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('names the error when the clinical system gave no description', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeServer({});
    renderApp(`/smart-authorization-code/callback?error=server_error&state=po%3A${orgId}`);
    expect(
      await screen.findByText(/did not complete the sign-in \(server_error\)/, undefined, lazy),
    ).toBeVisible();
  });

  it('goes to the dashboard when the state names no organisation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeServer({});
    renderApp('/smart-authorization-code/callback?error=access_denied&state=po%3Anot-an-id');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection cancelled' }, lazy),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
  });
});
