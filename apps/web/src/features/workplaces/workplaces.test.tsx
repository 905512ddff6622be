import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  workplaceServiceApiPath,
  workplacesApiPaths as paths,
  workplacesMessages as messages,
  type Workplace,
  type WorkplaceServiceSummary,
  type Workplaces,
} from '@pca/contracts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import {
  heldReply,
  installFakeServer,
  json,
  problem,
  type FakeHandler,
  invalidIdProblem,
} from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  aliceManaged,
  demoUsers,
  harbourId,
  participatingOrganisation,
  surryHillsGpId,
} from '../../test/demo-world.ts';

const skinId = '7d6c5b4a-3e2f-4a1b-8c9d-0e1f2a3b4c5d';
const alice = { id: aliceManaged.id, givenName: 'Alice', familyName: 'Nguyen' };

const gp = (over: Partial<Workplace> = {}): Workplace => ({
  service: {
    id: surryHillsGpId,
    name: 'Harbour General Practice Surry Hills',
    serviceType: 'General practice',
    organisation: {
      id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      name: 'Harbour Medical Centre Surry Hills',
      type: 'HiOrganisation',
    },
    business: { id: harbourId, name: 'Harbour Medical Group' },
    location: {
      id: '2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      name: 'Surry Hills Clinic',
      kind: 'physical',
      address: '120 Crown Street, Surry Hills NSW 2010',
    },
  },
  roles: [
    {
      id: '3a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      primaryType: 'General practitioner',
      preferredName: 'Dr Alice Nguyen',
      numberOfDays: 4,
      startDate: '2024-03-04',
      endDate: null,
      status: 'active',
    },
  ],
  ...over,
});

const skin = (): Workplace => ({
  service: { ...gp().service, id: skinId, name: 'Harbour Skin Check Clinic' },
  roles: [
    {
      ...gp().roles[0]!,
      id: '4a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
      primaryType: 'Skin cancer doctor',
      startDate: '2023-07-01',
      endDate: '2025-06-30',
      status: 'ended',
    },
  ],
});

const list = (over: Partial<Workplaces> = {}): Workplaces => ({
  practitioner: alice,
  managing: false,
  active: [gp()],
  past: [skin()],
  ...over,
});

const summary = (): WorkplaceServiceSummary => ({
  practitioner: alice,
  managing: false,
  service: {
    ...gp().service,
    description: 'General practice for the whole family.',
    startDate: '2024-03-04',
    endDate: null,
    isActive: true,
    openingHours: [
      { day: 'mon', allDay: false, ranges: [{ opens: '08:00', closes: '18:00' }] },
      { day: 'sun', allDay: false, ranges: [] },
    ],
    contact: {
      phone: '0291234510',
      afterHoursPhone: '',
      email: 'surryhills@harbourmedical.example.com.au',
      fax: '',
      website: 'https://harbourmedical.example.com.au/surry-hills',
      suppressEmail: true,
      suppressPhone: false,
    },
  },
  roles: gp().roles,
  publications: [
    {
      partner: {
        id: '5a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
        name: 'MediFund Health Insurance',
        role: 'payer',
      },
      from: { level: 'organisation', name: 'Harbour Medical Group Pty Ltd' },
    },
  ],
});

function serve(routes: Record<string, FakeHandler>, user = demoUsers.alice()) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () =>
      json({ organisations: [participatingOrganisation()] }),
    'GET /api/me/unread-notification-count': () => json({ count: 0 }),
    ...routes,
  });
}

/** The header's current item (the bar's list; hidden below lg, which jsdom cannot evaluate). */
const currentHeaderItem = () =>
  document
    .querySelector<HTMLElement>('#main-nav nav[aria-label="Main"]')
    ?.querySelector('[aria-current="page"]')?.textContent ?? null;

