import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  PartnerIdentifierSystem,
  PartnerServiceDetail,
  PartnerServiceSummary,
} from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, type RecordedRequest } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const operator = testUser({
  givenName: 'Priya',
  roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
});
const medifund: PartnerServiceSummary = {
  id: '5f0c2a34-7c1d-4d2e-9a8b-1c2d3e4f5a6b',
  code: 'medifund',
  name: 'MediFund Health Insurance',
  role: 'payer',
  shownToProviders: true,
  contactName: 'Sam Lee',
  contactEmail: 'sam@medifund.example',
  contactPhone: '',
  logo: null,
  logoDescription: '',
  latestVersion: 2,
  awaitingAcceptance: 3,
};
const detail: PartnerServiceDetail = {
  ...medifund,
  statements: [
    {
      id: '6f0c2a34-7c1d-4d2e-9a8b-1c2d3e4f5a6b',
      version: 2,
      title: 'MediFund statement',
      content: '<p>How we use it</p>',
      publishedAt: '2026-11-20T01:00:00.000Z',
      publishedBy: 'Priya Raman',
    },
  ],
  identifierSystems: [],
};
const system: PartnerIdentifierSystem = {
  id: '7f0c2a34-7c1d-4d2e-9a8b-1c2d3e4f5a6b',
  partnerServiceId: medifund.id,
  partnerServiceName: medifund.name,
  system: 'https://medifund.example/ids',
  name: 'MediFund provider number',
};

/** Another system of MediFund's, named `name`. */
const otherSystem = (n: number, name: string): PartnerIdentifierSystem => ({
  ...system,
  id: `7f0c2a34-7c1d-4d2e-9a8b-1c2d3e4f5a7${n}`,
  system: `https://medifund.example/ids/${n}`,
  name,
});

function serve(initialSystems: PartnerIdentifierSystem[] = []) {
  setSessionToken('tok');
  let systems = initialSystems;
  let partner = detail;
  const oneSystem = Object.fromEntries(
    initialSystems.flatMap((s) => [
      [
        `PUT /api/partner-identifier-systems/${s.id}`,
        (request: RecordedRequest) => {
          const saved = { ...s, ...(request.body as object) };
          systems = systems.map((t) => (t.id === s.id ? saved : t));
          return json(saved);
        },
      ],
      [
        `DELETE /api/partner-identifier-systems/${s.id}`,
        () => {
          systems = systems.filter((t) => t.id !== s.id);
          return new Response(null, { status: 204 });
        },
      ],
    ]),
  );
  return installFakeServer({
    ...oneSystem,
    'GET /api/me': () => json(operator),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/partner-services': () => json({ partnerServices: [medifund] }),
    [`GET /api/partner-services/${medifund.id}`]: () => json(partner),
    [`PUT /api/partner-services/${medifund.id}`]: (request) => {
      partner = { ...partner, ...(request.body as object) };
      return json(partner);
    },
    'POST /api/partner-services': (request) => {
      partner = { ...detail, ...(request.body as object) };
      return json(partner, 201);
    },
    [`POST /api/partner-services/${medifund.id}/statements`]: () =>
      json({ statement: { ...detail.statements[0]!, version: 3 }, organisationsToAccept: 3 }, 201),
    'GET /api/partner-identifier-systems': () =>
      json({
        identifierSystems: systems,
        partnerServices: [{ id: medifund.id, name: medifund.name }],
      }),
    'POST /api/partner-identifier-systems': () => {
      systems = [system];
      return json(system, 201);
    },
  });
}

const lazy = { timeout: 15_000 };

