import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profileApiPath, profileApiPaths, type Profile } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const user = testUser({ phone: '0291234567', hpii: '8003615260181594' });

const profile = (over: Partial<Profile> = {}): Profile => ({
  id: user.id,
  givenName: 'Jane',
  familyName: 'Citizen',
  authIdentifier: '1234567890',
  email: 'jane@example.com',
  emailConfirmed: true,
  phone: '0291234567',
  hpii: '8003615260181594',
  photoData: null,
  participationApprovalStatus: 'Accepted',
  practitionerId: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  practitionerPreferredName: null,
  ahpraPractitionerDetails: [],
  personalEmail: null,
  personalPhone: null,
  recordedSexOrGender: null,
  isOwnProfile: true,
  emailVerificationResendLockedUntil: null,
  ...over,
});

function serve(routes: Record<string, FakeHandler>) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    ...routes,
  });
}

describe('the profile page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('without an HPI-I shows basic information only, and offers registering when email and phone exist', async () => {
    serve({
      [`GET ${profileApiPath('profile', user.id)}`]: () =>
        json(profile({ hpii: null, practitionerId: null })),
    });
    renderApp(`/profile/${user.id}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeVisible();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('HPI-I number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Register as a practitioner' })).toBeVisible();
  });

  it('does not offer registering without a phone', async () => {
    serve({
      [`GET ${profileApiPath('profile', user.id)}`]: () =>
        json(profile({ hpii: null, practitionerId: null, phone: null })),
    });
    renderApp(`/profile/${user.id}`);
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    expect(screen.queryByRole('button', { name: 'Register as a practitioner' })).toBeNull();
    // Cancel only when both email and phone are already kept.
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('selects the tab named by ?tab= about 250 ms after the tabs appear', async () => {
    serve({ [`GET ${profileApiPath('profile', user.id)}`]: () => json(profile()) });
    renderApp(`/profile/${user.id}?tab=personal%20contact%20details`);
    const tab = await screen.findByRole('tab', { name: 'Personal contact details' });
    // The selection comes a moment after the tabs (a busy machine may stretch that moment, so only the
    // outcome is asserted; the journey sees the same with a real clock).
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'), { timeout: 30_000 });
  });

  it('editing the email clears Verified; Save is disabled while a field is invalid', async () => {
    serve({ [`GET ${profileApiPath('profile', user.id)}`]: () => json(profile()) });
    renderApp(`/profile/${user.id}`);
    const email = await screen.findByLabelText('Email');
    expect(screen.getByText('Verified')).toBeVisible();
    await userEvent.type(email, 'x');
    expect(await screen.findByText('Not verified')).toBeVisible();
    await userEvent.clear(email);
    expect(await screen.findByText('Please enter your email')).toBeVisible();
    expect(screen.queryByText('Verified')).toBeNull();
    expect(screen.queryByText('Not verified')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(email, 'jane@example.com');
    expect(await screen.findByText('Verified')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });

  it('saves, shows the banner, and follows only a portal previousPath', async () => {
    const requests = serve({
      [`GET ${profileApiPath('profile', user.id)}`]: () => json(profile()),
      [`PUT ${profileApiPath('basicInformation', user.id)}`]: () =>
        json(profile({ phone: '0299990000' })),
    });
    renderApp(`/profile/${user.id}?previousPath=${encodeURIComponent('https://evil.example.com')}`);
    const phone = await screen.findByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0299990000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated your profile')).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      email: 'jane@example.com',
      phone: '0299990000',
    });
  });

  it('starting Register as a practitioner clears the status banner (another action begins)', async () => {
    serve({
      [`GET ${profileApiPath('profile', user.id)}`]: () =>
        json(profile({ hpii: null, practitionerId: null })),
      [`PUT ${profileApiPath('basicInformation', user.id)}`]: () =>
        json(profile({ hpii: null, practitionerId: null, phone: '0299990000' })),
    });
    renderApp(`/profile/${user.id}`);
    const phone = await screen.findByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '0299990000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated your profile')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Register as a practitioner' }));
    expect(await screen.findByRole('dialog')).toBeVisible();
    expect(screen.queryByText('Successfully updated your profile')).toBeNull();
  });

  it('a resend within the lock shows the warning with Dismiss', async () => {
    serve({
      [`GET ${profileApiPath('profile', user.id)}`]: () => json(profile({ emailConfirmed: false })),
      [`POST ${profileApiPath('emailVerification', user.id)}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/verification-resend-locked',
            title: 'Too many requests',
            status: 429,
            detail: 'Verification email resend time has not expired',
          }),
          { status: 429, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp(`/profile/${user.id}`);
    expect(await screen.findByText('Not verified')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Resend validation email' }));
    const warning = await screen.findByText('Please wait before requesting another verification');
    const alert = warning.closest('section, [role="alert"], div') as HTMLElement;
    expect(alert).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText('Please wait before requesting another verification')).toBeNull(),
    );
  });

  it('keeps Resend disabled until the server’s lock ends', async () => {
    serve({
      [`GET ${profileApiPath('profile', user.id)}`]: () =>
        json(
          profile({
            emailConfirmed: false,
            emailVerificationResendLockedUntil: new Date(Date.now() + 3000).toISOString(),
          }),
        ),
    });
    renderApp(`/profile/${user.id}`);
    const resend = await screen.findByRole('button', { name: 'Resend validation email' });
    expect(resend).toBeDisabled();
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 30_000 });
  });

  it('a delegate sees the practitioner’s account details read-only', async () => {
    serve({
      [`GET ${profileApiPath('profile', user.id)}`]: () => json(profile({ isOwnProfile: false })),
    });
    renderApp(`/profile/${user.id}`);
    expect(
      await screen.findByText(
        'You are viewing the profile of Jane Citizen, whose account you manage.',
      ),
    ).toBeVisible();
    expect(screen.queryByLabelText('Email')).toBeNull();
    expect(screen.queryByRole('button', { name: /Photo/ })).toBeNull();
  });

  it('a load failure is the page’s error state', async () => {
    serve({});
    renderApp(`/profile/${user.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(await screen.findByText(/does not exist|could not/i)).toBeVisible();
  });
});

describe('the verify-email page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('verifies once on arrival and says so', async () => {
    const requests = installFakeServer({
      [`POST ${profileApiPaths.verifyEmail}`]: () =>
        json({ email: 'jane@example.com', emailConfirmed: true }),
    });
    renderApp('/verify-email?email=jane%40example.com&code=abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Verified' })).toBeVisible();
    expect(screen.getByText('Your email has been successfully verified.')).toBeVisible();
    expect(requests.filter((r) => r.path === profileApiPaths.verifyEmail)).toHaveLength(1);
    expect(requests[0]?.body).toEqual({ email: 'jane@example.com', code: 'abc' });
  });

  it('a failed verification shows the specification’s sentence', async () => {
    installFakeServer({
      [`POST ${profileApiPaths.verifyEmail}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/email-verification-failed',
            title: 'Email verification failed',
            status: 400,
          }),
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp('/verify-email?email=jane%40example.com&code=abc');
    expect(
      await screen.findByText(
        'Email verification failed. Please ensure the verification link is correct.',
      ),
    ).toBeVisible();
  });

  it('missing parameters fail without a call', async () => {
    const requests = installFakeServer({});
    renderApp('/verify-email?code=abc');
    expect(
      await screen.findByText(
        'The verification link is incomplete. Please open the link from your email again.',
      ),
    ).toBeVisible();
    await act(() => Promise.resolve());
    expect(requests.filter((r) => r.path.startsWith('/api/verify-email'))).toHaveLength(0);
    expect(within(document.body).queryByText('Verifying email..')).toBeNull();
  });
});
