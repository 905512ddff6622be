import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  CurrentUser,
  OrganisationNode,
  SetupHelperStatus,
  SignUpBanner,
} from '@pca/contracts';
import { installFakeServer, json, type FakeHandler } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';
import {
  aliceManaged,
  demoUsers,
  harbourId,
  harbourOfBen,
  participatingOrganisation,
} from '../../../test/demo-world.ts';
import { setSessionToken } from '#lib/session-token.ts';

/**
 * The dashboard as each person of the demo world (data/world.json) meets it: what their roles show, the
 * banners and the set-up helper of their businesses, and the words and rules of the first-sign-in dialogs.
 * These were checked in the browser journeys (e2e/tests/welcome.spec.ts), where each cost a sign-in; the
 * journeys keep the person's path, the keyboard and axe (issue 31, docs/decisions/052-ci-budget.md).
 */

const organisation = participatingOrganisation;
const aliceUserId = demoUsers.alice().id;
const alicePractitionerId = aliceManaged.id;

type World = {
  organisations?: OrganisationNode[];
  /** The organisations the user may set up a site for (GET /api/welcome/site-organisations). */
  sites?: OrganisationNode[];
  banner?: SignUpBanner['organisation'];
  helper?: SetupHelperStatus['steps'];
  extra?: Record<string, FakeHandler>;
};

/** Answers the dashboard's requests as the API answers this person. */
function serveAs(user: CurrentUser | FakeHandler, world: World = {}) {
  const { organisations = [], sites = [], banner = null, helper, extra = {} } = world;
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': typeof user === 'function' ? user : () => json(user),
    'GET /api/me/organisations': () => json({ organisations }),
    'GET /api/welcome/sign-up-banner': () => json({ organisation: banner }),
    'GET /api/welcome/site-organisations': () =>
      json({
        organisations: sites.map(({ id, name, businessName, type }) => ({
          id,
          name,
          businessName,
          type,
        })),
      }),
    ...Object.fromEntries(
      sites.map((site) => [
        `GET /api/welcome/site-organisations/${site.id}/setup-helper`,
        () =>
          json({
            organisation: {
              id: site.id,
              name: site.name,
              businessName: site.businessName,
              type: site.type,
            },
            steps: helper ?? [],
          }),
      ]),
    ),
    ...extra,
  });
}

/** Each group's heading and, under it, its cards' titles, as the page shows them. */
async function cardGroups() {
  await screen.findByRole('heading', { level: 1, name: /^Welcome / });
  const groups: Record<string, string[]> = {};
  for (const heading of screen.getAllByRole('heading', { level: 2 })) {
    const region = heading.closest('section')!;
    groups[heading.textContent ?? ''] = within(region)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent ?? '');
  }
  return groups;
}

/** The form's error summary, "There is a problem", inside a dialog. */
function problemSummary(dialog: HTMLElement) {
  const summary = within(dialog)
    .getAllByRole('alert')
    .find((a) => a.textContent?.includes('There is a problem'));
  if (!summary) throw new Error('no "There is a problem" summary');
  return summary;
}

const cardLink = (group: string, title: string) =>
  within(screen.getByRole('region', { name: group })).getByRole('link', { name: title });

const alice = demoUsers.alice();

const allDone: SetupHelperStatus['steps'] = [
  { key: 'location', state: 'complete', count: 2 },
  { key: 'healthcareService', state: 'complete', count: 3 },
  { key: 'practitioners', state: 'complete', count: 4 },
  { key: 'publishing', state: 'complete', count: 1 },
];

/** The sign-up banner of a business still to be submitted (docs/product/rules.md#states), word for word. */
const actionRequired =
  'Action required: Please finish your registration for Coastal Physio Collective';

