import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { publishSelectorApiPaths } from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

function serve(entities: () => Response) {
  setSessionToken('tok');
  installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(testUser()),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    [`GET ${publishSelectorApiPaths.entities}`]: entities,
  });
}

describe('PublishSelectorPage error states', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a 403 (a viewer, a system admin) says the user lacks access and whom to ask', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => problem(403, 'urn:pca:problems:forbidden', 'Forbidden'));
    renderApp('/publish-selector');
    expect(
      await screen.findByText('You do not have access to publishing for your businesses'),
    ).toBeVisible();
    expect(
      screen.getByText('Ask an administrator of the business to give you access.'),
    ).toBeVisible();
    expect(screen.queryByText(/could not be loaded|try again/i)).not.toBeInTheDocument();
  });

  it('a 429 says to wait as long as the API asked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => {
      const response = problem(429, 'urn:pca:problems:rate-limited', 'Too Many Requests');
      response.headers.set('Retry-After', '20');
      return response;
    });
    renderApp('/publish-selector');
    expect(await screen.findByText('Too many requests')).toBeVisible();
    expect(screen.getByText(/Wait 20 seconds, then try again\./)).toBeVisible();
  });

  it('a network failure, after the retries, says to try again later and offers Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(() => {
      throw new TypeError('Failed to fetch');
    });
    renderApp('/publish-selector');
    expect(
      await screen.findByText('We could not load publishing for your businesses'),
    ).toBeVisible();
    expect(screen.getByText(/try again later/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});

/** Harbour as the API lists it for Alice (apps/server/src/modules/publish-selector/publish-selector.test.ts). */
const harbour = {
  healthcareServices: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      name: 'Harbour General Practice Surry Hills',
      context: 'Harbour Medical Centre Surry Hills',
    },
    {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Harbour Telehealth GP',
      context: 'Harbour Telehealth',
    },
  ],
  organisations: [
    {
      id: '00000000-0000-4000-8000-000000000003',
      name: 'Harbour Home Visits',
      context: 'Harbour Medical Group Pty Ltd',
      type: 'HiOrganisation',
    },
    {
      id: '00000000-0000-4000-8000-000000000004',
      name: 'Harbour Medical Group Pty Ltd',
      context: null,
      type: 'ParticipatingOrganisation',
    },
  ],
  locations: [
    {
      id: '00000000-0000-4000-8000-000000000005',
      name: 'Surry Hills Clinic',
      context: 'Harbour Medical Centre Surry Hills',
    },
  ],
};

// Moved from the browser journey (e2e/tests/welcome.spec.ts, issue 31): the list's groups, search and
// targets are the page's own rules; the journey keeps the way there and axe.
describe('PublishSelectorPage lists where publications are managed', () => {
  afterEach(() => vi.unstubAllGlobals());
  const results = () => screen.getByRole('region', { name: 'Matching entities' });

  it('groups services, organisations and locations; each routes to its kind’s Partner services tab', async () => {
    serve(() => json(harbour));
    renderApp('/publish-selector');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Publishing my businesses' }),
    ).toBeVisible();
    expect(screen.getByText('Select where to manage publications for')).toBeVisible();
    await screen.findByRole('link', { name: 'Harbour Telehealth GP' });
    expect(
      within(results())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Healthcare services', 'Organisations', 'Locations']);
    const uuid = '[0-9a-f-]{36}';
    const tab = '\\?tab=Partner\\+services$';
    for (const [name, href] of [
      ['Harbour Telehealth GP', `/healthcare-service/${uuid}${tab}`],
      ['Harbour Medical Group Pty Ltd', `/organisation/participating/${uuid}${tab}`],
      ['Harbour Home Visits', `/organisation/hi/${uuid}${tab}`],
      ['Surry Hills Clinic', `/location/${uuid}${tab}`],
    ] as const)
      expect(within(results()).getByRole('link', { name }), name).toHaveAttribute(
        'href',
        expect.stringMatching(new RegExp(`^${href}`)),
      );
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/welcome');
  });

  it('narrows the list as a person types, and says when nothing matches', async () => {
    serve(() => json(harbour));
    renderApp('/publish-selector');
    const search = await screen.findByRole('searchbox', {
      name: /^Search healthcare services, organisations and locations/,
    });
    await userEvent.type(search, 'surry');
    await waitFor(() =>
      expect(
        within(results()).queryByRole('link', { name: 'Harbour Telehealth GP' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(results()).getByRole('link', { name: 'Surry Hills Clinic' })).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(
      await within(results()).findByText(
        'No matching healthcare services, organisations or locations.',
      ),
    ).toBeVisible();
  });

  it('offers Ben, who manages one service, that service alone', async () => {
    serve(() =>
      json({
        healthcareServices: [harbour.healthcareServices[0]],
        organisations: [],
        locations: [],
      }),
    );
    renderApp('/publish-selector');
    await screen.findByRole('link', { name: 'Harbour General Practice Surry Hills' });
    expect(
      within(results())
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Healthcare services']);
    expect(
      within(results())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Harbour General Practice Surry Hills']);
  });
});
