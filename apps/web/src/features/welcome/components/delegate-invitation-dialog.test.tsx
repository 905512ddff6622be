import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { delegateConsentList, type DelegateInvitation } from '@pca/contracts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type FakeHandler } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';
import { DelegateInvitationDialog } from './delegate-invitation-dialog.tsx';

// The delegate invitation of a user whose profile is complete (docs/decisions/092-invitation-for-a-complete-profile.md).

vi.mock('#lib/browser-navigation.ts', () => ({ leaveTo: vi.fn() }));

const invitationId = '7c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const base = `/api/registration/delegate-invitations/${invitationId}`;
const invitation: DelegateInvitation = {
  id: invitationId,
  invitedEmail: 'george.p@harbourmedical.example.com.au',
  inviter: {
    practitionerId: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
    givenName: 'Alice',
    familyName: 'Nguyen',
    preferredName: null,
  },
  consents: [...delegateConsentList],
};
const consentLabel = 'I agree to act as a delegate for Alice Nguyen';
/** Slow machines under a full test run take seconds to settle a submit. */
const wait = { timeout: 10_000 };

function setUp(routes: Record<string, FakeHandler> = {}) {
  setSessionToken('tok');
  const requests = installFakeServer({
    [`GET ${base}`]: () => json(invitation),
    [`POST ${base}/accept-as-registered-user`]: () =>
      json({ id: invitationId, status: 'Accepted' }),
    [`POST ${base}/decline`]: () => json({ id: invitationId, status: 'Rejected' }),
    ...routes,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onAnswered = vi.fn();
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <button type="button">Opener</button>
      <DelegateInvitationDialog
        invitationId={invitationId}
        onAnswered={onAnswered}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { requests, onAnswered, onClose, user: userEvent.setup() };
}

const posts = (requests: ReturnType<typeof installFakeServer>) =>
  requests.filter((r) => r.method === 'POST');

describe('DelegateInvitationDialog', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows who invited the user and the consent list, asks for the delegation consent only, and takes focus', async () => {
    setUp();
    const dialog = await screen.findByRole('dialog', { name: 'Delegate invitation' });
    expect(dialog).toHaveStyle({ maxWidth: '900px' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    const body = within(dialog);
    expect(
      await body.findByText('has invited you to be their delegate.', { exact: false }),
    ).toHaveTextContent('Alice Nguyen has invited you to be their delegate.');
    expect(body.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      ...delegateConsentList,
    ]);
    // The profile has its email and phone, and its terms of use and privacy notice were accepted.
    expect(body.getAllByRole('checkbox')).toHaveLength(1);
    expect(body.getByRole('checkbox', { name: consentLabel })).not.toBeChecked();
    expect(body.queryByLabelText(/^Email/)).toBeNull();
    expect(body.queryByLabelText(/^Phone/)).toBeNull();
    expect(body.queryByLabelText('I accept the terms of use')).toBeNull();
    expect(body.queryByLabelText('I have read and accept the privacy notice')).toBeNull();
  });

  it('accepts only once the consent is ticked, with the consent alone', async () => {
    const { requests, onAnswered, onClose, user } = setUp();
    const dialog = within(await screen.findByRole('dialog', { name: 'Delegate invitation' }));
    await dialog.findByRole('checkbox', { name: consentLabel });
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    expect(
      await dialog.findByRole('link', { name: 'You must accept to act as a delegate' }),
    ).toBeVisible();
    expect(posts(requests)).toHaveLength(0);
    await user.click(dialog.getByRole('checkbox', { name: consentLabel }));
    await user.click(dialog.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledTimes(1), wait);
    expect(posts(requests).map((r) => [r.path, r.body])).toEqual([
      [`${base}/accept-as-registered-user`, { acceptDelegation: true }],
    ]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('declines without the consent', async () => {
    const { requests, onAnswered, user } = setUp();
    const dialog = within(await screen.findByRole('dialog', { name: 'Delegate invitation' }));
    await user.click(await dialog.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(onAnswered).toHaveBeenCalledTimes(1), wait);
    expect(posts(requests).map((r) => r.path)).toEqual([`${base}/decline`]);
  });

  it('closes without answering: Cancel, its close button or Escape', async () => {
    const { requests, onClose, user } = setUp();
    const dialog = within(await screen.findByRole('dialog', { name: 'Delegate invitation' }));
    await user.click(await dialog.findByRole('button', { name: 'Cancel' }));
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(3);
    expect(posts(requests)).toHaveLength(0);
  });

  it('says when the invitation is no longer available', async () => {
    const { onAnswered, user } = setUp({
      [`GET ${base}`]: () => new Response('{}', { status: 409 }),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Delegate invitation' }));
    expect(await dialog.findByText('This invitation is no longer available')).toBeVisible();
    await user.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onAnswered).toHaveBeenCalledTimes(1);
  });
});

describe(
  'the welcome page of a complete profile with a pending invitation',
  { timeout: 60_000 },
  () => {
    afterEach(() => vi.unstubAllGlobals());

    function serveWelcome(accepted: { value: boolean }) {
      setSessionToken('tok');
      return installFakeServer({
        'GET /api/me': () =>
          json(
            testUser({
              givenName: 'George',
              isPractitioner: false,
              practitionerId: null,
              isApprovedPractitionerDelegate: accepted.value,
              delegateInvitationId: accepted.value ? null : invitationId,
            }),
          ),
        'GET /api/me/organisations': () => json({ organisations: [] }),
        'GET /api/welcome/sign-up-banner': () => json({ organisation: null }),
        'GET /api/welcome/site-organisations': () => json({ organisations: [] }),
        [`GET ${base}`]: () => json(invitation),
        [`POST ${base}/accept-as-registered-user`]: () => {
          accepted.value = true;
          return json({ id: invitationId, status: 'Accepted' });
        },
        'POST /api/auth/logout': () => json({ endSessionUrl: null }),
      });
    }

    it('closing it without an answer only closes it: no sign-out, the dashboard stays', async () => {
      vi.mocked(leaveTo).mockClear();
      const requests = serveWelcome({ value: false });
      renderApp('/welcome');
      const dialog = await screen.findByRole('dialog', { name: 'Delegate invitation' });
      await within(dialog).findByText('has invited you to be their delegate.', { exact: false });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('heading', { level: 1, name: 'Welcome George' })).toBeVisible();
      expect(leaveTo).not.toHaveBeenCalled();
      expect(requests.some((r) => r.path === '/api/auth/logout')).toBe(false);
    });

    it('accepting answers the invitation and the dialog does not come back', async () => {
      const accepted = { value: false };
      const requests = serveWelcome(accepted);
      renderApp('/welcome');
      const dialog = within(await screen.findByRole('dialog', { name: 'Delegate invitation' }));
      await userEvent.click(await dialog.findByRole('checkbox', { name: consentLabel }));
      await userEvent.click(dialog.getByRole('button', { name: 'Accept' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), wait);
      expect(accepted.value).toBe(true);
      expect(requests.filter((r) => r.path === '/api/me').length).toBeGreaterThan(1);
    });
  },
);