describe('the dashboard of each person of the demo world', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('Alice, an organisation manager and practitioner: every card group, each card to its page', async () => {
    serveAs(alice, { organisations: [organisation()], sites: [organisation()] });
    renderApp('/welcome');
    expect(await cardGroups()).toEqual({
      'Manager actions': [
        'Manage businesses',
        'Import services',
        'Setup a site',
        'Publishing settings',
        'Practitioners',
        'Register a business',
        'Key contacts',
      ],
      // No Delegate card: Alice is nobody's delegate (decision 090); the profile menu leads her there.
      'Practitioner actions': [
        'Personal details',
        'Credential documents',
        'Publishing settings',
        'My workplaces',
      ],
    });
    const targets: Array<[string, string, string]> = [
      ['Manager actions', 'Manage businesses', '/organisation/participating'],
      ['Manager actions', 'Import services', '/nhsd-import'],
      ['Manager actions', 'Publishing settings', '/publish-selector'],
      ['Manager actions', 'Practitioners', '/practitioners'],
      ['Manager actions', 'Register a business', '/organisation/participating/add-edit-v2'],
      ['Manager actions', 'Key contacts', '/key-contacts'],
      [
        'Practitioner actions',
        'Personal details',
        `/profile/${aliceUserId}?tab=Personal+contact+details`,
      ],
      ['Practitioner actions', 'Credential documents', '/credential-documents'],
      ['Practitioner actions', 'Publishing settings', '/practitioner/publish'],
      ['Practitioner actions', 'My workplaces', '/my-workplaces'],
    ];
    for (const [group, title, href] of targets)
      expect(cardLink(group, title), title).toHaveAttribute('href', href);
  });

  it('Alice: an approved business shows no banner; after a registration (msg=success) it says so until closed', async () => {
    const approved: SignUpBanner['organisation'] = {
      id: harbourId,
      name: 'Harbour Medical Group Pty Ltd',
      businessName: 'Harbour Medical Group',
      publisherApprovalStatus: 'Approved',
      dateCreated: '2024-03-04T00:00:00.000Z',
    };
    serveAs(alice, { organisations: [organisation()], banner: approved });
    const { unmount } = renderApp('/welcome');
    await cardGroups();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/You have registered/)).not.toBeInTheDocument();
    unmount();

    renderApp('/welcome?msg=success');
    expect(
      await screen.findByText('You have registered Harbour Medical Group'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Close/ }));
    expect(screen.queryByText('You have registered Harbour Medical Group')).not.toBeInTheDocument();
  });

  it('Alice: with one business the set-up helper opens at once, 600 px, every step complete', async () => {
    serveAs(alice, { organisations: [organisation()], sites: [organisation()], helper: allDone });
    renderApp('/welcome');
    await userEvent.click(await screen.findByRole('button', { name: 'Set up a site' }));
    const helper = await screen.findByRole('dialog', { name: 'Set up a site' });
    expect(helper).toHaveStyle({ maxWidth: '600px' });
    const steps = await within(helper).findByRole('list', {
      name: /Steps to set up a site for Harbour Medical Group/,
    });
    const items = await within(steps).findAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Add a location'),
      expect.stringContaining('Add a healthcare service'),
      expect.stringContaining('Add practitioners'),
      expect.stringContaining('Set up publishing'),
    ]);
    for (const item of items) expect(item).toHaveTextContent('Status: Complete');
    expect(within(helper).getByRole('link', { name: /Add a location/ })).toHaveAttribute(
      'href',
      `/organisation/participating/${harbourId}?tab=Locations&from=Home`,
    );
  });

  it('Ben, a service manager and delegate: manager and delegate cards, no practitioner cards, no site to set up', async () => {
    serveAs(demoUsers.ben(), { organisations: [harbourOfBen()] });
    renderApp('/welcome');
    const groups = await cardGroups();
    expect(groups['Delegate actions']).toEqual(['Managed accounts']);
    expect(groups['Practitioner actions']).toBeUndefined();
    expect(groups['Manager actions']).toContain('Register a business');
    expect(groups['Manager actions']).not.toContain('Setup a site');
    expect(cardLink('Delegate actions', 'Managed accounts')).toHaveAttribute(
      'href',
      '/manage-accounts',
    );
  });

  it('Ben managing Alice: greeted with her name, her practitioner cards but not Delegate, no site to set up', async () => {
    serveAs(demoUsers.ben({ managingPractitioner: aliceManaged }));
    renderApp('/welcome');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Alice' }),
    ).toBeInTheDocument();
    const groups = await cardGroups();
    expect(groups['Practitioner actions']).toEqual([
      'Personal details',
      'Credential documents',
      'Publishing settings',
      'My workplaces',
    ]);
    expect(groups['Manager actions'] ?? []).not.toContain('Setup a site');
    expect(cardLink('Practitioner actions', 'Personal details')).toHaveAttribute(
      'href',
      `/practitioner-profile/${alicePractitionerId}?tab=Personal+contact+details`,
    );
  });

  it.each<[string, Partial<CurrentUser>, OrganisationNode[], Record<string, string[]>]>([
    [
      'George, a viewer of Harbour',
      { roles: [{ type: 'Viewer', organisationId: harbourId, healthcareServiceId: null }] },
      [organisation({ effectiveRoles: ['Viewer'] })],
      { 'Manager actions': ['Manage businesses', 'Practitioners', 'Register a business'] },
    ],
    [
      'Priya, an operator',
      { roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }] },
      [],
      { 'Manager actions': ['Register a business'] },
    ],
    [
      'Chloe, once registered, with no role',
      {},
      [],
      { 'Manager actions': ['Register a business'] },
    ],
  ])('%s: only what the roles allow, and no dialog', async (_who, user, organisations, groups) => {
    serveAs(
      testUser({
        isPractitioner: false,
        practitionerId: null,
        participationApprovalStatus: null,
        ...user,
      }),
      { organisations },
    );
    renderApp('/welcome');
    expect(await cardGroups()).toEqual(groups);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Farah, a practitioner who accepted participation: her practitioner cards and no manager cards', async () => {
    serveAs(testUser({ givenName: 'Farah', roles: [], participationApprovalStatus: 'Accepted' }));
    renderApp('/welcome');
    expect(await cardGroups()).toEqual({
      'Practitioner actions': [
        'Personal details',
        'Credential documents',
        'Publishing settings',
        'My workplaces',
      ],
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a practitioner who is also an approved delegate has the Delegate card (delegate access), to /delegates', async () => {
    serveAs(
      testUser({
        givenName: 'Farah',
        roles: [],
        participationApprovalStatus: 'Accepted',
        isApprovedPractitionerDelegate: true,
      }),
    );
    renderApp('/welcome');
    expect(await cardGroups()).toEqual({
      'Practitioner actions': [
        'Personal details',
        'Delegate',
        'Credential documents',
        'Publishing settings',
        'My workplaces',
      ],
      'Delegate actions': ['Managed accounts'],
    });
    expect(cardLink('Practitioner actions', 'Delegate')).toHaveAttribute('href', '/delegates');
  });

  it('Ben, switched back because the practitioner stopped his delegation, is told so (?reason=managing-ended)', async () => {
    serveAs(demoUsers.ben());
    renderApp('/welcome?reason=managing-ended');
    expect(await screen.findByText('You are back in your own account.')).toBeVisible();
    expect(
      screen.getByText('The practitioner you were managing has stopped your delegation.'),
    ).toBeVisible();
    expect(screen.queryByTestId('managing-indicator')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Ben' })).toBeVisible();
  });

  it('Dana, an approved delegate of Alice: the Managed accounts card', async () => {
    // An approved delegate with no business role, as Dana is once she has accepted.
    serveAs(demoUsers.ben({ givenName: 'Dana', familyName: 'Wu', roles: [] }));
    renderApp('/welcome');
    expect((await cardGroups())['Delegate actions']).toEqual(['Managed accounts']);
  });
});

describe('the banners and the set-up helper of a business not yet approved', () => {
  afterEach(() => vi.unstubAllGlobals());
  const coastalId = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';
  const isla = testUser({
    givenName: 'Isla',
    isPractitioner: false,
    practitionerId: null,
    roles: [{ type: 'OrganisationManager', organisationId: coastalId, healthcareServiceId: null }],
  });
  const coastal = organisation({
    id: coastalId,
    name: 'Coastal Physio Collective',
    businessName: 'Coastal Physio Collective',
    publisherApprovalStatus: 'PendingSubmission',
  });
  const banner = (status: 'PendingSubmission' | 'PendingApproval') => ({
    id: coastalId,
    name: coastal.name,
    businessName: coastal.businessName,
    publisherApprovalStatus: status,
    dateCreated: '2026-11-18T00:00:00.000Z',
  });

  it('Isla (PendingSubmission): Close hides the banner for this visit only', async () => {
    serveAs(isla, { organisations: [coastal], banner: banner('PendingSubmission') });
    const { unmount } = renderApp('/welcome');
    expect(await screen.findByText(actionRequired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Close/ }));
    expect(screen.queryByText(actionRequired)).not.toBeInTheDocument();
    unmount();
    renderApp('/welcome');
    expect(await screen.findByText(actionRequired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Complete' })).toBeInTheDocument();
  });

  it('Isla: the helper shows the first step not started and the others not available, with one link', async () => {
    serveAs(isla, {
      organisations: [coastal],
      sites: [coastal],
      helper: [
        { key: 'location', state: 'default', count: 0 },
        { key: 'healthcareService', state: 'inactive', count: 0 },
        { key: 'practitioners', state: 'inactive', count: 0 },
        { key: 'publishing', state: 'inactive', count: 0 },
      ],
    });
    renderApp('/welcome');
    await userEvent.click(await screen.findByRole('button', { name: 'Set up a site' }));
    const helper = await screen.findByRole('dialog', { name: 'Set up a site' });
    const items = await within(helper).findAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Status: Not started');
    for (const item of items.slice(1)) expect(item).toHaveTextContent('Status: Not available yet');
    expect(within(helper).getAllByRole('link')).toHaveLength(1);
  });

  it('Jack (PendingApproval): the estimate, no Complete, and Close hides it', async () => {
    serveAs(isla, { organisations: [coastal], banner: banner('PendingApproval') });
    renderApp('/welcome');
    const pending =
      'Approval pending: You will be notified of the outcome. This is estimated to take 24 to 48 hours to complete.';
    expect(await screen.findByText(pending)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Complete' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Close/ }));
    expect(screen.queryByText(pending)).not.toBeInTheDocument();
  });

  it('organisations that cannot be loaded: the error state under "Welcome back", and Try again recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    serveAs(alice, {
      extra: {
        'GET /api/me/organisations': () =>
          failing
            ? new Response(
                JSON.stringify({
                  type: 'about:blank',
                  title: 'Internal Server Error',
                  status: 500,
                }),
                { status: 500, headers: { 'Content-Type': 'application/problem+json' } },
              )
            : json({ organisations: [organisation()] }),
      },
    });
    renderApp('/welcome');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading welcome page..')).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome Alice' }),
    ).toBeInTheDocument();
  });
});

