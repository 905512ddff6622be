import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  NhsdImportOrganisationNode,
  NhsdLocationSearchItem,
  NhsdSearchResult,
  NhsdService,
  InheritedNhsdPublication,
  OrganisationNode,
  PartnerServiceItem,
} from '@pca/contracts';
import { localityApiPaths } from '@pca/contracts/localities.ts';
import {
  nhsdImportApiPaths as paths,
  nhsdMessages,
  nhsdOrganisationApiPath,
} from '@pca/contracts/nhsd-import-paths.ts';
import { apiPaths, meApiPaths } from '@pca/contracts/paths.ts';
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Core } from '@pca/ui/primitives/core.ts';
import { ConfigProvider } from '#lib/config.tsx';
import { setSessionToken } from '#lib/session-token.ts';
import { heldReply, installFakeServer, json, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testConfig, testUser } from '../../test/test-config.ts';
import { FindPractice } from './components/find-practice.tsx';
import { ServicesTable } from './components/services-table.tsx';
import {
  offeredPartners,
  publicationChoices,
  publicationNeeds,
  subscriptionsOf,
} from './components/publication.tsx';
import {
  defaultLocation,
  defaultOrganisation,
  initialWizardState,
  isDuplicateTypeError,
  locationsFor,
  organisationChoices,
  wizardReducer,
  type WizardState,
} from './wizard-state.ts';
import { ApiError } from '#lib/http.ts';
import { surryHillsLocality } from '../../test/demo-world.ts';

const ORG = '0b7c3a10-1111-4a2b-8c3d-000000000001';
const CHILD = '0b7c3a10-1111-4a2b-8c3d-000000000002';
const CLINIC = '0b7c3a10-2222-4a2b-8c3d-000000000001';
const MOBILE = '0b7c3a10-2222-4a2b-8c3d-000000000002';
const VIRTUAL = '0b7c3a10-2222-4a2b-8c3d-000000000003';

const locality = surryHillsLocality;

const service = (n: number, over: Partial<NhsdService> = {}): NhsdService => ({
  nhsdResourceIdentifier: `nhsd-${n}`,
  name: `Crown Street Clinic - Service ${n}`,
  serviceTypes: [n % 2 ? 'General practice' : 'Physiotherapy', 'Other'],
  organisationName: 'Crown Street Clinic',
  addressLines: [`${n} Crown Street`],
  city: 'Surry Hills',
  postcode: '2010',
  state: 'NSW',
  appliesTo: 'si',
  addressText: `${n} Crown Street, Surry Hills NSW 2010`,
  identifierAlreadyInUse: false,
  ...over,
});

const location = (over: Partial<NhsdLocationSearchItem> = {}): NhsdLocationSearchItem => ({
  locationId: CLINIC,
  name: 'Surry Hills Clinic',
  addressText: '120 Crown Street, Surry Hills NSW 2010',
  type: [],
  ...over,
});

const orgNode = (over: Partial<NhsdImportOrganisationNode> = {}): NhsdImportOrganisationNode => ({
  id: ORG,
  type: 'ParticipatingOrganisation',
  name: 'Harbour Medical Group',
  isActive: true,
  effectiveRoles: ['OrganisationManager'],
  children: [],
  ...over,
});

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
};

/** What a step needs around it: the design system, the configuration and a query client. */
function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <Core>
      <ConfigProvider config={testConfig}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ConfigProvider>
    </Core>
  );
}

function renderComponent(ui: ReactNode) {
  return render(ui, { wrapper: Providers });
}

