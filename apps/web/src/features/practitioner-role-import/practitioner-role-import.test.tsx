import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  ImportCisRole,
  ImportPreview,
  ImportRunProgress,
  OrganisationNode,
  SmartClient,
} from '@pca/contracts';
import { pages } from '@pca/contracts/pages.ts';
import {
  practitionerRoleImportApiPath as path,
  unmatchedReasons,
} from '@pca/contracts/practitioner-role-import-paths.ts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { heldReply, installFakeServer, json, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';
import { smartConnection } from '../../test/demo-world.ts';

const CONNECTION = '0b7c3a10-3333-4a2b-8c3d-000000000001';
const RUN = '0b7c3a10-4444-4a2b-8c3d-000000000001';
const ORG = '0b7c3a10-1111-4a2b-8c3d-000000000001';
const GP = '0b7c3a10-5555-4a2b-8c3d-000000000001';
const SKIN = '0b7c3a10-5555-4a2b-8c3d-000000000002';
const ADA = '0b7c3a10-6666-4a2b-8c3d-000000000001';
const BO = '0b7c3a10-6666-4a2b-8c3d-000000000002';
const ROLE = '0b7c3a10-7777-4a2b-8c3d-000000000001';

const myOrg: OrganisationNode = {
  id: ORG,
  type: 'ParticipatingOrganisation',
  name: 'Harbour Medical Group',
  alias: null,
  businessName: null,
  isPublisher: true,
  publisherApprovalStatus: 'Approved',
  status: 'Active',
  isActive: true,
  dateCreated: '2024-03-04',
  effectiveRoles: ['OrganisationManager'],
  serviceRoles: [],
  children: [],
} as unknown as OrganisationNode;

const cis = (over: Partial<ImportCisRole>): ImportCisRole => ({
  cisId: 'r1',
  givenName: 'Ada',
  familyName: 'Nguyen',
  hpii: '8003615260181594',
  practitionerId: ADA,
  problem: null,
  sourceKey: 'service:gp',
  sourceName: 'GP clinic',
  primaryType: 'General practitioner',
  startDate: '2024-01-01',
  endDate: null,
  ...over,
});

const preview: ImportPreview = {
  runId: RUN,
  connection: { id: CONNECTION, name: 'Harbour clinical software' },
  organisation: { id: ORG, name: 'Harbour Medical Group' },
  today: '2026-11-27',
  services: [
    { id: GP, name: 'Harbour General Practice', locationName: 'Surry Hills Clinic', address: null },
    { id: SKIN, name: 'Harbour Skin Check Clinic', locationName: null, address: null },
  ],
  sources: [
    {
      key: 'service:gp',
      kind: 'service',
      name: 'GP clinic',
      address: '120 Crown Street, Surry Hills NSW 2010',
      suggestedServiceId: GP,
      matchedBy: 'name-and-address',
    },
    {
      key: 'service:physio',
      kind: 'service',
      name: 'Physiotherapy',
      address: null,
      suggestedServiceId: null,
      matchedBy: null,
    },
  ],
  roles: [
    cis({}),
    cis({ cisId: 'r2', givenName: 'Bo', familyName: 'Lee', practitionerId: BO }),
    cis({
      cisId: 'r3',
      givenName: 'Bo',
      familyName: 'Lee',
      practitionerId: BO,
      sourceKey: 'service:physio',
      sourceName: 'Physiotherapy',
    }),
    cis({
      cisId: 'r4',
      givenName: 'Jack',
      familyName: 'Lawson',
      hpii: null,
      practitionerId: null,
      problem: unmatchedReasons.noHpii,
    }),
  ],
  existing: [
    {
      id: ROLE,
      practitionerId: ADA,
      healthcareServiceId: GP,
      primaryType: 'Dermatologist',
      startDate: '2024-01-01',
      endDate: null,
    },
  ],
};

const progress = (over: Partial<ImportRunProgress>): ImportRunProgress => ({
  runId: RUN,
  connectionName: 'Harbour clinical software',
  pagesRead: 1,
  rolesRead: 2,
  total: 4,
  done: false,
  ...over,
});