describe('the first-sign-in dialogs: their width, words and validation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('register your account (Chloe): 900 px, no Close, every message in the summary, a link focuses its field', async () => {
    serveAs(
      testUser({
        givenName: 'Chloe',
        isProfileComplete: false,
        isPractitioner: false,
        practitionerId: null,
        email: null,
        participationApprovalStatus: null,
      }),
    );
    renderApp('/welcome');
    const dialog = await screen.findByRole('dialog', { name: 'Register your account' });
    expect(dialog).toHaveStyle({ maxWidth: '900px' });
    expect(dialog).toHaveTextContent(
      'Welcome Chloe. Before you continue, tell us how to contact you and accept the terms of use and privacy notice.',
    );
    expect(within(dialog).queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();

    const d = within(dialog);
    await userEvent.click(d.getByRole('button', { name: 'Save and continue' }));
    const summary = () => within(problemSummary(dialog));
    await waitFor(() =>
      expect(
        summary()
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual([
        'Please enter your email',
        'Please enter your phone number',
        'You must accept the terms of use',
        'You must accept the privacy notice',
      ]),
    );
    await userEvent.type(d.getByLabelText('Email'), 'chloe.martin');
    await userEvent.type(d.getByLabelText(/^Phone/), '0412');
    await userEvent.click(d.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(
        summary()
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(
        expect.arrayContaining([
          'Must be valid email',
          'Please enter a 6 or 10 digit number starting with 0 or 1',
        ]),
      ),
    );
    await userEvent.click(summary().getByRole('link', { name: 'Must be valid email' }));
    expect(d.getByLabelText('Email')).toHaveFocus();
  });

  it('accept participation (Farah): 950 px, no Close, both acceptances asked for', async () => {
    serveAs(testUser({ givenName: 'Farah', participationApprovalStatus: null }));
    renderApp('/welcome');
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog).toHaveStyle({ maxWidth: '950px' });
    expect(within(dialog).queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agree and continue' }));
    const summary = await waitFor(() => problemSummary(dialog));
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'You must accept the participation agreement',
      'You must accept the privacy notice',
    ]);
  });

  it('set up your delegate account (Dana): 900 px, who invited her, the five consents, her email, and the delegate acceptance asked for', async () => {
    const invitationId = '7c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
    const consents = [
      'Give authority to communicate with organisations',
      'Upload credential documents and give organisations access to view',
      'Share bank details with payer organisations such as health funds',
      'Manage tasks sent by organisations',
      'Consent on my behalf when sharing information including personal contact details',
    ];
    serveAs(
      testUser({
        givenName: 'Dana',
        isProfileComplete: false,
        isPractitioner: false,
        practitionerId: null,
        email: 'dana.wu@example.com',
        participationApprovalStatus: null,
        delegateInvitationId: invitationId,
      }),
      {
        extra: {
          [`GET /api/registration/delegate-invitations/${invitationId}`]: () =>
            json({
              id: invitationId,
              invitedEmail: 'dana.wu@example.com',
              inviter: {
                practitionerId: alicePractitionerId,
                givenName: 'Alice',
                familyName: 'Nguyen',
                preferredName: 'Dr Alice Nguyen',
              },
              consents,
            }),
        },
      },
    );
    renderApp('/welcome');
    const dialog = await screen.findByRole('dialog', { name: 'Set up your delegate account' });
    const d = within(dialog);
    expect(dialog).toHaveStyle({ maxWidth: '900px' });
    expect(
      await d.findByText('has invited you to be their delegate.', { exact: false }),
    ).toHaveTextContent('Dr Alice Nguyen has invited you to be their delegate.');
    expect(
      within(d.getAllByRole('list')[0]!)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(consents);
    expect(d.getByLabelText('Email')).toHaveValue('dana.wu@example.com');
    expect(d.queryByRole('button', { name: /^Close/ })).not.toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Accept' }));
    expect(
      await d.findByRole('link', { name: 'You must accept to act as a delegate' }),
    ).toBeInTheDocument();
  });

  it('Chloe, once registered: the dialog closes, she is greeted, and her one card shows', async () => {
    let complete = false;
    const requests = serveAs(
      () =>
        json(
          testUser({
            givenName: 'Chloe',
            isProfileComplete: complete,
            isPractitioner: false,
            practitionerId: null,
            email: complete ? 'chloe.martin@example.com' : null,
            participationApprovalStatus: null,
          }),
        ),
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
    const d = within(await screen.findByRole('dialog', { name: 'Register your account' }));
    await userEvent.type(d.getByLabelText('Email'), 'chloe.martin@example.com');
    await userEvent.type(d.getByLabelText(/^Phone/), '0412345678');
    await userEvent.click(d.getByLabelText('I accept the terms of use'));
    await userEvent.click(d.getByLabelText('I have read and accept the privacy notice'));
    await userEvent.click(d.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await cardGroups()).toEqual({ 'Manager actions': ['Register a business'] });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Chloe' })).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      email: 'chloe.martin@example.com',
      phone: '0412345678',
    });
  });

  it('Farah, once she accepts participation: the dialog closes and her practitioner cards show', async () => {
    let accepted = false;
    const requests = serveAs(
      () =>
        json(
          testUser({
            givenName: 'Farah',
            participationApprovalStatus: accepted ? 'Accepted' : null,
          }),
        ),
      {
        extra: {
          'POST /api/registration/accept-participation': () => {
            accepted = true;
            return new Response(null, { status: 204 });
          },
        },
      },
    );
    renderApp('/welcome');
    const d = within(await screen.findByRole('dialog', { name: 'Terms and Conditions' }));
    await userEvent.click(d.getByLabelText('I accept the participation agreement'));
    await userEvent.click(d.getByLabelText('I have read and accept the privacy notice'));
    await userEvent.click(d.getByRole('button', { name: 'Agree and continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await cardGroups())['Practitioner actions']).toHaveLength(4);
    expect(requests.find((r) => r.path === '/api/registration/accept-participation')?.body).toEqual(
      { acceptParticipationAgreement: true, acceptPrivacyNotice: true },
    );
  });
});

describe('where the dashboard leads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('Alice: Escape closes the set-up helper and gives focus back to its button; a card opens its page', async () => {
    serveAs(alice, { organisations: [organisation()], sites: [organisation()], helper: allDone });
    const { router } = renderApp('/welcome');
    const setUp = await screen.findByRole('button', { name: 'Set up a site' });
    await userEvent.click(setUp);
    await screen.findByRole('dialog', { name: 'Set up a site' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(setUp).toHaveFocus());
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await userEvent.click(cardLink('Manager actions', 'Manage businesses'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organisation/participating'));
  });

  it('Alice: the side navigation’s Publishing opens the landing, whose Business settings opens the selector', async () => {
    serveAs(alice, { organisations: [organisation()] });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/welcome');
    const side = await screen.findByRole('navigation', { name: 'Menu', hidden: true });
    await userEvent.click(
      await within(side).findByRole('link', { name: 'Publishing', hidden: true }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Publishing' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/publishing');
    await userEvent.click(await screen.findByRole('link', { name: /Business settings/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publish-selector'));
  });

  it('Isla: Complete on the banner opens her unfinished registration', async () => {
    const coastalId = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';
    serveAs(
      testUser({
        givenName: 'Isla',
        isPractitioner: false,
        practitionerId: null,
        roles: [
          { type: 'OrganisationManager', organisationId: coastalId, healthcareServiceId: null },
        ],
      }),
      {
        banner: {
          id: coastalId,
          name: 'Coastal Physio Collective',
          businessName: 'Coastal Physio Collective',
          publisherApprovalStatus: 'PendingSubmission',
          dateCreated: '2026-11-18T00:00:00.000Z',
        },
      },
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp('/welcome');
    await userEvent.click(await screen.findByRole('link', { name: 'Complete' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/organisation/participating/add-edit-v2/${coastalId}`,
      ),
    );
    // The dashboard, banner and all, gives way to the registration page.
    await waitFor(() => expect(screen.queryByText(actionRequired)).not.toBeInTheDocument());
  });
});
