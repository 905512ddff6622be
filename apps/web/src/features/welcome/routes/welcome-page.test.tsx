import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, OrganisationNode, SignUpBanner } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { welcomeApiPaths } from '@pca/contracts/welcome-paths.ts';
import { clearEarlyRequests, startEarlyRequests } from '#lib/early-requests.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { getSessionToken, setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type FakeHandler } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';
import { harbourId, participatingOrganisation } from '../../../test/demo-world.ts';

vi.mock('#lib/browser-navigation.ts', () => ({ leaveTo: vi.fn() }));

const orgId = harbourId;
const org = participatingOrganisation;

function serve(
  user: CurrentUser | FakeHandler,
  {
    organisations = [] as OrganisationNode[],
    banner = null as SignUpBanner['organisation'],
    extra = {} as Record<string, FakeHandler>,
  } = {},
) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': typeof user === 'function' ? user : () => json(user),
    'GET /api/me/organisations': () => json({ organisations }),
    'GET /api/welcome/sign-up-banner': () => json({ organisation: banner }),
    'GET /api/welcome/site-organisations': () =>
      json({
        organisations: organisations.map((o) => ({
          id: o.id,
          name: o.name,
          businessName: o.businessName,
          type: o.type,
        })),
      }),
    ...extra,
  });
}

const headings = (level: number) =>
  screen.getAllByRole('heading', { level }).map((h) => h.textContent);