/** The connection as its page loads it first: Harbour's, with the user's live sign-in unless overridden. */
const connection = (over: Partial<SmartClient> = {}) =>
  smartConnection(CONNECTION, ORG, {
    organisationName: 'Harbour Medical Group',
    name: 'Harbour clinical software',
    signIn: {
      fhirUser: 'http://127.0.0.1:3006/fhir/Practitioner/alice',
      expiresAt: '2026-11-27T11:00:00.000Z',
      canRefresh: true,
      connectedAt: '2026-11-27T10:00:00.000Z',
      live: true,
    },
    ...over,
  });

const notFound = () =>
  new Response(JSON.stringify({ type: '/problems/not-found', title: 'Not Found', status: 404 }), {
    status: 404,
    headers: { 'Content-Type': 'application/problem+json' },
  });

function serve(routes: Record<string, FakeHandler> = {}) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET /api/smart-clients/${CONNECTION}`]: () => json(connection()),
    [`GET ${apiPaths.me}`]: () => json(testUser({ isPractitioner: false })),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [myOrg] }),
    [`POST ${path('start', CONNECTION)}`]: () => json(progress({})),
    [`POST ${path('next', RUN)}`]: () => json(progress({ pagesRead: 2, rolesRead: 4, done: true })),
    [`GET ${path('run', RUN)}`]: () => json(preview),
    [`DELETE ${path('run', RUN)}`]: () => new Response(null, { status: 204 }),
    [`POST ${path('import', RUN)}`]: () =>
      json({ created: 1, updated: 1, skipped: 0, organisationId: ORG }),
    ...routes,
  });
}

const url = pages.clientSystems.importRoles.href({ id: CONNECTION });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the practitioner role import page', () => {
  it('reads every page, suggests the matches, chooses new and changed rows, and imports them', async () => {
    const requests = serve();
    renderApp(url);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import practitioner roles' }),
    ).toBeVisible();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Read roles from the clinical system' }),
    );
    const summary = await screen.findByText(
      /4 roles read from Harbour clinical software for Harbour Medical Group: 1 new, 1 changed, 0 unchanged and 2 unmatched/,
    );
    expect(summary).toBeVisible();
    // Reading's Cancel button is gone: focus is on what was read, not on <body>.
    expect(document.activeElement).toBe(summary.closest('[tabindex="-1"]'));
    expect(requests.filter((r) => r.path === path('next', RUN))).toHaveLength(1);

    // The suggested match, and the one the manager must choose.
    expect(screen.getByRole('combobox', { name: /GP clinic/ })).toHaveValue(GP);
    expect(screen.getByRole('combobox', { name: /Physiotherapy/ })).toHaveValue('');
    expect(screen.getByRole('tab', { name: /Changed \(1\)/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import 2 roles' })).toBeEnabled();

    // Matching the physiotherapy service to the skin clinic makes Bo's second role new, and chosen.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Physiotherapy/ }), SKIN);
    expect(await screen.findByRole('tab', { name: /New \(2\)/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Import 3 roles' })).toBeEnabled();

    await userEvent.click(screen.getByRole('tab', { name: /Unmatched/ }));
    expect(screen.getAllByText(unmatchedReasons.noHpii)[0]).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Import 3 roles' }));
    expect(await screen.findByText('Practitioner roles imported')).toBeVisible();
    expect(screen.getByText('1 role added and 1 updated.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See your practitioners' })).toHaveAttribute(
      'href',
      pages.practitioners.list.href(),
    );
    const sent = requests.find((r) => r.path === path('import', RUN))?.body as {
      mapping: Record<string, string>;
      chosen: string[];
    };
    expect(sent.mapping).toEqual({ 'service:gp': GP, 'service:physio': SKIN });
    expect([...sent.chosen].sort()).toEqual(['r1', 'r2', 'r3']);
  });

  it('cancels while reading: the run is forgotten and nothing imported', async () => {
    const next = heldReply();
    const requests = serve({ [`POST ${path('next', RUN)}`]: next.reply });
    renderApp(url);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Read roles from the clinical system' }),
    );
    expect(await screen.findByText('Read 1 page, 2 roles so far of 4')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    next.release(json(progress({ pagesRead: 2, rolesRead: 4, done: true })));
    const cancelled = await screen.findByText('Reading was cancelled. Nothing was imported.');
    expect(cancelled).toBeVisible();
    expect(document.activeElement).toBe(cancelled.closest('[tabindex="-1"]'));
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'DELETE' && r.path === path('run', RUN))).toBe(true),
    );
    expect(requests.some((r) => r.path === path('import', RUN))).toBe(false);
  });

  it('says what went wrong when the clinical system cannot be read, and offers to read again', async () => {
    serve({
      [`POST ${path('start', CONNECTION)}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/cis-unavailable',
            title: 'Clinical information system unavailable',
            status: 502,
            detail:
              'We could not read the roles from the clinical system. Harbour clinical software: it did not answer as expected.',
          }),
          { status: 502, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp(url);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Read roles from the clinical system' }),
    );
    expect(await screen.findByRole('button', { name: 'Read the roles again' })).toBeVisible();
    expect(screen.getByText(/We could not load this clinical system connection/)).toBeVisible();
    expect(
      screen.getByText(/Harbour clinical software: it did not answer as expected/),
    ).toBeVisible();
  });
  it("moves focus to the cancelled message when the preview's Cancel is pressed", async () => {
    serve();
    renderApp(url);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Read roles from the clinical system' }),
    );
    await screen.findByText(/4 roles read from Harbour clinical software/);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const cancelled = await screen.findByText('Reading was cancelled. Nothing was imported.');
    expect(document.activeElement).toBe(cancelled.closest('[tabindex="-1"]'));
  });
});

