import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganisationNode, UserRole } from '@pca/contracts';
import type { PractitionerListItem, ServiceOfferingsPage } from '@pca/contracts/practitioners.ts';
import { setSessionToken } from '#lib/session-token.ts';
import {
  installFakeServer,
  json,
  problem,
  type RecordedRequest,
} from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';
import { harbourId, participatingOrganisation } from '../../../test/demo-world.ts';

const riverbendId = '6b1c2d3e-4f50-4a6b-9c7d-8e9f0a1b2c3d';
const serviceId = '7c2d3e4f-5061-4b7c-8d9e-0f1a2b3c4d5e';

const org = (id: string, businessName: string): OrganisationNode =>
  participatingOrganisation({ id, name: `${businessName} Pty Ltd`, businessName });

const alice: PractitionerListItem = {
  id: '8d3e4f50-6172-4c8d-9eaf-1a2b3c4d5e6f',
  givenName: 'Alice',
  familyName: 'Nguyen',
  hpiiIdentifier: '8003615260181594',
  photoData: null,
  serviceOfferings: [
    {
      id: '9e4f5061-7283-4d9e-afb0-2b3c4d5e6f70',
      healthcareServiceId: serviceId,
      healthcareServiceName: 'Harbour Telehealth GP',
      organisationId: harbourId,
      locationAddress: null,
      locationType: 'Virtual',
      primaryType: 'General practitioner',
      startDate: '2025-01-15',
      endDate: null,
      isActive: true,
      canManage: false,
    },
  ],
};

const pageOf = (
  practitioners: PractitionerListItem[],
  overrides: Partial<ServiceOfferingsPage> = {},
): ServiceOfferingsPage => ({
  practitioners,
  total: practitioners.length,
  page: 1,
  pageSize: 20,
  organisationHasPractitioners: practitioners.length > 0,
  hasActiveManageableService: true,
  ...overrides,
});

/** Serves a manager of the given organisations; the list answers from `list`. */
function serve(
  organisations: OrganisationNode[],
  list: (request: RecordedRequest) => Response,
  roles: UserRole[] = organisations.map((o) => ({
    type: 'OrganisationManager',
    organisationId: o.id,
    healthcareServiceId: null,
  })),
) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(testUser({ roles })),
    'GET /api/me/organisations': () => json({ organisations }),
    'GET /api/practitioners/service-offerings': list,
  });
}

const listRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.path.startsWith('/api/practitioners/service-offerings'));

