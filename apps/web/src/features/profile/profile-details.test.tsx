import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { profileApiPath, type PractitionerProfile, type Profile } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

/**
 * What the profile pages show and the rules of their fields, as Alice (data/world.json) has them: checked
 * in the browser journey (e2e/tests/profile.spec.ts) until issue 31, which keeps the path there, the mailed
 * link, the keyboard and axe (docs/decisions/052-ci-budget.md).
 */

const alice = testUser({
  id: '6f1c1f0e-8a43-4b7e-9d0b-0a4f1c3e2b11',
  givenName: 'Alice',
  familyName: 'Nguyen',
  authIdentifier: '2000000011',
  phone: '0291234567',
  hpii: '8003615260181594',
});

const aliceProfile: Profile = {
  id: alice.id,
  givenName: 'Alice',
  familyName: 'Nguyen',
  authIdentifier: '2000000011',
  email: 'alice.nguyen@harbourmedical.example.com.au',
  emailConfirmed: true,
  phone: '0291234567',
  hpii: '8003615260181594',
  photoData: null,
  participationApprovalStatus: 'Accepted',
  practitionerId: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  practitionerPreferredName: { text: 'Dr Alice Nguyen' },
  ahpraPractitionerDetails: [
    { professionNumber: 'MED0001234567', profession: 'Medical Practitioner' },
  ],
  personalEmail: null,
  personalPhone: null,
  recordedSexOrGender: null,
  isOwnProfile: true,
  emailVerificationResendLockedUntil: null,
};

function serveAlice(routes: Record<string, FakeHandler> = {}) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(alice),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    [`GET ${profileApiPath('profile', alice.id)}`]: () => json(aliceProfile),
    ...routes,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Alice’s profile', () => {
  it('shows who she is, read-only: both tabs, her names, RA number, a valid HPI-I and her registrations', async () => {
    serveAlice();
    renderApp(`/profile/${alice.id}`);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Basic information',
      'Personal contact details',
    ]);
    expect(screen.getByRole('tab', { name: 'Basic information' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByText('Dr Alice Nguyen')).toBeVisible();
    expect(screen.getAllByText('Alice Nguyen', { exact: true }).length).toBeGreaterThan(0);
    expect(
      screen.getByText('Your preferred name may be changed in the government services portal.'),
    ).toBeVisible();
    expect(screen.getByText('2000000011', { exact: true })).toBeVisible();
    expect(screen.getByText('8003615260181594')).toBeVisible();
    expect(screen.getByRole('img', { name: 'HPI-I is valid' })).toBeInTheDocument();
    const registrations = screen.getByRole('table', { name: 'Professional registrations' });
    expect(registrations).toHaveTextContent('MED0001234567');
    expect(registrations).toHaveTextContent('Medical Practitioner');
    expect(screen.getByText('Verified', { exact: true })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Resend validation email' })).toBeNull();
  });

  it('holds email and phone to 100 characters and explains each invalid value; Save waits for valid ones', async () => {
    serveAlice();
    renderApp(`/profile/${alice.id}`);
    const email = await screen.findByLabelText('Email');
    const phone = screen.getByLabelText('Phone');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(email).toHaveAttribute('maxlength', '100');
    expect(phone).toHaveAttribute('maxlength', '100');
    await userEvent.clear(email);
    await userEvent.type(email, 'alice.nguyen@harbourmedical');
    expect(await screen.findByText('Must be valid email')).toBeVisible();
    expect(screen.getByText('Not verified', { exact: true })).toBeVisible();
    await waitFor(() => expect(save).toBeDisabled());
    await userEvent.clear(email);
    await userEvent.type(email, 'alice.nguyen@harbourmedical.example.com.au');
    expect(await screen.findByText('Verified', { exact: true })).toBeVisible();
    await userEvent.clear(phone);
    await userEvent.type(phone, '12');
    expect(
      await screen.findByText('Please enter a 6 or 10 digit number starting with 0 or 1'),
    ).toBeVisible();
    await waitFor(() => expect(save).toBeDisabled());
    await userEvent.clear(phone);
    expect(await screen.findByText('Please enter your phone number')).toBeVisible();
    await userEvent.type(phone, '0291230000');
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('the privacy policy opens in the shell’s 1200 px dialog', async () => {
    serveAlice();
    renderApp(`/profile/${alice.id}`);
    await userEvent.click(await screen.findByRole('link', { name: 'Privacy policy' }));
    expect(await screen.findByRole('dialog')).toHaveStyle({ maxWidth: '1200px' });
  });

  it('personal contact details: who sees them, both messages in the summary, and a saved answer', async () => {
    const requests = serveAlice({
      [`PUT ${profileApiPath('personalContactDetails', alice.id)}`]: () =>
        json({
          ...aliceProfile,
          personalEmail: 'alice@home.example.com',
          personalPhone: '0412345678',
        }),
    });
    renderApp(`/profile/${alice.id}?tab=Personal%20contact%20details`);
    const tab = await screen.findByRole('tab', { name: 'Personal contact details' });
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'), { timeout: 30_000 });
    expect(
      await screen.findByText(
        'Your personal contact details are only shared with organisations that you or your delegate choose.',
      ),
    ).toBeVisible();
    const personalEmail = await screen.findByLabelText(/^Personal email/);
    const personalPhone = screen.getByLabelText(/^Personal phone/);
    await userEvent.type(personalEmail, 'alice@home');
    await userEvent.type(personalPhone, '0412');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      const summary = screen
        .getAllByRole('alert')
        .find((a) => a.textContent?.includes('There is a problem'));
      expect(
        within(summary!)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual([
        'Must be valid email',
        'Please enter a 6 or 10 digit number starting with 0 or 1',
      ]);
    });
    // Finished as a person finishes them: typing on (pasted, as one change: jsdom's re-renders while the
    // field shows its error have dropped typed keys).
    await userEvent.click(personalEmail);
    await userEvent.paste('.example.com');
    await userEvent.click(personalPhone);
    await userEvent.paste('345678');
    expect(personalPhone).toHaveValue('0412345678');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated your details')).toBeVisible();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      personalEmail: 'alice@home.example.com',
      personalPhone: '0412345678',
    });
  });

  it('personal contact details saved go to the previousPath the page was given', async () => {
    serveAlice({
      [`PUT ${profileApiPath('personalContactDetails', alice.id)}`]: () =>
        json({ ...aliceProfile, personalPhone: '0412345678' }),
    });
    const { router } = renderApp(
      `/profile/${alice.id}?tab=Personal%20contact%20details&previousPath=${encodeURIComponent('/my-workplaces')}`,
    );
    const tab = await screen.findByRole('tab', { name: 'Personal contact details' });
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'), { timeout: 30_000 });
    await userEvent.click(await screen.findByLabelText(/^Personal phone/));
    await userEvent.paste('0412345678');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-workplaces'));
  });
});