describe('the practitioner role import page, before reading (docs/product/practitioner-role-import.md#who-can-use-it)', () => {
  it('says a connection the user cannot see does not exist, and offers nothing to read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const requests = serve({ [`GET /api/smart-clients/${CONNECTION}`]: notFound });
    renderApp(url);
    expect(await screen.findByText('This clinical system connection does not exist')).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Read roles from the clinical system' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByText(/Read the practitioner roles in/)).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === path('start', CONNECTION))).toBe(false);
    vi.restoreAllMocks();
  });

  it('offers a manager not signed in to the clinical system the connection, not the reading', async () => {
    const requests = serve({
      [`GET /api/smart-clients/${CONNECTION}`]: () => json(connection({ signIn: null })),
      [`POST /api/smart-clients/${CONNECTION}/launch`]: () =>
        new Promise<Response>(() => undefined),
    });
    renderApp(url);
    expect(
      await screen.findByText('You are not connected to Harbour clinical software'),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Read roles from the clinical system' }),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: /^Go to the business.s clinical systems$/ }),
    ).toHaveAttribute('href', `/organisation/participating/${ORG}?tab=Clinical+systems`);
    await userEvent.click(
      screen.getByRole('button', { name: 'Connect to Harbour clinical software' }),
    );
    await waitFor(() =>
      expect(
        requests.some(
          (r) => r.method === 'POST' && r.path === `/api/smart-clients/${CONNECTION}/launch`,
        ),
      ).toBe(true),
    );
  });

  it('never offers to read again after the connection turns out gone (404)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ [`POST ${path('start', CONNECTION)}`]: notFound });
    renderApp(url);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Read roles from the clinical system' }),
    );
    expect(await screen.findByText('This clinical system connection does not exist')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Read the roles again' })).not.toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('offers the connection when reading is refused for want of a sign-in (409)', async () => {
    serve({
      [`POST ${path('start', CONNECTION)}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/smart-reconnect',
            title: 'Connect again',
            status: 409,
            detail: 'Connect to Harbour clinical software again',
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp(url);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Read roles from the clinical system' }),
    );
    expect(
      await screen.findByRole('button', { name: 'Connect to Harbour clinical software' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Read the roles again' })).not.toBeInTheDocument();
  });
});
