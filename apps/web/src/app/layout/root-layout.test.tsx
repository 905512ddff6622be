import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiPaths } from '@pca/contracts/paths.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { getSessionToken, setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

vi.mock('#lib/browser-navigation.ts', () => ({ leaveTo: vi.fn() }));

describe('RootLayout', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(leaveTo).mockClear();
  });

  it('signed out: product name links to /, Login in the header, version and build date in the footer', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const header = screen.getByRole('banner');
    expect(
      within(header).getByRole('link', { name: /Provider Connect Australia/ }),
    ).toHaveAttribute('href', '/');
    await userEvent.click(within(header).getByRole('button', { name: 'Login' }));
    expect(leaveTo).toHaveBeenCalledWith(apiPaths.login);
    expect(
      within(screen.getByRole('contentinfo')).getByText(/version 1\.2\.3, built 20 November 2026/),
    ).toBeInTheDocument();
  });

  it('signed in: links to /welcome, shows the user and logs out to the end-session page', async () => {
    const requests = installFakeServer({
      [`GET ${apiPaths.me}`]: () => json(testUser()),
      [`POST ${apiPaths.logout}`]: () => json({ endSessionUrl: 'https://idp.example/logout?x=1' }),
    });
    setSessionToken('tok');
    renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Jane' });
    const header = screen.getByRole('banner');
    expect(
      within(header).getByRole('link', { name: /Provider Connect Australia/ }),
    ).toHaveAttribute('href', '/welcome');
    expect(within(header).getByText('Jane Citizen')).toBeInTheDocument();

    await userEvent.click(within(header).getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://idp.example/logout?x=1'));
    expect(getSessionToken()).toBeNull();
    expect(requests.find((r) => r.path === apiPaths.logout)?.headers.get('Authorization')).toBe(
      'Bearer tok',
    );
  });

  it('logs out to / when there is no end-session URL', async () => {
    installFakeServer({
      [`GET ${apiPaths.me}`]: () => json(testUser()),
      [`POST ${apiPaths.logout}`]: () => json({ endSessionUrl: null }),
    });
    setSessionToken('tok');
    renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Jane' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/'));
  });

  it('skip link moves focus to the first level-one heading', async () => {
    renderApp('/inactive-user');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Your account is inactive',
    });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(heading).toHaveFocus();
  });
});
