import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiPaths, meApiPaths, shellApiPaths } from '@pca/contracts/paths.ts';
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

  const signedInServer = (endSessionUrl: string | null, user = testUser()) =>
    installFakeServer({
      [`GET ${apiPaths.me}`]: () => json(user),
      [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
      [`GET ${shellApiPaths.unreadNotificationCount}`]: () => json({ count: 3 }),
      [`POST ${apiPaths.logout}`]: () => json({ endSessionUrl }),
    });

  async function confirmLogout() {
    await userEvent.click(
      await screen.findByRole('button', { name: /Jane Citizen/ }, { timeout: 30_000 }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure you want to log out?' });
    expect(
      within(dialog).getByText(
        'You are about to log out of Provider Connect Australia. You will also be logged out of Provider Digital Access (PRODA).',
      ),
    ).toBeInTheDocument();
    return dialog;
  }

  it('signed in: links to /welcome, Logout asks first, Cancel closes, Confirm ends both sessions', async () => {
    const requests = signedInServer('https://idp.example/logout?x=1');
    setSessionToken('tok');
    renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Jane' });
    const header = screen.getByRole('banner');
    expect(
      within(header).getByRole('link', { name: /Provider Connect Australia/ }),
    ).toHaveAttribute('href', '/welcome');

    let dialog = await confirmLogout();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === apiPaths.logout)).toBe(false);

    dialog = await confirmLogout();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://idp.example/logout?x=1'));
    expect(getSessionToken()).toBeNull();
    expect(requests.find((r) => r.path === apiPaths.logout)?.headers.get('Authorization')).toBe(
      'Bearer tok',
    );
  });

  it('logs out to / when there is no end-session URL', async () => {
    signedInServer(null);
    setSessionToken('tok');
    renderApp('/welcome');
    await screen.findByRole('heading', { level: 1, name: 'Welcome Jane' });
    const dialog = await confirmLogout();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/'));
  });

  it('shows the bell with the unread count and breadcrumbs from the route table', async () => {
    signedInServer(
      null,
      testUser({
        roles: [{ type: 'Viewer', organisationId: null, healthcareServiceId: null }],
      }),
    );
    setSessionToken('tok');
    renderApp('/credential-document/add');
    await screen.findByRole('heading', { level: 1, name: 'Add credential document' });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/welcome');
    expect(within(crumbs).getByRole('link', { name: 'Credential documents' })).toHaveAttribute(
      'href',
      '/credential-documents',
    );
    expect(within(crumbs).getByText('Add credential document')).toBeInTheDocument();
    const bell = await screen.findByRole(
      'link',
      { name: /Notifications.*3 unread/ },
      { timeout: 30_000 },
    );
    expect(bell).toHaveAttribute('href', '/tasks-notifications');
  });

  it('privacy redirects home and opens the 1200 px privacy dialog; footer links open the others', async () => {
    const { router } = renderApp('/privacy');
    const dialog = await screen.findByRole('dialog', { name: 'Privacy' });
    expect(dialog).toHaveStyle({ maxWidth: '1200px' });
    expect(within(dialog).getByText('Privacy collection notice')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const footer = screen.getByRole('contentinfo');
    for (const [name, width] of [
      ['Need Help', '1025px'],
      ['Accessibility', '1000px'],
      ['IP Notices', '1200px'],
    ] as const) {
      await userEvent.click(within(footer).getByRole('button', { name }));
      const opened = await screen.findByRole('dialog', { name });
      expect(opened).toHaveStyle({ maxWidth: width });
      await userEvent.click(within(opened).getByRole('button', { name: 'Close' }));
    }
    expect(within(screen.getByRole('contentinfo')).queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('skip link moves focus to the first level-one heading', async () => {
    renderApp('/inactive-user');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Your account is inactive',
    });
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    await waitFor(() => expect(skip).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(heading).toHaveFocus());
  });
});