// A failed load logs its error on purpose (the 404 case).
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('My workplaces', () => {
  it('lists active and past workplaces with service, business, location, role, dates and status', async () => {
    serve({ [`GET ${paths.list}`]: () => json(list()) });
    renderApp('/my-workplaces');
    expect(await screen.findByRole('heading', { level: 1, name: 'My workplaces' })).toBeVisible();
    // jsdom has no media queries: it shows the phone width's cards (the table is there, hidden, for wider screens).
    const active = await screen.findByRole('list', { name: 'Active workplaces' });
    const [row] = within(active).getAllByRole('listitem');
    expect(
      within(row!).getByRole('link', {
        name: messages.viewSummary('Harbour General Practice Surry Hills'),
      }),
    ).toHaveAttribute('href', `/my-workplaces/healthcare-service-summary/${surryHillsGpId}`);
    for (const text of [
      'Harbour Medical Group',
      'Harbour Medical Centre Surry Hills',
      '120 Crown Street, Surry Hills NSW 2010',
      'General practitioner',
      '4 Mar 2024',
      'N/A',
      'Active',
    ])
      expect(within(row!).getByText(text)).toBeInTheDocument();
    const past = screen.getByRole('list', { name: 'Past workplaces' });
    expect(within(past).getByText('Harbour Skin Check Clinic')).toBeInTheDocument();
    expect(within(past).getByText('30 Jun 2025')).toBeInTheDocument();
    expect(within(past).getByText('Ended')).toBeInTheDocument();
    // The table for wider screens is in the page too (CSS shows one of them).
    const table = screen.getByRole('table', { name: 'Active workplaces', hidden: true });
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((h) => h.textContent),
    ).toEqual([
      'Healthcare service',
      'Business',
      'Location',
      'Role',
      'Start date',
      'End date',
      'Status',
    ]);
  });

  it('highlights Sites in the header, not Businesses', async () => {
    serve({ [`GET ${paths.list}`]: () => json(list()) });
    renderApp('/my-workplaces');
    await screen.findByRole('list', { name: 'Active workplaces' });
    await waitFor(() => expect(currentHeaderItem()).toBe('Sites'));
    expect(currentHeaderItem()).not.toBe('Businesses');
  });

  it('says whose workplaces they are when a delegate manages, and when there are none', async () => {
    serve(
      { [`GET ${paths.list}`]: () => json(list({ managing: true, active: [], past: [] })) },
      demoUsers.ben({ managingPractitioner: aliceManaged }),
    );
    renderApp('/my-workplaces');
    expect(await screen.findByText(messages.emptyManaging('Alice Nguyen'))).toBeVisible();
    expect(screen.getByText(messages.listIntroManaging('Alice Nguyen'))).toBeVisible();
  });

  it('says when there is no active role but past ones', async () => {
    serve({ [`GET ${paths.list}`]: () => json(list({ active: [] })) });
    renderApp('/my-workplaces');
    expect(await screen.findByText(messages.noActive)).toBeVisible();
    expect(screen.getByRole('list', { name: 'Past workplaces' })).toBeInTheDocument();
  });

  it('shows its loading state until the list arrives', async () => {
    const held = heldReply();
    serve({ [`GET ${paths.list}`]: held.reply });
    renderApp('/my-workplaces');
    expect(await screen.findByText(messages.loading)).toBeInTheDocument();
    held.release(json(list()));
    expect(await screen.findByRole('list', { name: 'Active workplaces' })).toBeInTheDocument();
  });

  it('tells someone with no practitioner record what the page is for', async () => {
    serve(
      {
        [`GET ${paths.list}`]: () => problem(403, '/problems/no-practitioner', 'Forbidden'),
      },
      demoUsers.george(),
    );
    renderApp('/my-workplaces');
    expect(await screen.findByText(messages.noPractitioner)).toBeVisible();
  });
});

describe('A healthcare service summary', () => {
  it('shows the roles, details, hours, contact as stored and where it is published', async () => {
    serve({ [`GET ${workplaceServiceApiPath(surryHillsGpId)}`]: () => json(summary()) });
    renderApp(`/my-workplaces/healthcare-service-summary/${surryHillsGpId}`);
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Harbour General Practice Surry Hills',
      }),
    ).toBeVisible();
    const roles = screen.getByRole('list', { name: messages.rolesHeading });
    expect(within(roles).getByText('Dr Alice Nguyen')).toBeInTheDocument();
    expect(within(roles).getByText('4')).toBeInTheDocument();
    expect(screen.getByText('General practice for the whole family.')).toBeVisible();
    expect(screen.getByText('08:00 to 18:00')).toBeVisible();
    expect(screen.getByText('Closed')).toBeVisible();
    expect(screen.getByText('0291234510')).toBeVisible();
    expect(
      screen.getByText('surryhills@harbourmedical.example.com.au (not published)'),
    ).toBeVisible();
    const published = screen.getByRole('list', { name: messages.publishedHeading });
    expect(within(published).getByText('MediFund Health Insurance')).toBeVisible();
    expect(
      within(published).getByText(/chosen by the organisation \(Harbour Medical Group Pty Ltd\)/),
    ).toBeVisible();
    await waitFor(() => expect(currentHeaderItem()).toBe('Sites'));
  });

  it('says when nothing is published', async () => {
    serve({
      [`GET ${workplaceServiceApiPath(surryHillsGpId)}`]: () =>
        json({ ...summary(), publications: [] }),
    });
    renderApp(`/my-workplaces/healthcare-service-summary/${surryHillsGpId}`);
    expect(await screen.findByText(messages.notPublished)).toBeVisible();
  });

  it('is not found for a service the practitioner never worked at', async () => {
    serve({
      [`GET ${workplaceServiceApiPath(skinId)}`]: () =>
        problem(404, '/problems/not-found', 'Not found'),
    });
    renderApp(`/my-workplaces/healthcare-service-summary/${skinId}`);
    expect(await screen.findByText('This healthcare service does not exist')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: messages.serviceTitle })).toBeVisible();
    expect(screen.getByRole('link', { name: messages.backToList })).toHaveAttribute(
      'href',
      '/my-workplaces',
    );
  });

  it('is not found, as an unknown service, for a malformed id in the address', async () => {
    serve({
      [`GET ${workplaceServiceApiPath('not-a-uuid')}`]: () => invalidIdProblem('id'),
    });
    renderApp('/my-workplaces/healthcare-service-summary/not-a-uuid');
    expect(await screen.findByText('This healthcare service does not exist')).toBeVisible();
    expect(screen.queryByText(/invalid fields/)).toBeNull();
  });
});