describe('recorded sex or gender (decision 080)', () => {
  it('is optional, says why it is asked, and saves the choice; Prefer not to say sends nothing', async () => {
    const requests = serveAlice({
      [`PUT ${profileApiPath('recordedSexOrGender', alice.id)}`]: (request) =>
        json({
          ...aliceProfile,
          recordedSexOrGender:
            (request.body as { recordedSexOrGender: string }).recordedSexOrGender || null,
        }),
    });
    renderApp(`/profile/${alice.id}?tab=Personal%20contact%20details`);
    const tab = await screen.findByRole('tab', { name: 'Personal contact details' });
    await waitFor(() => expect(tab).toHaveAttribute('aria-selected', 'true'), { timeout: 30_000 });
    const field = await screen.findByLabelText(/^Recorded sex or gender \(optional\)/);
    expect(field).toHaveValue('');
    expect(
      screen.getByText('Partners’ directories may let patients search for a practitioner by it.'),
    ).toBeVisible();
    await userEvent.selectOptions(field, 'Female');
    await userEvent.click(screen.getByRole('button', { name: 'Save recorded sex or gender' }));
    expect(await screen.findByText('Successfully updated your details')).toBeVisible();
    await userEvent.selectOptions(field, 'Prefer not to say');
    await userEvent.click(screen.getByRole('button', { name: 'Save recorded sex or gender' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
        { recordedSexOrGender: 'female' },
        { recordedSexOrGender: '' },
      ]),
    );
  });
});

const farahProfile: PractitionerProfile = {
  id: '8e7d6c5b-4a39-4b2c-9d1e-0f1a2b3c4d5e',
  givenName: 'Farah',
  familyName: 'Haddad',
  preferredName: null,
  authIdentifier: '2000000055',
  email: 'farah.haddad@example.com',
  phone: '0298765432',
  hpii: '8003610830166134',
  registrations: [{ professionNumber: 'PHY0009876543', profession: 'Physiotherapist' }],
  personalEmail: null,
  personalPhone: null,
};