describe('partner services pages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists partner services with their statement version and who must still accept it', async () => {
    serve();
    renderApp('/partner-service');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Partner services' }, lazy),
    ).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Partner services' }, lazy);
    const card = within(list).getAllByRole('listitem')[0]!;
    expect(card).toHaveTextContent('Payer');
    expect(card).toHaveTextContent('Version 2');
    expect(card).toHaveTextContent('3 organisations');
    expect(card).toHaveTextContent('Shown to providers');
    expect(within(card).getByRole('link', { name: medifund.name })).toHaveAttribute(
      'href',
      `/partner-service/${medifund.id}`,
    );
  });

  it('registers no partner service until the operator chooses its role', async () => {
    const requests = serve();
    renderApp('/partner-service/add');
    await userEvent.type(await screen.findByLabelText(/^Code/, {}, lazy), 'explore-test-1');
    await userEvent.type(screen.getByLabelText(/^Name/), 'Exploratory Test Partner');
    expect(screen.getByLabelText(/^Role/)).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Register partner service' }));
    expect(await screen.findByRole('link', { name: 'Select a role' })).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('registers a partner service and lands on its page, where a message says so and has focus', async () => {
    const requests = serve();
    const user = userEvent.setup();
    const { router } = renderApp('/partner-service/add');
    const form = await screen.findByRole('form', { name: 'Register a partner service' }, lazy);
    await user.type(within(form).getByLabelText(/^Code/), 'medifund');
    await user.type(within(form).getByLabelText(/^Name/), 'MediFund Health Insurance');
    await user.selectOptions(within(form).getByLabelText(/^Role/), 'payer');
    await user.click(within(form).getByRole('button', { name: 'Register partner service' }));

    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe(`/partner-service/${medifund.id}`),
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      code: 'medifund',
      name: 'MediFund Health Insurance',
    });
    const message = await screen.findByText('MediFund Health Insurance is registered.', {}, lazy);
    await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());

    // A Save's message replaces it, and the history entry no longer carries it: a reload shows neither.
    const details = screen.getByRole('form', { name: 'Partner service details' });
    await user.click(within(details).getByRole('button', { name: 'Save details' }));
    const saved = await screen.findByText(/is saved\.$/);
    await waitFor(() => expect(saved.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.queryByText(/is registered\./)).toBeNull();
    await vi.waitFor(() => expect(router.state.location.state).toBeNull());
    expect(router.state.location.pathname).toBe(`/partner-service/${medifund.id}`);
  });

  it('says the details are saved, and that message takes focus from the form it replaces', async () => {
    serve();
    const user = userEvent.setup();
    renderApp(`/partner-service/${medifund.id}`);
    const form = await screen.findByRole('form', { name: 'Partner service details' }, lazy);
    const name = within(form).getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'MediFund Health');
    await user.click(within(form).getByRole('button', { name: 'Save details' }));

    const message = await screen.findByText('MediFund Health is saved.');
    await waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus());
    expect(screen.getByRole('heading', { level: 1, name: 'MediFund Health' })).toBeVisible();
  });

  it('publishes a new statement version and says how many organisations must accept it', async () => {
    const requests = serve();
    renderApp(`/partner-service/${medifund.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: medifund.name }, lazy),
    ).toBeVisible();
    expect(screen.getByText('3 organisations have not accepted the latest version')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Publish a new information use statement' });
    // Nothing in the editor: the form says what to do and sends nothing.
    await userEvent.click(within(form).getByRole('button', { name: 'Publish new version' }));
    expect((await within(form).findAllByText('Enter the statement'))[0]).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('refuses an identifier system URI that is not absolute, then adds one', async () => {
    const requests = serve();
    renderApp('/partner-identifier-system');
    expect(await screen.findByText('There are no identifier systems yet.', {}, lazy)).toBeVisible();
    const form = screen.getByRole('form', { name: 'Add an identifier system' });
    await userEvent.selectOptions(within(form).getByLabelText(/Partner service/), medifund.id);
    await userEvent.type(within(form).getByLabelText(/System URI/), 'medifund/ids');
    await userEvent.type(within(form).getByLabelText(/^Name/), 'MediFund provider number');
    await userEvent.click(within(form).getByRole('button', { name: 'Add identifier system' }));
    expect((await within(form).findAllByText(/Enter an absolute URI/))[0]).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.clear(within(form).getByLabelText(/System URI/));
    await userEvent.type(within(form).getByLabelText(/System URI/), system.system);
    await userEvent.click(within(form).getByRole('button', { name: 'Add identifier system' }));
    expect(await screen.findByText('MediFund provider number is saved.')).toBeVisible();
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        partnerServiceId: medifund.id,
        system: system.system,
        name: 'MediFund provider number',
      }),
    );
  });

  it("moves focus to the form on Edit, and back to the row's Edit button after Cancel and after saving", async () => {
    serve([system, otherSystem(2, 'MediFund location number')]);
    renderApp('/partner-identifier-system');
    const edit = await screen.findByRole('button', { name: `Edit ${system.name}` }, lazy);
    edit.focus();
    await userEvent.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: `Edit ${system.name}` });
    // The form below the list takes focus at its heading, which names what is edited.
    await waitFor(() =>
      expect(within(form).getByRole('heading', { name: `Edit ${system.name}` })).toHaveFocus(),
    );
    within(form).getByRole('button', { name: 'Cancel' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('form', { name: 'Add an identifier system' })).toBeVisible();
    expect(document.activeElement).toBe(edit);

    await userEvent.keyboard('{Enter}');
    const editForm = screen.getByRole('form', { name: `Edit ${system.name}` });
    await userEvent.clear(within(editForm).getByLabelText(/^Name/));
    await userEvent.type(within(editForm).getByLabelText(/^Name/), 'MediFund payee number');
    within(editForm).getByRole('button', { name: 'Save identifier system' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('MediFund payee number is saved.')).toBeVisible();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Edit MediFund payee number' }),
      ),
    );
  });

  it('asks before removing an identifier system, and Cancel removes nothing', async () => {
    const requests = serve([system]);
    renderApp('/partner-identifier-system');
    await userEvent.click(
      await screen.findByRole('button', { name: `Remove ${system.name}` }, lazy),
    );
    const dialog = await screen.findByRole('dialog', { name: `Remove ${system.name}?` });
    expect(dialog).toHaveTextContent(
      `${medifund.name} will no longer receive identifiers in ${system.system} through the partner API. This cannot be undone.`,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: `Remove ${system.name}` })).toBeVisible();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('moves focus after Remove to the next row, else the row before, else the heading', async () => {
    const [first, second, third] = [
      system,
      otherSystem(2, 'MediFund location number'),
      otherSystem(3, 'MediFund service number'),
    ];
    serve([first, second, third]);
    renderApp('/partner-identifier-system');
    const remove = async (name: string) => {
      screen.getByRole('button', { name: `Remove ${name}` }).focus();
      await userEvent.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: `Remove ${name}?` });
      await userEvent.click(
        within(dialog).getByRole('button', { name: 'Remove identifier system' }),
      );
      expect(await screen.findByText(`${name} is removed.`)).toBeVisible();
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: `Remove ${name}` })).toBeNull(),
      );
    };
    await screen.findByRole('button', { name: `Remove ${first.name}` }, lazy);

    await remove(first.name);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: `Edit ${second.name}` }),
    );
    await remove(third.name);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: `Edit ${second.name}` }),
    );
    await remove(second.name);
    expect(screen.getByText('There are no identifier systems yet.')).toBeVisible();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Identifier systems' }),
    );
  });
});