/** Alice's tree with Harbour Telehealth under it, as the guard reads it. */
const myOrgWithChild: OrganisationNode = {
  ...myOrg,
  children: [{ ...myOrg, id: CHILD, type: 'HiOrganisation', name: 'Harbour Telehealth' }],
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('step 2: the suburb or postcode autocomplete', () => {
  it('searches 500 ms after the third character, offers only postcodes of the pattern not already chosen, and enables the search once one is chosen', async () => {
    // Only the timeouts (the debounce) are faked; Testing Library's polling keeps its own interval.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const requests = installFakeServer({
      [`GET ${localityApiPaths.search}`]: () =>
        json({
          localities: [
            locality(),
            locality({
              id: '5a0c0000-0000-4000-8000-000000000801',
              postcode: '801',
              fullLocation: 'Odd Place NT 801',
            }),
            locality({
              id: '5a0c0000-0000-4000-8000-000000002011',
              locality: 'Woolloomooloo',
              postcode: '2011',
              fullLocation: 'Woolloomooloo NSW 2011',
            }),
          ],
        }),
    });
    const onArea = vi.fn();
    const props = {
      appliesTo: 'si' as const,
      search: null,
      onSearched: vi.fn(),
      practice: null,
      onPractice: vi.fn(),
      onSearchStart: vi.fn(),
    };
    const { rerender } = renderComponent(<FindPractice {...props} area={null} onArea={onArea} />);
    const find = screen.getByRole('button', { name: 'Find practice or business' });
    expect(find).toBeDisabled();

    const input = screen.getByRole('combobox', { name: /Suburb or postcode/ });
    fireEvent.change(input, { target: { value: '20' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(requests.filter((r) => r.path.startsWith(localityApiPaths.search))).toHaveLength(0);

    fireEvent.change(input, { target: { value: '201' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(requests.filter((r) => r.path.startsWith(localityApiPaths.search))).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(requests.filter((r) => r.path.startsWith(localityApiPaths.search))).toHaveLength(1);
    expect(requests.at(-1)?.path).toBe(`${localityApiPaths.search}?q=201`);

    await act(() => vi.advanceTimersByTimeAsync(0));
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Surry Hills NSW 2010',
      'Woolloomooloo NSW 2011',
    ]);
    fireEvent.click(options[0]!);
    expect(onArea).toHaveBeenCalledWith(
      expect.objectContaining({ suburb: 'Surry Hills', postcode: '2010', state: 'NSW' }),
    );
    const chosen = onArea.mock.calls[0]![0] as Parameters<typeof onArea>[0];

    rerender(<FindPractice {...props} area={chosen} onArea={onArea} />);
    expect(screen.getByRole('button', { name: 'Find practice or business' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove Surry Hills NSW 2010' })).toBeVisible();

    // The area already chosen is not offered again.
    const again = screen.getByRole('combobox', { name: /Suburb or postcode/ });
    fireEvent.change(again, { target: { value: 'surry' } });
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const offered = screen.getAllByRole('option');
    expect(offered.map((o) => o.textContent)).toEqual(['Woolloomooloo NSW 2011']);
  });
});

describe('step 2: the name search (mobile and virtual)', () => {
  it('needs 3 characters, is disabled while searching, and puts "not found" on the field', async () => {
    const found = heldReply();
    const requests = installFakeServer({ [`GET ${paths.find}`]: found.reply });
    const onSearched = vi.fn();
    renderComponent(
      <FindPractice
        appliesTo="home"
        area={null}
        onArea={vi.fn()}
        search={null}
        onSearched={onSearched}
        practice={null}
        onPractice={vi.fn()}
        onSearchStart={vi.fn()}
      />,
    );
    const name = screen.getByRole('textbox', { name: /Practice or business name/ });
    const find = screen.getByRole('button', { name: 'Find practice or business' });
    await userEvent.type(name, 'ab');
    await userEvent.tab();
    expect(find).toBeDisabled();
    expect(screen.getByText(nhsdMessages.nameTooShort)).toBeVisible();

    await userEvent.type(name, 'c');
    expect(screen.queryByText(nhsdMessages.nameTooShort)).toBeNull();
    expect(find).toBeEnabled();
    await userEvent.click(find);
    await waitFor(() => expect(requests.some((r) => r.path.startsWith(paths.find))).toBe(true));
    expect(requests.find((r) => r.path.startsWith(paths.find))?.path).toContain('appliesTo=home');
    expect(requests.find((r) => r.path.startsWith(paths.find))?.path).toContain('name=abc');
    expect(
      screen.getByRole('button', { name: /Find practice or business|Searching/ }),
    ).toBeDisabled();

    found.release(json({ services: [], organisationNames: [] } satisfies NhsdSearchResult));
    // The field says it, and the error summary takes the focus.
    expect(await screen.findAllByText(nhsdMessages.nameNotFound)).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(onSearched).toHaveBeenCalled();
  });
});

describe('step 3: the services table', () => {
  it('asks for step 2 first', () => {
    renderComponent(
      <ServicesTable appliesTo="si" services={null} selected={[]} onSelectionChange={vi.fn()} />,
    );
    expect(screen.getByText('Complete step 2 to see results.')).toBeVisible();
  });

  it('shows the count, the first service type, the chips, no checkbox for services in use, and selects all the others', async () => {
    const onSelectionChange = vi.fn();
    const rows = [service(1), service(2, { identifierAlreadyInUse: true }), service(3)];
    const { rerender } = renderComponent(
      <ServicesTable
        appliesTo="si"
        services={rows}
        selected={[]}
        onSelectionChange={onSelectionChange}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Showing 3 results' })).toBeVisible();
    const table = screen.getByRole('table', { name: 'Showing 3 results' });
    expect(
      within(table)
        .getAllByRole('columnheader', { hidden: true })
        .map((h) => h.textContent),
    ).toEqual([
      'Select all services',
      'Service type',
      'Practice or business name',
      'Address',
      'Imported',
    ]);
    // Each service names the practice it belongs to (issue 30).
    // On a phone (jsdom applies no media query) the address sits under the practice's name.
    const practices = within(table).getAllByRole('cell', { name: /^Crown Street Clinic/ });
    expect(practices).toHaveLength(3);
    expect(practices[0]).toHaveTextContent('1 Crown Street, Surry Hills NSW 2010');
    expect(
      within(table).getByRole('checkbox', { name: `Select ${rows[0]!.name}, Crown Street Clinic` }),
    ).toBeInTheDocument();
    // Each chip is drawn twice: in its column, and under the type on a phone (one of them hidden by CSS).
    expect(within(table).getAllByText('Imported', { selector: 'span' })).toHaveLength(2);
    expect(within(table).getAllByText('Not yet')).toHaveLength(4);
    // The address twice: in its column, and under the practice on a phone (one of them hidden by CSS).
    expect(within(table).getAllByText('1 Crown Street, Surry Hills NSW 2010')).toHaveLength(2);
    expect(within(table).getAllByRole('cell', { name: /^General practice/ })).toHaveLength(2);
    expect(
      within(table).queryByRole('checkbox', { name: new RegExp(`^Select ${rows[1]!.name}`) }),
    ).toBeNull();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all services' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['nhsd-1', 'nhsd-3']);

    rerender(
      <ServicesTable
        appliesTo="home"
        services={[service(1, { appliesTo: 'home', organisationName: 'Harbour Home Visits' })]}
        selected={['nhsd-1']}
        onSelectionChange={onSelectionChange}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Showing 1 result' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'Practice or business name' })).toBeVisible();
    expect(screen.getByRole('cell', { name: 'Harbour Home Visits' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Select all services' })).toBeChecked();
  });
});

describe('the wizard rules', () => {
  const found: WizardState = {
    ...initialWizardState,
    appliesTo: 'si',
    search: { appliesTo: 'si', result: { services: [service(1)], organisationNames: [] } },
    selected: ['nhsd-1'],
    organisationId: ORG,
    locationId: CLINIC,
  };

  it('resets by level: business type clears from step 2, services clear the destination, an organisation clears the location, an import clears all', () => {
    const typed = wizardReducer(found, { type: 'businessType', appliesTo: 'home' });
    expect(typed).toMatchObject({
      appliesTo: 'home',
      search: null,
      selected: [],
      area: null,
      organisationId: null,
      locationId: null,
    });
    expect(typed.generation).toBe(found.generation + 1);
    expect(wizardReducer(found, { type: 'businessType', appliesTo: 'si' })).toBe(found);

    expect(wizardReducer(found, { type: 'selection', selected: [] })).toMatchObject({
      search: found.search,
      selected: [],
      organisationId: null,
      locationId: null,
    });
    expect(wizardReducer(found, { type: 'organisation', organisationId: CHILD })).toMatchObject({
      selected: ['nhsd-1'],
      organisationId: CHILD,
      locationId: null,
    });
    const imported = wizardReducer(found, { type: 'imported' });
    expect(imported).toEqual({ ...initialWizardState, generation: found.generation + 1 });
  });

  it('clears the location with the duplicate-type message, and maps only that answer to it', () => {
    expect(wizardReducer(found, { type: 'duplicateType' })).toMatchObject({
      locationId: '',
      locationError: nhsdMessages.duplicateServiceType,
    });
    const duplicate = new ApiError(409, {
      type: '/problems/nhsd-duplicate-service-type',
      title: 'Conflict',
      status: 409,
      detail: `${nhsdMessages.duplicateServiceTypeDetail} 'General practice'.`,
    });
    const byDetail = new ApiError(409, {
      type: 'about:blank',
      title: 'Conflict',
      status: 409,
      detail: `Rejected: ${nhsdMessages.duplicateServiceTypeDetail} 'X'.`,
    });
    const inUse = new ApiError(409, {
      type: '/problems/nhsd-identifier-in-use',
      title: 'Conflict',
      status: 409,
      detail: nhsdMessages.identifierInUse,
    });
    expect([duplicate, byDetail, inUse, new Error('x')].map(isDuplicateTypeError)).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('auto-selects the only organisation or the one in the query, and the only location of the business type', () => {
    const trees = [
      orgNode({
        children: [orgNode({ id: CHILD, type: 'HiOrganisation', name: 'Harbour Telehealth' })],
      }),
    ];
    const choices = organisationChoices(trees);
    expect(choices.map((c) => c.label)).toEqual([
      'Harbour Medical Group',
      'Harbour Telehealth (Harbour Medical Group)',
    ]);
    expect(defaultOrganisation(choices, null)).toBe('');
    expect(defaultOrganisation(choices, CHILD)).toBe(CHILD);
    expect(defaultOrganisation(choices.slice(0, 1), null)).toBe(ORG);
    expect(defaultOrganisation(choices, 'not-offered')).toBe('');

    const items = [
      location(),
      location({ locationId: MOBILE, name: 'Home visits', addressText: '', type: ['MOBL'] }),
      location({ locationId: VIRTUAL, name: 'Telehealth', addressText: '', type: ['VI'] }),
    ];
    expect(locationsFor('si', items).map((l) => l.locationId)).toEqual([CLINIC]);
    expect(locationsFor('home', items).map((l) => l.locationId)).toEqual([MOBILE]);
    expect(locationsFor('virtual', items).map((l) => l.locationId)).toEqual([VIRTUAL]);
    expect(defaultLocation(locationsFor('si', items), null)).toBe(CLINIC);
    expect(defaultLocation(items, null)).toBe('');
    expect(defaultLocation(items, VIRTUAL)).toBe(VIRTUAL);
    // Never a location at another address than the services' (issue 30).
    const si = locationsFor('si', items);
    expect(defaultLocation(si, null, '1 Crown Street, Surry Hills NSW 2010')).toBe('');
    expect(defaultLocation(si, CLINIC, '1 Crown Street, Surry Hills NSW 2010')).toBe('');
    expect(defaultLocation(si, null, '120 CROWN STREET, Surry Hills NSW 2010')).toBe(CLINIC);
  });

  it('offers the national directory and Health Connect only when missing (Health Connect behind its flag), and subscribes the providers-only directory with the national one', () => {
    const partner = (
      code: string,
      n: number,
      subscribedWith: string | null = null,
    ): PartnerServiceItem => ({
      id: `0b7c3a10-3333-4a2b-8c3d-00000000000${n}`,
      code,
      name: code,
      informationUseStatement: {
        id: `0b7c3a10-4444-4a2b-8c3d-00000000000${n}`,
        version: 2,
        title: 'IUS',
        content: '…',
      },
      hasAcceptedLatestVersionIus: false,
      subscribedWith,
    });
    const items = [
      partner('nhsd', 1),
      partner('nhsd-providers', 2, 'nhsd'),
      partner('health-connect', 3),
    ];
    const status = {
      hasHcaPublicationPreferences: false,
      hasNhsdPublicationPreferences: false,
      organisationPublicationPreferences: [],
      inherited: [],
    };
    expect(publicationNeeds(status, false)).toEqual({
      nationalDirectory: true,
      healthConnect: false,
    });
    expect(offeredPartners(items, publicationNeeds(status, false)).map((p) => p.code)).toEqual([
      'nhsd',
    ]);
    expect(offeredPartners(items, publicationNeeds(status, true)).map((p) => p.code)).toEqual([
      'nhsd',
      'health-connect',
    ]);
    expect(
      publicationNeeds(
        { ...status, hasNhsdPublicationPreferences: true, hasHcaPublicationPreferences: true },
        true,
      ),
    ).toEqual({ nationalDirectory: false, healthConnect: false });

    const choices = publicationChoices(items, publicationNeeds(status, true), []);
    expect(choices.map((c) => [c.code, c.along.map((a) => a.id)])).toEqual([
      ['nhsd', [items[1]!.id]],
      ['health-connect', []],
    ]);
    const subs = subscriptionsOf(
      {
        entries: {
          [items[0]!.id]: {
            publishService: true,
            acceptIus: true,
            publishFuturePractitioners: false,
          },
          [items[2]!.id]: {
            publishService: false,
            acceptIus: false,
            publishFuturePractitioners: true,
          },
        },
      },
      choices,
    );
    // The providers-only directory goes with the national one, on its own statement (shown beside it).
    expect(subs).toEqual([
      {
        partnerServiceId: items[0]!.id,
        informationUseStatementId: items[0]!.informationUseStatement.id,
        subscribeFuturePractitioners: false,
      },
      {
        partnerServiceId: items[1]!.id,
        informationUseStatementId: items[1]!.informationUseStatement.id,
        subscribeFuturePractitioners: false,
      },
    ]);

    // An inherited publication on an older statement is asked about again, once, on its latest statement;
    // one on the current statement is not.
    const stale = inheritedPublication({ current: false });
    const again = publicationChoices(items, publicationNeeds(status, true), [
      stale,
      inheritedPublication({ partner: { ...stale.partner, id: items[0]!.id, code: 'nhsd' } }),
    ]);
    expect(again.map((c) => [c.code, c.renews?.acceptedVersion ?? null])).toEqual([
      ['nhsd', null],
      ['health-connect', null],
      ['medifund', 1],
    ]);
    expect(again[2]!.statement).toEqual(stale.latestStatement);
  });
});

const MEDIFUND = '0b7c3a10-3333-4a2b-8c3d-000000000009';

/** What the services would inherit from Harbour: MediFund, current unless said otherwise. */
const inheritedPublication = (
  over: Partial<InheritedNhsdPublication> = {},
): InheritedNhsdPublication => ({
  partner: { id: MEDIFUND, code: 'medifund', name: 'MediFund Health Insurance', role: 'payer' },
  from: { level: 'organisation', id: ORG, name: 'Harbour Medical Group' },
  publishFuturePractitioners: false,
  acceptedVersion: 1,
  acceptedBy: 'Alice Nguyen',
  acceptedAt: '2026-03-04T01:00:00.000Z',
  latestStatement: {
    id: '0b7c3a10-4444-4a2b-8c3d-000000000009',
    version: over.current === false ? 2 : 1,
    title: `MediFund Health Insurance information use statement (version ${over.current === false ? 2 : 1})`,
    content: 'MediFund uses the details you publish to validate claims.',
  },
  current: true,
  ...over,
});

/** The wizard's API for one organisation with one physical location. */
function serveWizard(routes: Record<string, FakeHandler> = {}) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(testUser({ isPractitioner: false })),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [myOrg] }),
    [`GET ${paths.banner}`]: () => json({ maintenance: false, message: null }),
    [`GET ${paths.organisations}`]: () => json({ organisations: [orgNode()] }),
    [`GET ${localityApiPaths.search}`]: () => json({ localities: [locality()] }),
    [`GET ${paths.find}`]: () =>
      json({
        services: [service(1), service(2), service(3, { identifierAlreadyInUse: true })],
        organisationNames: [],
      } satisfies NhsdSearchResult),
    [`GET ${nhsdOrganisationApiPath('locations', ORG)}`]: () =>
      json({
        // At the first service's own address, so the only physical location is the one chosen.
        items: [
          location({ addressText: '1 Crown Street, Surry Hills NSW 2010' }),
          location({ locationId: MOBILE, name: 'Home visits', type: ['MOBL'] }),
        ],
        page: 1,
        total: 2,
      }),
    [`GET ${nhsdOrganisationApiPath('publicationPreferences', ORG)}`]: () =>
      json({
        hasHcaPublicationPreferences: true,
        hasNhsdPublicationPreferences: true,
        organisationPublicationPreferences: [],
        inherited: [],
      }),
    [`POST ${paths.validate}`]: () => new Response(null, { status: 204 }),
    [`POST ${paths.import}`]: () =>
      json({
        locationId: CLINIC,
        locationName: 'Surry Hills Clinic',
        locationCreated: false,
        healthcareServiceIds: [
          '0b7c3a10-5555-4a2b-8c3d-000000000001',
          '0b7c3a10-5555-4a2b-8c3d-000000000002',
        ],
      }),
    ...routes,
  });
}

/** Steps 2 and 3 as a person does them: a postcode, the search, then every service. */
async function findAndSelectAll() {
  const input = await screen.findByRole('combobox', { name: /Suburb or postcode/ });
  await userEvent.type(input, '2010');
  await userEvent.click(await screen.findByRole('option', { name: 'Surry Hills NSW 2010' }));
  await userEvent.click(screen.getByRole('button', { name: 'Find practice or business' }));
  expect(await screen.findByRole('heading', { name: 'Showing 3 results' })).toBeVisible();
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select all services' }));
}

describe('the wizard page', () => {
  it('auto-selects the only organisation and location, validates, imports, says so and starts again', async () => {
    const requests = serveWizard();
    renderApp('/nhsd-import');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Importing services from NHSD' }),
    ).toBeVisible();
    expect(await screen.findByText('Complete step 2 to see results.')).toBeVisible();
    const importNow = screen.getByRole('button', { name: 'Import now' });
    expect(importNow).toBeDisabled();

    await findAndSelectAll();
    // One organisation and one physical location: both chosen, and the choice validated.
    expect(await screen.findByRole('combobox', { name: /Organisation/ })).toHaveValue(ORG);
    expect(await screen.findByRole('combobox', { name: /Location/ })).toHaveValue(CLINIC);
    expect(
      within(screen.getByRole('combobox', { name: /Location/ })).queryByRole('option', {
        name: /Home visits/,
      }),
    ).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import now' })).toBeEnabled());
    const validate = requests.find((r) => r.path === paths.validate);
    expect(validate?.body).toEqual({
      importIds: ['nhsd-1', 'nhsd-2'],
      organisationId: ORG,
      locationId: CLINIC,
      nhsdSubscriptions: [],
    });
    // No publication step: the organisation has its preferences.
    expect(screen.queryByRole('heading', { name: /Publish to national directories/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Successfully imported')).toBeVisible();
    expect(screen.getByText("2 service(s) under location 'Surry Hills Clinic'")).toBeVisible();
    expect(requests.find((r) => r.path === paths.import)?.body).toEqual(validate?.body);
    expect(screen.getByText('Complete step 2 to see results.')).toBeVisible();
    expect(screen.getByRole('radio', { name: /Physical/ })).toBeChecked();
  });

  it('shows every partner the services inherit before Import now, asking for the chosen location (issue 30)', async () => {
    const requests = serveWizard({
      [`GET ${nhsdOrganisationApiPath('publicationPreferences', ORG)}`]: () =>
        json({
          hasHcaPublicationPreferences: true,
          hasNhsdPublicationPreferences: true,
          organisationPublicationPreferences: [],
          inherited: [inheritedPublication()],
        }),
    });
    renderApp('/nhsd-import');
    await findAndSelectAll();
    const list = await screen.findByRole('list', { name: 'Published already' });
    expect(list).toHaveTextContent(
      'MediFund Health Insurance: inherited from the organisation Harbour Medical Group; information use statement version 1 accepted by Alice Nguyen on',
    );
    expect(list).toHaveTextContent('practitioners who join are not published.');
    expect(
      screen.getByText('There is nothing else to choose for this organisation.'),
    ).toBeVisible();
    expect(
      requests.some(
        (r) =>
          r.path ===
          `${nhsdOrganisationApiPath('publicationPreferences', ORG)}?locationId=${CLINIC}`,
      ),
    ).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import now' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Successfully imported')).toBeVisible();
    // Nothing was chosen in the step: nothing is sent to be accepted.
    expect(requests.find((r) => r.path === paths.import)?.body).toMatchObject({
      nhsdSubscriptions: [],
    });
  });

  it('asks again for an inherited publication on an older statement, and sends the statement it showed', async () => {
    const stale = inheritedPublication({ current: false });
    const requests = serveWizard({
      [`GET ${nhsdOrganisationApiPath('publicationPreferences', ORG)}`]: () =>
        json({
          hasHcaPublicationPreferences: true,
          hasNhsdPublicationPreferences: true,
          organisationPublicationPreferences: [],
          inherited: [stale],
        }),
    });
    renderApp('/nhsd-import');
    await findAndSelectAll();
    expect(
      await screen.findByText(
        'The organisation Harbour Medical Group publishes to MediFund Health Insurance on version 1 of its information use statement, accepted by Alice Nguyen; version 2 is current. Accept it to publish the imported services to MediFund Health Insurance; otherwise they are not published to it.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Published already' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import now' })).toBeEnabled());
    await userEvent.click(screen.getByRole('button', { name: 'Import now' }));
    expect(
      await screen.findAllByText(
        'Accept the information use statement, or choose not to publish to this partner service',
      ),
    ).not.toHaveLength(0);
    expect(requests.some((r) => r.path === paths.import)).toBe(false);
    await userEvent.click(
      screen.getByRole('checkbox', {
        name: 'I accept the information use statement of MediFund Health Insurance',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import now' }));
    expect(await screen.findByText('Successfully imported')).toBeVisible();
    expect(requests.find((r) => r.path === paths.import)?.body).toMatchObject({
      nhsdSubscriptions: [
        {
          partnerServiceId: MEDIFUND,
          informationUseStatementId: stale.latestStatement.id,
          subscribeFuturePractitioners: false,
        },
      ],
    });
  });

  it('does not pre-select a location at another address, names the services’ address, and shows the chosen one whole (issue 30)', async () => {
    serveWizard({
      [`GET ${nhsdOrganisationApiPath('locations', ORG)}`]: () =>
        json({ items: [location()], page: 1, total: 1 }),
    });
    renderApp('/nhsd-import');
    await findAndSelectAll();
    const select = await screen.findByRole('combobox', { name: /Location/ });
    // The only physical location is at 120 Crown Street; the services at 1 Crown Street.
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription(
      /The services are at 1 Crown Street, Surry Hills NSW 2010\./,
    );
    expect(screen.getByRole('button', { name: 'Import now' })).toBeDisabled();
    await userEvent.selectOptions(select, CLINIC);
    expect(screen.getByTestId('chosen-location-address')).toHaveTextContent(
      'Surry Hills Clinic: 120 Crown Street, Surry Hills NSW 2010',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import now' })).toBeEnabled());
  });

  it('clears the location and says why when the location already has a service of that type', async () => {
    serveWizard({
      [`POST ${paths.validate}`]: () =>
        new Response(
          JSON.stringify({
            type: '/problems/nhsd-duplicate-service-type',
            title: 'Conflict',
            status: 409,
            detail: `${nhsdMessages.duplicateServiceTypeDetail} 'General practice'.`,
          }),
          { status: 409, headers: { 'Content-Type': 'application/problem+json' } },
        ),
    });
    renderApp('/nhsd-import');
    await findAndSelectAll();
    expect(await screen.findByText(nhsdMessages.duplicateServiceType)).toBeVisible();
    expect(screen.getByRole('combobox', { name: /Location/ })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Import now' })).toBeDisabled();
  });

  it('changing the services chosen clears the location choice; changing the business type clears the search', async () => {
    serveWizard({
      [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [myOrgWithChild] }),
      [`GET ${paths.organisations}`]: () =>
        json({
          organisations: [
            orgNode({
              children: [
                orgNode({ id: CHILD, type: 'HiOrganisation', name: 'Harbour Telehealth' }),
              ],
            }),
          ],
        }),
    });
    renderApp('/nhsd-import');
    await findAndSelectAll();
    const organisation = await screen.findByRole('combobox', { name: /Organisation/ });
    expect(organisation).toHaveValue('');
    await userEvent.selectOptions(organisation, ORG);
    expect(await screen.findByRole('combobox', { name: /Location/ })).toHaveValue(CLINIC);
    await userEvent.click(
      screen.getByRole('checkbox', { name: `Select ${service(2).name}, Crown Street Clinic` }),
    );
    expect(screen.getByRole('combobox', { name: /Organisation/ })).toHaveValue('');
    expect(screen.queryByRole('combobox', { name: /Location/ })).toBeNull();

    await userEvent.click(screen.getByText(/^Mobile/));
    expect(screen.getByText('Complete step 2 to see results.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Practice or business name/ })).toHaveValue('');
  });

  it('preselects the organisation and location named in the query, and Cancel goes to that location', async () => {
    serveWizard({
      [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [myOrgWithChild] }),
      [`GET ${paths.organisations}`]: () =>
        json({
          organisations: [
            orgNode({
              children: [
                orgNode({ id: CHILD, type: 'HiOrganisation', name: 'Harbour Telehealth' }),
              ],
            }),
          ],
        }),
      [`GET ${nhsdOrganisationApiPath('locations', CHILD)}`]: () =>
        json({
          // The query's location is at the services' address (one at another is never pre-selected).
          items: [
            location(),
            location({
              locationId: VIRTUAL,
              name: 'Second clinic',
              addressText: '1 Crown Street, Surry Hills NSW 2010',
            }),
          ],
          page: 1,
          total: 2,
        }),
      [`GET ${nhsdOrganisationApiPath('publicationPreferences', CHILD)}`]: () =>
        json({
          hasHcaPublicationPreferences: true,
          hasNhsdPublicationPreferences: true,
          organisationPublicationPreferences: [],
          inherited: [],
        }),
    });
    const { router } = renderApp(`/nhsd-import?locationId=${VIRTUAL}&orgId=${CHILD}`);
    await findAndSelectAll();
    expect(await screen.findByRole('combobox', { name: /Organisation/ })).toHaveValue(CHILD);
    expect(await screen.findByRole('combobox', { name: /Location/ })).toHaveValue(VIRTUAL);
    // Nothing imported yet, but the search found services: Cancel asks first.
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel importing services' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/location/${VIRTUAL}`));
  });

  it('Cancel without results goes to the organisation page of its type', async () => {
    serveWizard({
      [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [myOrgWithChild] }),
      [`GET ${paths.organisations}`]: () =>
        json({
          organisations: [
            orgNode({
              children: [
                orgNode({ id: CHILD, type: 'HiOrganisation', name: 'Harbour Telehealth' }),
              ],
            }),
          ],
        }),
    });
    const { router } = renderApp(`/nhsd-import?organisationId=${CHILD}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/organisation/hi/${CHILD}`));
  });

  it('shows the maintenance warning when the banner says so or fails', async () => {
    serveWizard({
      [`GET ${paths.banner}`]: () => json({ maintenance: true, message: nhsdMessages.maintenance }),
    });
    renderApp('/nhsd-import');
    expect(await screen.findByText(nhsdMessages.maintenance)).toBeVisible();
  });

  it('tells a manager without an approved organisation there is nothing to import into', async () => {
    serveWizard({ [`GET ${paths.organisations}`]: () => json({ organisations: [] }) });
    renderApp('/nhsd-import');
    expect(await screen.findByText(nhsdMessages.noOrganisations)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Import now' })).toBeNull();
  });

  it('holds in-app navigation with the leave dialog once a search found services', async () => {
    serveWizard();
    const { router } = renderApp('/nhsd-import');
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(await screen.findByText('Complete step 2 to see results.')).toBeVisible();
    expect(unload()).toBe(false);
    await findAndSelectAll();
    // The browser warns before the page unloads.
    expect(unload()).toBe(true);
    await act(() => router.navigate('/welcome'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel importing services' });
    expect(dialog).toHaveTextContent(nhsdMessages.leaveDialog.message);
    expect(dialog).toHaveTextContent(nhsdMessages.leaveDialog.warning);
    // Not dismissable by clicking outside.
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(screen.getByRole('dialog', { name: 'Cancel importing services' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue importing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/nhsd-import');
    expect(screen.getByRole('heading', { name: 'Showing 3 results' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel importing services' });
    await userEvent.click(within(again).getByRole('button', { name: 'Confirm cancellation' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/nhsd-import'));
  });
});
