import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, ManagedPractitioner } from '@pca/contracts';
import { delegationTexts } from '@pca/contracts/delegations.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem, type FakeHandler } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

const alice: ManagedPractitioner = {
  id: '1b2c3d4e-5f60-4a71-8b92-a3b4c5d6e7f8',
  givenName: 'Alice',
  familyName: 'Nguyen',
  userPhotoData: null,
};
const farah: ManagedPractitioner = {
  id: '2c3d4e5f-6071-4b82-9ca3-b4c5d6e7f809',
  givenName: 'Farah',
  familyName: 'Haddad',
  userPhotoData: 'data:image/png;base64,iVBORw0KGgo=',
};

/** Ben, a delegate who is not a practitioner himself. */
const ben = (overrides: Partial<CurrentUser> = {}) =>
  testUser({
    givenName: 'Ben',
    familyName: 'Okafor',
    isPractitioner: false,
    practitionerId: null,
    isApprovedPractitionerDelegate: true,
    ...overrides,
  });

function serve(
  user: () => CurrentUser,
  practitioners: FakeHandler,
  extra: Record<string, FakeHandler> = {},
) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(user()),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/managing/practitioners': practitioners,
    ...extra,
  });
}

const list =
  (...practitioners: ManagedPractitioner[]) =>
  () =>
    json({ practitioners });
const cardOf = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

