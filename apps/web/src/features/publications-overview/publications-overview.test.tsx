import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  PartnerPublicationSummary,
  PublishedEntity,
} from '@pca/contracts/publications-overview.ts';
import {
  publicationsOverviewApiPaths as paths,
  publicationsOverviewMessages,
} from '@pca/contracts/publications-overview-paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';
import { hrefOf } from './components/entities-table.tsx';

const operator = testUser({
  givenName: 'Priya',
  roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
});
const lazy = { timeout: 30_000 };
const medifundId = '78f60bb7-3f27-5be4-a50a-3c8195384eda';
const medifund: PartnerPublicationSummary = {
  id: medifundId,
  name: 'MediFund Health Insurance',
  role: 'payer',
  counts: {
    organisations: 4,
    locations: 3,
    healthcareServices: 3,
    practitionerRoles: 2,
    practitioners: 1,
  },
  lastChange: { at: '2026-11-10T22:00:00.000000Z', by: { id: 'a', name: 'Alice Nguyen' } },
};
const practiceLink: PartnerPublicationSummary = {
  ...medifund,
  id: '5ad6ba3d-2e1a-5594-b06d-31bf2a46a26a',
  name: 'PracticeLink Referrals',
  role: 'referral',
  counts: {
    organisations: 0,
    locations: 0,
    healthcareServices: 0,
    practitionerRoles: 0,
    practitioners: 0,
  },
  lastChange: null,
};
const entity = (n: number): PublishedEntity => ({
  type: 'location',
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Location ${String(n).padStart(2, '0')}`,
  organisationType: null,
  organisation: { id: 'o', name: 'Harbour Medical Group' },
  healthcareService: null,
});
const entities = Array.from({ length: 25 }, (_, n) => entity(n + 1));
const entitiesPath = paths.entities.replace(':partnerServiceId', medifundId);
const csvPath = paths.csv.replace(':partnerServiceId', medifundId);

function serve(extra: Record<string, FakeHandler> = {}, user = operator) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(user),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    [`GET ${paths.list}`]: () => json({ partners: [medifund, practiceLink] }),
    [`GET ${entitiesPath}`]: (request) => {
      const query = new URL(request.path, 'http://x').searchParams;
      const page = Number(query.get('page'));
      const size = Number(query.get('pageSize'));
      const items = query.get('type') === 'practitioner' ? [] : entities;
      return json({
        partner: { id: medifundId, name: medifund.name },
        items: items.slice((page - 1) * size, page * size),
        total: items.length,
        page,
        pageSize: size,
      });
    },
    ...extra,
  });
}

describe('the publications page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows each partner's counts and last change, then pages through MediFund's entities", async () => {
    const requests = serve();
    renderApp('/publications');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Publications' }, lazy),
    ).toBeVisible();
    // jsdom applies no media query: the phone's cards are what it shows.
    const list = await screen.findByRole('list', { name: 'Partner services' });
    const [first, second] = within(list).getAllByTestId('row-card');
    expect(first).toHaveTextContent('MediFund Health Insurance');
    expect(first).toHaveTextContent('Practitioner roles2');
    expect(first).toHaveTextContent('Alice Nguyen');
    expect(second).toHaveTextContent('Never published');

    await userEvent.click(within(first!).getByRole('button', { name: /View entities/ }));
    const heading = await screen.findByRole('heading', {
      level: 2,
      name: 'Published to MediFund Health Insurance',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByText('Showing 1–20 of 25 entities')).toBeVisible();
    const link = screen.getAllByRole('link', { name: 'Location 01' })[0]!;
    expect(link).toHaveAttribute('href', `/location/${entity(1).id}`);

    await userEvent.click(screen.getAllByRole('button', { name: /next page/i })[0]!);
    expect(await screen.findByText('Showing 21–25 of 25 entities')).toBeVisible();
    expect(requests.map((r) => r.path)).toContain(`${entitiesPath}?page=2&pageSize=20`);

    await userEvent.selectOptions(screen.getByLabelText('Show'), "Practitioners' own publications");
    expect(await screen.findByText(publicationsOverviewMessages.noneOfType)).toBeVisible();
    expect(requests.at(-1)?.path).toBe(`${entitiesPath}?type=practitioner&page=1&pageSize=20`);
  });

  it("downloads the partner's CSV with the session token", async () => {
    const requests = serve({
      [`GET ${csvPath}`]: () =>
        new Response('Type,Name\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="publications-medifund-2026-11-27.csv"',
          },
        }),
    });
    const created = vi.fn(() => 'blob:publications');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/publications');
    const list = await screen.findByRole('list', { name: 'Partner services' }, lazy);
    await userEvent.click(within(list).getAllByRole('button', { name: /View entities/ })[0]!);
    await userEvent.selectOptions(await screen.findByLabelText('Show'), 'Locations');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = requests.find((r) => r.path.startsWith(csvPath))!;
    expect(call.path).toBe(`${csvPath}?type=location`);
    expect(call.headers.get('authorization')).toBe('Bearer tok');
    expect(created).toHaveBeenCalled();
  });

  it('says when the overview cannot load, with Try again', async () => {
    serve({
      [`GET ${paths.list}`]: () => problem(500, '/problems/internal', 'Internal Server Error'),
    });
    renderApp('/publications');
    expect(await screen.findByRole('button', { name: /Try again/ }, lazy)).toBeVisible();
  });

  it('sends users who are not operators to the dashboard', async () => {
    serve({}, testUser());
    const { router } = renderApp('/publications');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), lazy);
  });

  it('links each kind to its page where it has one', () => {
    expect(hrefOf({ ...entity(1), type: 'organisation', organisationType: 'HiOrganisation' })).toBe(
      `/organisation/hi/${entity(1).id}`,
    );
    expect(
      hrefOf({
        ...entity(2),
        type: 'practitioner-role',
        healthcareService: { id: 'svc', name: 'GP' },
      }),
    ).toBe(`/healthcare-service/svc/practitioner/${entity(2).id}`);
    expect(hrefOf({ ...entity(3), type: 'practitioner' })).toBeNull();
  });
});