describe('WelcomePage', () => {
  afterEach(() => {
    clearEarlyRequests();
    vi.unstubAllGlobals();
  });

  it('reads the answers the entry asked for early (main.tsx) and asks for none of them again', async () => {
    const requests = serve(testUser({ givenName: 'Ada' }), {
      banner: {
        id: orgId,
        name: 'Harbour Medical Group Pty Ltd',
        businessName: 'Harbour Medical Group',
        publisherApprovalStatus: 'PendingApproval',
        dateCreated: '2026-11-18T00:00:00.000Z',
      },
    });
    const early = [
      apiPaths.me,
      meApiPaths.organisations,
      welcomeApiPaths.signUpBanner,
      welcomeApiPaths.siteOrganisations,
    ];
    startEarlyRequests(early, 'tok');
    renderApp('/welcome');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Ada' }),
    ).toBeInTheDocument();
    // The banner's answer is on the page, so every query has read its early answer.
    expect(
      screen.getByText(
        'Approval pending: You will be notified of the outcome. This is estimated to take 24 to 48 hours to complete.',
      ),
    ).toBeInTheDocument();
    expect(requests.slice(0, early.length).map((r) => r.path)).toEqual(early);
    for (const path of early)
      expect(requests.filter((r) => r.method === 'GET' && r.path === path)).toHaveLength(1);
  });

  it('greets the user by given name, with the dashboard line and title', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    serve(async () => {
      await gate;
      return json(testUser({ givenName: 'Ada' }));
    });
    renderApp('/welcome');
    expect(await screen.findByText('Loading welcome page..')).toBeInTheDocument();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Ada' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'This dashboard gives you one place to manage and share your provider information.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Welcome back - Provider Connect Australia'));
  });

  it("greets the managed practitioner's given name and shows only practitioner actions", async () => {
    serve(
      testUser({
        givenName: 'Dee',
        isPractitioner: false,
        isApprovedPractitionerDelegate: true,
        managingPractitioner: {
          id: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
          givenName: 'Priya',
          familyName: 'Shah',
          userPhotoData: null,
        },
      }),
    );
    renderApp('/welcome');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Priya' }),
    ).toBeInTheDocument();
    expect(headings(2)).toEqual(['Practitioner actions']);
    expect(screen.getByRole('link', { name: 'Personal details' })).toHaveAttribute(
      'href',
      '/practitioner-profile/3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b?tab=Personal+contact+details',
    );
  });

  it('offers a service manager who manages a practitioner no manager actions: the server answers no businesses then', async () => {
    // Ben's case (docs/decisions/055-hpii-lookup-and-managing-powers.md): his own HealthcareServiceManager
    // role stays on /api/me, but a managing session reaches no organisation, so the list is empty.
    serve(
      testUser({
        givenName: 'Ben',
        isPractitioner: false,
        isApprovedPractitionerDelegate: true,
        roles: [
          {
            type: 'HealthcareServiceManager',
            organisationId: null,
            healthcareServiceId: '4c8a3b01-3d2e-4f60-9bac-1d2e3f4a5b6c',
          },
        ],
        managingPractitioner: {
          id: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
          givenName: 'Alice',
          familyName: 'Nguyen',
          userPhotoData: null,
        },
      }),
    );
    renderApp('/welcome');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Alice' }),
    ).toBeInTheDocument();
    expect(headings(2)).toEqual(['Practitioner actions']);
    expect(screen.queryByRole('link', { name: 'Businesses' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Practitioners' })).toBeNull();
  });

  it('shows an organisation manager and practitioner every group their capabilities allow', async () => {
    serve(
      testUser({
        roles: [{ type: 'OrganisationManager', organisationId: orgId, healthcareServiceId: null }],
        isApprovedPractitionerDelegate: false,
      }),
      { organisations: [org()] },
    );
    renderApp('/welcome');
    const manager = await screen.findByRole('region', { name: 'Manager actions' });
    expect(
      within(manager)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Manage businesses',
      'Import services',
      'Setup a site',
      'Publishing settings',
      'Practitioners',
      'Register a business',
      'Key contacts',
    ]);
    expect(within(manager).getByRole('link', { name: 'Publishing settings' })).toHaveAttribute(
      'href',
      '/publish-selector',
    );
    expect(headings(2)).toEqual(['Manager actions', 'Practitioner actions']);
  });

  it('shows the PendingSubmission banner with Complete, and Close hides it', async () => {
    serve(testUser({ isPractitioner: false, practitionerId: null }), {
      banner: {
        id: orgId,
        name: 'Coastal Physio Collective',
        businessName: 'Coastal Physio Collective',
        publisherApprovalStatus: 'PendingSubmission',
        dateCreated: '2026-11-18T00:00:00.000Z',
      },
    });
    renderApp('/welcome');
    expect(
      await screen.findByText(
        'Action required: Please finish your registration for Coastal Physio Collective',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete' })).toHaveAttribute(
      'href',
      `/organisation/participating/add-edit-v2/${orgId}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Action required')).not.toBeInTheDocument();
  });

  it('says "You have registered" only with msg=success for an approved business', async () => {
    serve(testUser(), {
      banner: {
        id: orgId,
        name: 'Harbour Medical Group Pty Ltd',
        businessName: 'Harbour Medical Group',
        publisherApprovalStatus: 'Approved',
        dateCreated: '2024-03-04T00:00:00.000Z',
      },
    });
    renderApp('/welcome?msg=success');
    expect(
      await screen.findByText('You have registered Harbour Medical Group'),
    ).toBeInTheDocument();
  });

  it('opens the register-user dialog for an incomplete profile and validates it', async () => {
    let complete = false;
    const requests = serve(
      () => json(testUser({ isProfileComplete: complete, isPractitioner: false, email: null })),
      {
        extra: {
          'POST /api/registration/register-user': () => {
            complete = true;
            return new Response(null, { status: 204 });
          },
        },
      },
    );
    renderApp('/welcome');
    const dialog = await screen.findByRole('dialog', { name: 'Register your account' });
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    expect(await within(dialog).findByText('There is a problem')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Please enter your email').length).toBeGreaterThan(0);
    await userEvent.type(within(dialog).getByLabelText('Email'), 'jane@example.com.au');
    await userEvent.type(within(dialog).getByLabelText(/^Phone/), '0298761234');
    await userEvent.click(within(dialog).getByLabelText('I accept the terms of use'));
    await userEvent.click(
      within(dialog).getByLabelText('I have read and accept the privacy notice'),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and continue' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      email: 'jane@example.com.au',
      phone: '0298761234',
      acceptTermsOfUse: true,
      acceptPrivacyNotice: true,
    });
  });

  it('opens accept-participation for a practitioner without a participation status', async () => {
    serve(testUser({ participationApprovalStatus: null }));
    renderApp('/welcome');
    const dialog = within(await screen.findByRole('dialog', { name: 'Terms and Conditions' }));
    // Not just answered another dialog: both ticks, each with its document.
    expect(dialog.getByLabelText('I accept the participation agreement')).toBeInTheDocument();
    expect(dialog.getByLabelText('I have read and accept the privacy notice')).toBeInTheDocument();
    expect(
      dialog.getByRole('link', { name: 'Read the participation agreement (opens in a new tab)' }),
    ).toHaveAttribute('href', '/?showDialog=participationAgreement');
    expect(
      dialog.getByRole('link', { name: 'Read the privacy notice (opens in a new tab)' }),
    ).toHaveAttribute('href', '/?showDialog=privacy');
  });

  it('keeps the skeleton until the banner has answered, then shows the page whole', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    serve(testUser({ givenName: 'Ada' }), {
      extra: {
        'GET /api/welcome/sign-up-banner': async () => {
          await gate;
          return json({
            organisation: {
              id: orgId,
              name: 'Harbour Medical Group Pty Ltd',
              businessName: 'Harbour Medical Group',
              publisherApprovalStatus: 'PendingApproval',
            },
          });
        },
      },
    });
    renderApp('/welcome');
    // The user is known but the banner, which sits above the cards, is not: a skeleton of the page's
    // shape holds its place, so the cards are not pushed down when the banner arrives.
    const skeleton = await screen.findByTestId('welcome-skeleton');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Loading welcome page..');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    // The dashboard line needs no answer: it is there already, where it stays (the page's largest text).
    expect(
      within(skeleton).getByText(
        'This dashboard gives you one place to manage and share your provider information.',
      ),
    ).toBeInTheDocument();
    release();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Ada' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Approval pending: You will be notified of the outcome. This is estimated to take 24 to 48 hours to complete.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('welcome-skeleton')).not.toBeInTheDocument();
  });

  it('shows an error state with the loading indicator and retries', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    serve(() => {
      calls += 1;
      // The first load and the query client's two retries fail: a server error, worth retrying.
      return calls <= 3 ? new Response('{}', { status: 500 }) : json(testUser());
    });
    renderApp('/welcome');
    expect(await screen.findByText('We could not load the welcome page')).toBeInTheDocument();
    expect(screen.getByText('Loading welcome page..')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Jane' }),
    ).toBeInTheDocument();
  });

  it('says why a guard sent the user here (?reason=)', async () => {
    serve(testUser());
    renderApp('/welcome?reason=admin');
    expect(await screen.findByText('You do not have access to the admin area.')).toBeVisible();
    expect(
      screen.getByText('Only Provider Connect Australia operators can open it.'),
    ).toBeVisible();
  });

  it('a non-operator sent from /admin lands on /welcome with the reason shown', async () => {
    serve(testUser());
    const { router } = renderApp('/admin');
    expect(await screen.findByText('You do not have access to the admin area.')).toBeVisible();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(router.state.location.search).toBe('?reason=admin');
  });

  it('asks for the parent business when there are several; Next waits for a choice', async () => {
    const second = org({
      id: '6b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e',
      name: 'Bayside Clinics Pty Ltd',
      businessName: 'Bayside Clinics',
    });
    const helperPath = `GET /api/welcome/site-organisations/${second.id}/setup-helper`;
    serve(
      testUser({
        roles: [{ type: 'OrganisationManager', organisationId: orgId, healthcareServiceId: null }],
      }),
      {
        organisations: [org(), second],
        extra: {
          [helperPath]: () =>
            json({
              organisation: {
                id: second.id,
                name: second.name,
                businessName: second.businessName,
                type: 'ParticipatingOrganisation',
              },
              steps: [
                { key: 'location', state: 'complete', count: 1 },
                { key: 'healthcareService', state: 'default', count: 0 },
                { key: 'practitioners', state: 'inactive', count: 0 },
                { key: 'publishing', state: 'inactive', count: 0 },
              ],
            }),
        },
      },
    );
    renderApp('/welcome');
    await userEvent.click(await screen.findByRole('button', { name: 'Set up a site' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Which parent business do you want to set up a site for?',
    });
    expect(dialog).toHaveStyle({ maxWidth: '700px' });
    expect(within(dialog).getByText('(required)')).toBeInTheDocument();
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await userEvent.click(within(dialog).getByLabelText('Bayside Clinics'));
    expect(next).toBeEnabled();
    await userEvent.click(next);
    const helper = await screen.findByRole('dialog', { name: 'Set up a site' });
    expect(helper).toHaveStyle({ maxWidth: '600px' });
    const steps = await within(helper).findAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('[data-state]')?.getAttribute('data-state'))).toEqual([
      'complete',
      'default',
      'inactive',
      'inactive',
    ]);
    expect(within(helper).getByRole('link', { name: /Add a location/ })).toHaveAttribute(
      'href',
      `/organisation/participating/${second.id}?tab=Locations&from=Home`,
    );
  });

  it('opens the delegate setup for an invitation in the query and records a decline', async () => {
    const invitationId = '7c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    let declined = false;
    const requests = serve(
      () =>
        json(
          testUser({
            isProfileComplete: false,
            isPractitioner: false,
            practitionerId: null,
            delegateInvitationId: null,
          }),
        ),
      {
        extra: {
          [`GET /api/registration/delegate-invitations/${invitationId}`]: () =>
            declined
              ? new Response('{}', { status: 409 })
              : json({
                  id: invitationId,
                  invitedEmail: 'dana.wu@example.com',
                  inviter: {
                    practitionerId: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
                    givenName: 'Alice',
                    familyName: 'Nguyen',
                    preferredName: 'Dr Alice Nguyen',
                  },
                  consents: ['Manage tasks sent by organisations'],
                }),
          [`POST /api/registration/delegate-invitations/${invitationId}/decline`]: () => {
            declined = true;
            return json({ id: invitationId, status: 'Rejected' });
          },
        },
      },
    );
    const { router } = renderApp(`/welcome?delegateInvitationId=${invitationId}`);
    const dialog = await screen.findByRole('dialog', { name: 'Set up your delegate account' });
    expect(dialog).toHaveStyle({ maxWidth: '900px' });
    expect(
      await within(dialog).findByText('has invited you to be their delegate.', { exact: false }),
    ).toHaveTextContent('Dr Alice Nguyen has invited you to be their delegate.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    // Declined: the query is dropped and, the profile still being incomplete, registration follows.
    expect(
      await screen.findByRole('dialog', { name: 'Register your account' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/decline'))).toBe(true);
  });
  /** The link to a ticked document, as the consent forms show it (issue 30). */
  const documentLink = (within_: ReturnType<typeof within>, name: string, showDialog: string) => {
    const link = within_.getByRole('link', { name: `Read the ${name} (opens in a new tab)` });
    expect(link).toHaveAttribute('href', `/?showDialog=${showDialog}`);
    expect(link).toHaveAttribute('target', '_blank');
    return link;
  };

  it('links the terms of use and the privacy notice where they are ticked; Cancel ends the session and asks for a fresh sign-in', async () => {
    vi.mocked(leaveTo).mockClear();
    const requests = serve(testUser({ isProfileComplete: false, isPractitioner: false }), {
      extra: { 'POST /api/auth/logout': () => json({ endSessionUrl: null }) },
    });
    renderApp('/welcome');
    const dialog = within(await screen.findByRole('dialog', { name: 'Register your account' }));
    documentLink(dialog, 'terms of use', 'termsOfUse');
    documentLink(dialog, 'privacy notice', 'privacy');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    // Not straight back through the provider's live session onto this dialog: signed out, then asked again.
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/api/auth/login?prompt=login'));
    expect(requests.some((r) => r.method === 'POST' && r.path === '/api/auth/logout')).toBe(true);
    expect(getSessionToken()).toBeNull();
  });

  it('does not ask a new delegate for the privacy notice twice in a row; links the participation agreement', async () => {
    const invitationId = '7c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    let accepted = false;
    const requests = serve(
      () =>
        json(
          testUser({
            isProfileComplete: accepted,
            isPractitioner: false,
            practitionerId: null,
            isApprovedPractitionerDelegate: accepted,
            participationApprovalStatus: null,
            delegateInvitationId: accepted ? null : invitationId,
          }),
        ),
      {
        extra: {
          [`GET /api/registration/delegate-invitations/${invitationId}`]: () =>
            json({
              id: invitationId,
              invitedEmail: 'dana.wu@example.com',
              inviter: {
                practitionerId: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
                givenName: 'Alice',
                familyName: 'Nguyen',
                preferredName: null,
              },
              consents: ['Manage tasks sent by organisations'],
            }),
          [`POST /api/registration/delegate-invitations/${invitationId}/accept`]: () => {
            accepted = true;
            return json({ id: invitationId, status: 'Accepted' });
          },
          'POST /api/registration/accept-participation': () => new Response(null, { status: 204 }),
        },
      },
    );
    renderApp('/welcome');
    const setup = within(
      await screen.findByRole('dialog', { name: 'Set up your delegate account' }),
    );
    await setup.findByText('has invited you to be their delegate.', { exact: false });
    documentLink(setup, 'terms of use', 'termsOfUse');
    documentLink(setup, 'privacy notice', 'privacy');
    await userEvent.type(setup.getByLabelText(/^Phone/), '0298761234');
    await userEvent.click(setup.getByLabelText('I agree to act as a delegate for Alice Nguyen'));
    await userEvent.click(setup.getByLabelText('I accept the terms of use'));
    await userEvent.click(setup.getByLabelText('I have read and accept the privacy notice'));
    await userEvent.click(setup.getByRole('button', { name: 'Accept' }));

    const terms = within(await screen.findByRole('dialog', { name: 'Terms and Conditions' }));
    documentLink(terms, 'participation agreement', 'participationAgreement');
    expect(terms.queryByLabelText('I have read and accept the privacy notice')).toBeNull();
    expect(terms.getByText(/You accepted the privacy notice a moment ago/)).toBeVisible();
    await userEvent.click(terms.getByLabelText('I accept the participation agreement'));
    await userEvent.click(terms.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.path === '/api/registration/accept-participation')?.body,
      ).toEqual({
        acceptParticipationAgreement: true,
      }),
    );
  });
});