describe('the practitioner profile read view (a delegate managing Farah)', () => {
  it('shows her profile details, identifiers with registrations, and personal contact details', async () => {
    const farah = farahProfile;
    serveAlice({
      [`GET ${profileApiPath('practitionerProfile', farah.id)}`]: () => json(farah),
    });
    renderApp(`/practitioner-profile/${farah.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Practitioner profile' }),
    ).toBeVisible();
    await screen.findByRole('heading', { level: 2, name: 'Profile details' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Profile details', 'Identifiers', 'Personal contact details']),
    );
    const main = screen.getByRole('main');
    expect(within(main).getByText('Farah Haddad', { exact: true })).toBeVisible();
    expect(within(main).getByText('2000000055', { exact: true })).toBeVisible();
    expect(within(main).getByText('8003610830166134')).toBeVisible();
    expect(screen.getByRole('table', { name: 'Professional registrations' })).toHaveTextContent(
      'PHY0009876543',
    );
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });

  it('offers Back to the previousPath it was given, a portal path only', async () => {
    const id = '8e7d6c5b-4a39-4b2c-9d1e-0f1a2b3c4d5e';
    serveAlice({ [`GET ${profileApiPath('practitionerProfile', id)}`]: () => json(farahProfile) });
    const { unmount } = renderApp(
      `/practitioner-profile/${id}?previousPath=${encodeURIComponent('/manage-accounts')}`,
    );
    expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/manage-accounts',
    );
    unmount();
    renderApp(
      `/practitioner-profile/${id}?previousPath=${encodeURIComponent('https://evil.example.com')}`,
    );
    await screen.findByRole('heading', { level: 2, name: 'Profile details' });
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });
});

describe('a verification link', () => {
  it('with its email but without its code says it is incomplete, and calls nothing', async () => {
    const requests = installFakeServer({});
    renderApp('/verify-email?email=someone%40example.com');
    expect(
      await screen.findByText(
        'The verification link is incomplete. Please open the link from your email again.',
      ),
    ).toBeVisible();
    await act(() => Promise.resolve());
    expect(requests.filter((r) => r.path.startsWith('/api/verify-email'))).toHaveLength(0);
  });
});

describe('registering as a practitioner from the profile page (Isla)', () => {
  it('without an HPI-I: no tabs and the button; after registering, both tabs, her HPI-I, and no button', async () => {
    const isla = testUser({
      id: '4c5d6e7f-8091-4a2b-9c3d-4e5f6a7b8c9d',
      givenName: 'Isla',
      familyName: 'Brown',
      isPractitioner: false,
      practitionerId: null,
      phone: '0755556666',
      hpii: null,
    });
    let registered = false;
    const profileOf = (): Profile => ({
      ...aliceProfile,
      id: isla.id,
      givenName: 'Isla',
      familyName: 'Brown',
      authIdentifier: '2000000099',
      email: 'isla@coastalphysio.example.com.au',
      phone: '0755556666',
      hpii: registered ? '8003611860913908' : null,
      practitionerId: registered ? '5d6e7f80-91a2-4b3c-8d4e-5f6a7b8c9d0e' : null,
      practitionerPreferredName: null,
      ahpraPractitionerDetails: [],
    });
    setSessionToken('tok');
    installFakeServer({
      [`GET ${apiPaths.me}`]: () => json({ ...isla, hpii: registered ? '8003611860913908' : null }),
      [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
      [`GET ${profileApiPath('profile', isla.id)}`]: () => json(profileOf()),
      [`POST ${profileApiPath('hpiiCheck', isla.id)}`]: () => json({ hpii: '8003611860913908' }),
      [`POST ${profileApiPath('practitionerRegistration', isla.id)}`]: () => {
        registered = true;
        return json({ hpii: '8003611860913908', practitionerId: profileOf().practitionerId });
      },
    });
    const user = userEvent.setup();
    renderApp(`/profile/${isla.id}`);
    const register = await screen.findByRole('button', { name: 'Register as a practitioner' });
    expect(screen.getByLabelText('Email')).toHaveValue('isla@coastalphysio.example.com.au');
    expect(screen.queryByRole('tab')).toBeNull();

    await user.click(register);
    const identity = await screen.findByRole('dialog', { name: 'Your professional identity' });
    await user.click(within(identity).getByRole('textbox', { name: /HPI-I number/ }));
    await user.paste('8003611860913908');
    await user.click(within(identity).getByRole('button', { name: 'Next' }));
    const terms = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    // The terms step takes focus to its title, as a dialog does when it opens.
    await waitFor(() =>
      expect(within(terms).getByRole('heading', { name: 'Terms and Conditions' })).toHaveFocus(),
    );
    await user.click(within(terms).getByLabelText('I accept the participation agreement'));
    await user.click(within(terms).getByLabelText('I have read and accept the privacy notice'));
    await user.click(within(terms).getByRole('button', { name: 'Agree and continue' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Basic information',
        'Personal contact details',
      ]),
    );
    expect(screen.getByText('8003611860913908')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Register as a practitioner' })).toBeNull();
    // Its button is gone: the banner says what was done, and takes the focus.
    const banner = screen.getByText('You are now registered as a practitioner.');
    await waitFor(() => expect(banner.closest('[tabindex="-1"]')).toHaveFocus());
  });
});
