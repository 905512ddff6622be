import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganisationDetail } from '@pca/contracts';
import { localityApiPaths } from '@pca/contracts/localities.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';
import { organisationDetail, surryHillsLocality } from '../../../test/demo-world.ts';

const id = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const detail = (overrides: Partial<OrganisationDetail> = {}) =>
  organisationDetail({ id, ...overrides });

function serve(organisation: OrganisationDetail) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(testUser()),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    [`GET /api/organisations/${id}`]: () => json(organisation),
    [`PATCH /api/organisations/${id}`]: () => json(organisation),
    [`GET ${localityApiPaths.search}`]: () => json({ localities: [surryHillsLocality()] }),
    [`GET /api/publications/organisation/${id}/partners`]: () =>
      json({
        level: 'organisation',
        entityId: id,
        organisationId: id,
        canEdit: organisation.canEdit,
        partners: [
          {
            partner: {
              id: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a',
              code: 'nhsd',
              name: 'National Health Services Directory',
              role: 'directory',
            },
            latestStatement: {
              id: '3e4f5a6b-7c8d-4e9f-8a1b-2c3d4e5f6a7b',
              version: 1,
              title: 'Statement',
              content: 'Text',
            },
            own: null,
            inherited: null,
            needsLatestAcceptance: false,
          },
        ],
      }),
  });
}

// The page is a lazy route: its first render waits for the module.
// The first load of a lazy page can take many seconds on a busy machine (a wait ends as soon as it passes).
const lazy = { timeout: 30_000 };

describe('OrganisationPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  // The …/launch and …/applaunch endings are the smart-clients feature's (docs/decisions/069-smart-app-launch.md).
  it('opens the tab named by the tab query, keeping the rest of the query', async () => {
    serve(detail());
    const { router } = renderApp(
      `/organisation/participating/${id}?from=Sites&tab=partner%20services`,
    );
    const tab = await screen.findByRole('tab', { name: 'Partner services' }, lazy);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'View Organisation' })).toBeVisible();
    expect(
      await within(screen.getByRole('tabpanel', { name: 'Partner services' })).findByText(
        'National Health Services Directory',
      ),
    ).toBeVisible();
    expect(router.state.location.search).toContain('from=Sites');
    await userEvent.click(screen.getByRole('tab', { name: 'Locations' }));
    expect(router.state.location.search).toContain('tab=Locations');
    expect(router.state.location.search).toContain('from=Sites');
  });

  it('shows the Practitioners tab as cards at phone width, each value under its column (issue 30)', async () => {
    serve(
      detail({
        practitioners: [
          {
            id: '4f5a6b7c-8d9e-4f0a-8b1c-2d3e4f5a6b7c',
            practitionerName: 'Alice Nguyen',
            healthcareServiceId: '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d',
            healthcareServiceName: 'Harbour General Practice Surry Hills',
            primaryType: 'General practitioner',
            startDate: '2024-03-01',
            endDate: null,
            isActive: true,
          },
        ],
      }),
    );
    renderApp(`/organisation/participating/${id}?tab=Practitioners`);
    const panel = await screen.findByRole('tabpanel', { name: 'Practitioners' }, lazy);
    // jsdom applies no media query: the phone layout is the one shown, the table kept for wider screens.
    const cards = within(panel).getByRole('list', { name: 'Practitioners' });
    const [card] = within(cards).getAllByRole('listitem');
    expect(card).toHaveTextContent('Alice Nguyen');
    expect(
      within(card!)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual(['Healthcare service', 'Role', 'Start date', 'End date', 'Status']);
    expect(
      within(card!).getByRole('link', { name: 'Harbour General Practice Surry Hills' }),
    ).toBeVisible();
    expect(
      within(panel).getByRole('table', { name: 'Practitioners', hidden: true }),
    ).toBeInTheDocument();
  });

  it('offers managers editing of the details, with the contract validation', async () => {
    const requests = serve(detail());
    renderApp(`/organisation/participating/${id}`);
    await userEvent.click(
      await screen.findByRole('button', { name: /Edit (organisation )?details/ }, lazy),
    );
    const website = screen.getByLabelText(/Website/);
    await userEvent.type(website, 'not a site');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(/Enter a valid website address/)).toBeVisible();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('starts afresh on another organisation: an edit form open on one is not carried to the next', async () => {
    const otherId = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';
    setSessionToken('tok');
    const requests = installFakeServer({
      'GET /api/me': () => json(testUser()),
      'GET /api/me/organisations': () => json({ organisations: [] }),
      [`GET /api/organisations/${id}`]: () => json(detail({ name: 'Harbour Group' })),
      [`GET /api/organisations/${otherId}`]: () =>
        json(organisationDetail({ id: otherId, name: 'Harbour Telehealth' })),
      [`GET /api/publications/organisation/${id}/partners`]: () => json(null, 404),
      [`GET /api/publications/organisation/${otherId}/partners`]: () => json(null, 404),
    });
    // Harbour Group first, so that coming back to it finds it in the cache (no loading between the two).
    const { router } = renderApp(`/organisation/participating/${id}`);
    expect((await screen.findAllByText('Harbour Group', {}, lazy))[0]).toBeVisible();
    await router.navigate(`/organisation/participating/${otherId}`);
    expect((await screen.findAllByText('Harbour Telehealth', {}, lazy))[0]).toBeVisible();
    await userEvent.click(
      await screen.findByRole('button', { name: /Edit (organisation )?details/ }, lazy),
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();

    await router.navigate(-1);
    expect((await screen.findAllByText('Harbour Group', {}, lazy))[0]).toBeVisible();
    // Harbour Group's page shows its details, not the other organisation's open form.
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('button', { name: /Edit (organisation )?details/ })).toBeVisible();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  // docs/decisions/084-organisation-address.md: optional, entered like a location's, all or nothing.
  it('saves a business address chosen from the suburb list, and asks for the street when only a suburb is chosen', async () => {
    const requests = serve(detail());
    renderApp(`/organisation/participating/${id}`);
    expect(await screen.findByText('Business address', {}, lazy)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /Edit (organisation )?details/ }));
    const group = screen.getByRole('group', { name: 'Business address (optional)' });
    await userEvent.type(
      within(group).getByRole('combobox', { name: /Suburb or postcode/ }),
      '2010',
    );
    await userEvent.click(await screen.findByRole('option', { name: 'Surry Hills NSW 2010' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText('Enter the street address')).toBeVisible();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    await userEvent.type(
      within(group).getByRole('textbox', { name: /Street address/ }),
      '120 Crown Street',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      addressLine: '120 Crown Street',
      locality: 'Surry Hills',
      postcode: '2010',
      state: 'NSW',
    });
  });

  it('shows viewers the details without edit or add controls, and no HI tab for an HI organisation', async () => {
    serve(detail({ canEdit: false, effectiveRoles: ['Viewer'], type: 'HiOrganisation' }));
    renderApp(`/organisation/hi/${id}?tab=locations`);
    expect(await screen.findByRole('tab', { name: 'Locations' }, lazy)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: 'HI organisations' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add location' })).toBeNull();
  });

  it('says "Not provided" for a phone and email the organisation does not keep (docs/product/organisations.md)', async () => {
    serve(detail({ phone: null, email: null }));
    renderApp(`/organisation/participating/${id}`);
    for (const term of ['Phone', 'Email']) {
      const row = (await screen.findByText(term, { selector: 'dt' }, lazy)).parentElement!;
      expect(row).toHaveTextContent(`${term}Not provided`);
    }
  });
});