describe('ManageAccountsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the heading, the help listing what a delegate can do, and one card per practitioner', async () => {
    serve(() => ben(), list(farah, alice));
    renderApp('/manage-accounts');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Managed accounts' }),
    ).toBeVisible();
    expect(screen.getByText(/act for a user who has delegated their authority/)).toBeVisible();
    const help = screen.getByText('What can you do as a delegate?').closest('details')!;
    for (const can of delegationTexts.delegateCan) expect(within(help).getByText(can)).toBeTruthy();

    await screen.findByRole('heading', { level: 2, name: 'Farah Haddad' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Farah Haddad',
      'Alice Nguyen',
    ]);
    // A photo when there is one, initials otherwise; the name beside it already says whose.
    expect(cardOf('Farah Haddad').querySelector('img')).toHaveAttribute('src', farah.userPhotoData);
    expect(within(cardOf('Alice Nguyen')).getByText('AN')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manage Alice Nguyen' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Manage Farah Haddad' })).toBeVisible();
    expect(screen.queryByText('Managing')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/welcome');
  });

  it('marks the account managed now with a Managing chip, a thicker outline and its Manage disabled', async () => {
    serve(() => ben({ managingPractitioner: farah }), list(farah, alice));
    renderApp('/manage-accounts');
    await screen.findByRole('heading', { level: 2, name: 'Farah Haddad' });
    const managed = cardOf('Farah Haddad');
    expect(within(managed).getByText('Managing')).toBeVisible();
    expect(managed.querySelector('[data-variant]')).toHaveAttribute('data-variant', 'selected');
    expect(cardOf('Alice Nguyen').querySelector('[data-variant]')).toHaveAttribute(
      'data-variant',
      'outlined',
    );
    // One card per practitioner, each with Manage (docs/product/features.md#delegation).
    expect(screen.getByRole('button', { name: 'Manage Farah Haddad' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Manage Alice Nguyen' })).toBeEnabled();
  });

  it('says so when the user is nobody’s delegate', async () => {
    serve(() => ben({ isApprovedPractitionerDelegate: false }), list());
    renderApp('/manage-accounts');
    expect(await screen.findByText('You have not been assigned as a delegate yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Manage/ })).not.toBeInTheDocument();
  });

  it('keeps the cards’ room while loading, and says what is loading', async () => {
    serve(
      () => ben(),
      () => new Promise<Response>(() => undefined),
    );
    renderApp('/manage-accounts');
    expect(await screen.findByTestId('manage-accounts-loading')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your managed accounts..');
    expect(screen.getByRole('heading', { level: 1, name: 'Managed accounts' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go back' })).toBeVisible();
  });

  it('offers Try again after a failure, and shows the cards once it works', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    serve(
      () => ben(),
      () =>
        fail
          ? problem(500, 'about:blank', 'Internal Server Error')
          : json({ practitioners: [alice] }),
    );
    renderApp('/manage-accounts');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('We could not load your managed accounts')).toBeVisible();
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { level: 2, name: 'Alice Nguyen' })).toBeVisible();
  });

  it('Manage opens a 470 px dialog with the current and the next account; Cancel returns focus to the button', async () => {
    const user = userEvent.setup();
    serve(() => ben(), list(farah, alice));
    renderApp('/manage-accounts');
    const manage = await screen.findByRole('button', { name: 'Manage Farah Haddad' });
    await user.click(manage);
    const dialog = screen.getByRole('dialog', { name: 'Switch accounts' });
    expect(dialog.style.maxWidth).toBe('470px');
    expect(within(dialog).getByText('You are in')).toBeVisible();
    expect(within(dialog).getByText(/Ben Okafor/)).toBeVisible();
    expect(within(dialog).getByText(/your own account/)).toBeVisible();
    expect(within(dialog).getByText('You will manage')).toBeVisible();
    expect(within(dialog).getByText('Farah Haddad')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(manage).toHaveFocus();
  });

  it('names the practitioner managed now as the current account', async () => {
    const user = userEvent.setup();
    serve(() => ben({ managingPractitioner: farah }), list(farah, alice));
    renderApp('/manage-accounts');
    await user.click(await screen.findByRole('button', { name: 'Manage Alice Nguyen' }));
    const dialog = screen.getByRole('dialog', { name: 'Switch accounts' });
    expect(within(dialog).getByText('You are managing')).toBeVisible();
    expect(within(dialog).getByText(/Farah Haddad/)).toBeVisible();
    expect(within(dialog).getByText('Alice Nguyen')).toBeVisible();
    expect(within(dialog).queryByText(/Ben Okafor/)).not.toBeInTheDocument();
  });

  it('confirming starts managing, refetches the user for the header and goes to /welcome', async () => {
    const user = userEvent.setup();
    let managing: ManagedPractitioner | null = null;
    const requests = serve(() => ben({ managingPractitioner: managing }), list(farah, alice), {
      'PUT /api/managing': () => {
        managing = farah;
        return json(farah);
      },
    });
    const { router } = renderApp('/manage-accounts');
    await user.click(await screen.findByRole('button', { name: 'Manage Farah Haddad' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Manage this account' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/welcome'));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ practitionerId: farah.id });
    expect(await screen.findByTestId('managing-indicator')).toHaveTextContent(
      'Managing Farah Haddad',
    );
    expect(requests.filter((r) => r.path === '/api/me').length).toBeGreaterThanOrEqual(2);
  });

  // Moved from the browser journey (e2e/tests/manage-accounts.spec.ts, issue 31): the journey keeps the way
  // there and the keyboard; what the dashboard and header become is the app's state.
  it('My account shows “switching back”, then stops managing: Ben’s own dashboard, no indicator', async () => {
    const user = userEvent.setup();
    let managing: ManagedPractitioner | null = farah;
    const requests = serve(() => ben({ managingPractitioner: managing }), list(farah, alice), {
      'DELETE /api/managing': () => {
        managing = null;
        return new Response(null, { status: 204 });
      },
      'GET /api/welcome/sign-up-banner': () => json({ organisation: null }),
      'GET /api/welcome/site-organisations': () => json({ organisations: [] }),
    });
    const { router } = renderApp('/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Farah' })).toBeVisible();
    expect(screen.getByTestId('managing-indicator')).toHaveTextContent('Managing Farah Haddad');
    await user.click(screen.getByRole('button', { name: 'Ben Okafor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switching back to your account' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'You will be returned to your own account and dashboard in a moment.',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Ben' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('managing-indicator')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/managing')).toBe(true);
  });

  it('a failed switch back says so and keeps the delegate acting, until Try again succeeds', async () => {
    const user = userEvent.setup();
    let managing: ManagedPractitioner | null = farah;
    let attempts = 0;
    serve(() => ben({ managingPractitioner: managing }), list(farah, alice), {
      'DELETE /api/managing': () => {
        attempts += 1;
        if (attempts === 1)
          return new Response(
            JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }),
            {
              status: 500,
              headers: { 'Content-Type': 'application/problem+json' },
            },
          );
        managing = null;
        return new Response(null, { status: 204 });
      },
      'GET /api/welcome/sign-up-banner': () => json({ organisation: null }),
      'GET /api/welcome/site-organisations': () => json({ organisations: [] }),
    });
    const { router } = renderApp('/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Farah' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ben Okafor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switching back to your account' });
    expect(
      await within(dialog).findByText(
        'We could not switch you back to your own account',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Until then you are still acting for the practitioner.'),
    ).toBeVisible();
    expect(screen.getByTestId('managing-indicator')).toHaveTextContent('Managing Farah Haddad');
    expect(router.state.location.pathname).toBe('/welcome');

    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Ben' }, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByTestId('managing-indicator')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('Close after a failed switch back leaves the delegate where they were, still acting', async () => {
    const user = userEvent.setup();
    serve(() => ben({ managingPractitioner: farah }), list(farah, alice), {
      'DELETE /api/managing': () => Promise.reject(new TypeError('Failed to fetch')),
      'GET /api/welcome/sign-up-banner': () => json({ organisation: null }),
      'GET /api/welcome/site-organisations': () => json({ organisations: [] }),
    });
    renderApp('/welcome');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Farah' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ben Okafor' }));
    await user.click(await screen.findByRole('menuitem', { name: 'My account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switching back to your account' });
    expect(
      await within(dialog).findByText(
        'Check your internet connection, then try again later.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('managing-indicator')).toHaveTextContent('Managing Farah Haddad');
  });
});