describe('PractitionersPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers All only with several publisher organisations and filters by name after the debounce', async () => {
    const user = userEvent.setup();
    const requests = serve(
      [org(harbourId, 'Harbour Medical Group'), org(riverbendId, 'Riverbend')],
      () => json(pageOf([alice])),
    );
    renderApp('/practitioners');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Practitioners' }),
    ).toBeInTheDocument();
    const organisation = screen.getByLabelText('Select Organisation');
    await waitFor(() =>
      expect(
        within(organisation)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All', 'Harbour Medical Group', 'Riverbend']),
    );
    expect(
      within(screen.getByLabelText('Is active'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Active', 'Inactive']);
    expect(await screen.findByRole('button', { name: /Nguyen, Alice/ })).toHaveTextContent(
      'HPI-I: 8003615260181594',
    );
    expect(screen.getByRole('link', { name: 'Add practitioner' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Filter by name'), 'ngu');
    // The filter asks once the typing settles (the 200 ms itself is timed in use-debounced-value.test.ts,
    // on a fake clock: real timers on a busy machine cannot tell it apart).
    await waitFor(() =>
      expect(listRequests(requests).some((r) => r.path.includes('name=ngu'))).toBe(true),
    );
    await user.selectOptions(screen.getByLabelText('Is active'), 'false');
    await user.selectOptions(organisation, riverbendId);
    await waitFor(() =>
      expect(listRequests(requests).at(-1)?.path).toBe(
        `/api/practitioners/service-offerings?organisationId=${riverbendId}&isActive=false&name=ngu`,
      ),
    );
  });

  it('builds a row’s offerings table when the row is first opened, and keeps it (docs/decisions/018)', async () => {
    const user = userEvent.setup();
    serve([org(harbourId, 'Harbour Medical Group')], () => json(pageOf([alice])));
    renderApp('/practitioners');
    const row = await screen.findByRole('button', { name: /Nguyen, Alice/ }, { timeout: 10_000 });
    // Closed: no table built (AgDS would otherwise render every closed row's table).
    expect(screen.queryByText('Harbour Telehealth GP')).toBeNull();
    await user.click(row);
    // Six columns: at phone width (jsdom applies no media query) each role is a card (issue 30).
    const cards = await screen.findByRole('list', { name: /^Service offerings of / });
    expect(within(cards).getByRole('listitem')).toHaveTextContent('Harbour Telehealth GP');
    expect(
      within(cards)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Role', 'Start date', 'End date', 'Status', 'Actions']);
    expect(row).toHaveAttribute('aria-expanded', 'true');
    await user.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByText('Harbour Telehealth GP').length).toBeGreaterThan(0);
  });

  it('with one organisation it is the only choice and the list asks for it', async () => {
    const requests = serve([org(harbourId, 'Harbour Medical Group')], () => json(pageOf([alice])));
    renderApp('/practitioners');
    const organisation = await screen.findByLabelText('Select Organisation');
    await waitFor(() =>
      expect(
        within(organisation)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Harbour Medical Group']),
    );
    await screen.findByRole('button', { name: /Nguyen, Alice/ });
    expect(listRequests(requests)[0]?.path).toBe(
      `/api/practitioners/service-offerings?organisationId=${harbourId}`,
    );
  });

  it('offers no All without several publishers: two organisations yet to publish list the first', async () => {
    const notPublishing = (id: string, name: string) => ({ ...org(id, name), isPublisher: false });
    const requests = serve(
      [notPublishing(harbourId, 'Harbour Medical Group'), notPublishing(riverbendId, 'Riverbend')],
      () => json(pageOf([alice])),
    );
    renderApp('/practitioners');
    const organisation = await screen.findByLabelText('Select Organisation');
    await waitFor(() =>
      expect(
        within(organisation)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Harbour Medical Group', 'Riverbend']),
    );
    await screen.findByRole('button', { name: /Nguyen, Alice/ });
    expect(listRequests(requests)[0]?.path).toBe(
      `/api/practitioners/service-offerings?organisationId=${harbourId}`,
    );
  });

  it('draws the heading and the filter form where they stay while the permissions load', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const harbour = org(harbourId, 'Harbour Medical Group');
    setSessionToken('tok');
    // The permissions come from the user's organisations: hold them back.
    installFakeServer({
      'GET /api/me': () =>
        json(
          testUser({
            roles: [
              { type: 'OrganisationManager', organisationId: harbourId, healthcareServiceId: null },
            ],
          }),
        ),
      'GET /api/me/organisations': async () => {
        await gate;
        return json({ organisations: [harbour] });
      },
      'GET /api/practitioners/service-offerings': () => json(pageOf([alice])),
    });
    renderApp('/practitioners');
    const form = await screen.findByRole('search', { name: 'Filter practitioners' });
    const organisation = within(form).getByLabelText('Select Organisation');
    // While loading: the same three fields, the organisation saying it is loading, the list waiting.
    expect(within(organisation).getByRole('option')).toHaveTextContent('Loading..');
    expect(within(form).getByLabelText('Is active')).toBeInTheDocument();
    expect(within(form).getByLabelText('Filter by name')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Practitioners' })).toBeInTheDocument();
    expect(screen.getByText('Loading practitioners')).toBeInTheDocument();
    release();
    // The same form element, now with its organisation, and the list below it.
    await waitFor(() =>
      expect(within(organisation).getByRole('option')).toHaveTextContent('Harbour Medical Group'),
    );
    expect(screen.getByRole('search', { name: 'Filter practitioners' })).toBe(form);
    expect(await screen.findByRole('button', { name: /Nguyen, Alice/ })).toBeInTheDocument();
  });

  it('says what the add or edit page did when it returns, with focus on the message; any other state says nothing', async () => {
    serve([org(harbourId, 'Harbour Medical Group')], () => json(pageOf([alice])));
    const { router } = renderApp('/practitioners');
    await screen.findByRole('button', { name: /Nguyen, Alice/ });
    await act(() =>
      router.navigate('/practitioners', {
        state: {
          outcome: 'updated',
          practitioner: 'Alice Nguyen',
          service: 'Harbour Telehealth GP',
        },
      }),
    );
    const saved = await screen.findByText(
      "Alice Nguyen's role at Harbour Telehealth GP has been saved.",
    );
    const message = saved.closest<HTMLElement>('[role="status"]')!;
    await waitFor(() => expect(message).toHaveFocus());
    await act(() =>
      router.navigate('/practitioners', {
        state: { outcome: 'added', practitioner: 'Alice Nguyen', service: 'Harbour Telehealth GP' },
      }),
    );
    expect(
      await screen.findByText('Alice Nguyen has been added to Harbour Telehealth GP.'),
    ).toBeVisible();
    // Closing it clears the history entry's state, so a reload would not show it again.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(screen.queryByText(/has been added/)).toBeNull();
    // A state that is not an outcome (another page's, or made up) says nothing.
    await act(() =>
      router.navigate('/practitioners', {
        state: { outcome: 'removed', practitioner: 'Alice Nguyen', service: '' },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('shows the organisation message when nobody is linked, even with other filters', async () => {
    const user = userEvent.setup();
    const requests = serve([org(harbourId, 'Harbour Medical Group')], () => json(pageOf([])));
    renderApp('/practitioners');
    expect(
      await screen.findByText('There are no practitioners linked to this organisation'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Filter by name'), 'zz');
    // Wait for the filtered request (after the debounce) and its answer, not for a guessed time.
    await waitFor(() =>
      expect(listRequests(requests).some((r) => r.path.includes('name=zz'))).toBe(true),
    );
    expect(
      await screen.findByText('There are no practitioners linked to this organisation'),
    ).toBeInTheDocument();
  });

  it('shows No practitioners found when other filters exclude everyone', async () => {
    const user = userEvent.setup();
    serve([org(harbourId, 'Harbour Medical Group')], (r) =>
      json(
        r.path.includes('name=')
          ? pageOf([], { organisationHasPractitioners: true })
          : pageOf([alice]),
      ),
    );
    renderApp('/practitioners');
    await screen.findByRole('button', { name: /Nguyen, Alice/ });
    await user.type(screen.getByLabelText('Filter by name'), 'zz');
    expect(await screen.findByText('No practitioners found')).toBeInTheDocument();
  });

  it('hides Add practitioner from a Viewer and shows the error state on a load failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(
      [org(harbourId, 'Harbour Medical Group')],
      () => problem(500, 'about:blank', 'Internal Server Error'),
      [{ type: 'Viewer', organisationId: harbourId, healthcareServiceId: null }],
    );
    renderApp('/practitioners');
    expect(await screen.findByText('We could not load the practitioners')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add practitioner' })).not.toBeInTheDocument();
  });

  it('a 403 says the user lacks access and whom to ask, not to try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve([org(harbourId, 'Harbour Medical Group')], () =>
      problem(403, 'urn:pca:problems:forbidden', 'Forbidden'),
    );
    renderApp('/practitioners');
    expect(
      await screen.findByText('You do not have access to the practitioners'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Ask an administrator of the business to give you access.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/try again/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a 503 shows the maintenance message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve([org(harbourId, 'Harbour Medical Group')], () =>
      problem(503, 'urn:pca:problems:unavailable', 'Service Unavailable'),
    );
    renderApp('/practitioners');
    expect(
      await screen.findByText('The system is currently under maintenance. Please try again later.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('We could not load the practitioners')).not.toBeInTheDocument();
  });
});
