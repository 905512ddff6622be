import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { smartClientMessages, type SmartClient } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { signInText } from '#lib/smart-clients/clinical-systems.tsx';
import { fieldProblem, heldReply, installFakeServer, json } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';
import { organisationDetail, smartConnection } from '../../test/demo-world.ts';

const id = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
// The first load of a lazy page can take many seconds on a busy machine (a wait ends as soon as it passes).
const lazy = { timeout: 30_000 };

const refusal = (status: number, type: string, detail: string) =>
  new Response(JSON.stringify({ type, title: 'Refused', status, detail }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });

function serve(routes: Parameters<typeof installFakeServer>[0]) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(testUser()),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    ...routes,
  });
}

describe('the launch pages (docs/product/smart-clients.md#launch)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the code and state for the organisation, and shows the server’s refusal', async () => {
    const requests = serve({
      'POST /api/smart-clients/token': () =>
        refusal(400, '/problems/smart-state-invalid', smartClientMessages.stateInvalid),
    });
    renderApp(`/organisation/participating/${id}/launch?code=c0de&state=po%3A${id}xyz`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Connection failed' }, lazy),
    ).toBeVisible();
    expect(screen.getByText(smartClientMessages.stateInvalid)).toBeVisible();
    expect(requests.find((r) => r.path === '/api/smart-clients/token')?.body).toEqual({
      organisationId: id,
      code: 'c0de',
      state: `po:${id}xyz`,
    });
    expect(
      screen.getByRole('link', { name: /^Go to the business.s clinical systems$/ }),
    ).toHaveAttribute('href', `/organisation/participating/${id}?tab=Clinical+systems`);
  });

  it('refuses an EHR launch from an iss the organisation has not connected', async () => {
    serve({
      'POST /api/smart-clients/app-launch': () =>
        refusal(404, '/problems/smart-unknown-iss', smartClientMessages.unknownIss),
    });
    renderApp(`/organisation/hi/${id}/applaunch?iss=https%3A%2F%2Fevil.example%2Ffhir&launch=x`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Launch refused' }, lazy),
    ).toBeVisible();
    expect(screen.getByText(smartClientMessages.unknownIss)).toBeVisible();
  });

  it('says what is missing when the clinical system sent no code', async () => {
    serve({});
    renderApp(`/organisation/participating/${id}/launch`);
    expect(
      await screen.findByText(/returned no authorisation code/, undefined, lazy),
    ).toBeVisible();
  });
});

const orgId = '0b5d3c1e-8f8a-4c62-9d35-6a1b2c3d4e5f';
const connection = (over: Partial<SmartClient> = {}) => smartConnection(id, orgId, over);
const organisation = organisationDetail({ id: orgId });

describe('adding a clinical system (docs/product/smart-clients.md#adding-a-clinical-system)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('drops the server’s error from the summary once the user changes a value', async () => {
    const held = heldReply();
    let posts = 0;
    serve({
      [`GET /api/organisations/${orgId}`]: () => json(organisation),
      'POST /api/smart-clients': () => {
        posts += 1;
        return posts === 1 ? fieldProblem('iss', smartClientMessages.issUnreachable) : held.reply();
      },
    });
    const user = userEvent.setup();
    renderApp(`/smart-client/add-edit?organisationId=${orgId}`);
    await user.type(
      await screen.findByRole('textbox', { name: /Clinical system name/ }, lazy),
      'Harbour CIS',
    );
    const url = screen.getByRole('textbox', { name: /FHIR base URL/ });
    await user.type(url, 'http://127.0.0.1:3999/fhir');
    await user.type(screen.getByRole('textbox', { name: /Client id/ }), 'provider-connect');
    await user.click(screen.getByRole('button', { name: 'Save and check' }));
    expect(await screen.findByText(smartClientMessages.issUnreachable)).toBeVisible();

    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:3006/fhir');
    expect(screen.queryByText(smartClientMessages.issUnreachable)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and check' }));
    await waitFor(() => expect(posts).toBe(2));
    expect(screen.queryByText(smartClientMessages.issUnreachable)).not.toBeInTheDocument();
    held.release(fieldProblem('scopes', smartClientMessages.offlineNotOffered));
    expect(await screen.findByText(smartClientMessages.offlineNotOffered)).toBeVisible();
    expect(screen.queryByText(smartClientMessages.issUnreachable)).not.toBeInTheDocument();
  });
});

describe('the add page’s heading and confirmation (docs/product/smart-clients.md#adding-a-clinical-system)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is titled as it is headed, and the added connection’s page confirms the add', async () => {
    serve({
      [`GET /api/organisations/${orgId}`]: () => json(organisation),
      'POST /api/smart-clients': () => json(connection(), 201),
      [`GET /api/smart-clients/${id}`]: () => json(connection()),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/smart-client/add-edit?organisationId=${orgId}`);
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Add clinical information system' },
        lazy,
      ),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Add clinical information system/));

    // The heading shows while the business is still loading; the form comes with it.
    await user.type(
      await screen.findByRole('textbox', { name: /Clinical system name/ }, lazy),
      'Harbour CIS',
    );
    await user.type(
      screen.getByRole('textbox', { name: /FHIR base URL/ }),
      'http://127.0.0.1:3006/fhir',
    );
    await user.type(screen.getByRole('textbox', { name: /Client id/ }), 'provider-connect');
    await user.click(screen.getByRole('button', { name: 'Save and check' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/smart-client/add-edit/${id}`),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit clinical information system' }),
    ).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Edit clinical information system/));
    expect(screen.getByText('Added')).toBeVisible();
    expect(
      screen.getByText(/^Harbour CIS answered with its SMART configuration\. Register the portal/),
    ).toBeVisible();
  });
});

describe('a clinical system’s address (docs/product/smart-clients.md#who)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  // The shared error description reads a load refused only for its id as not found (lib/errors).
  it('says a malformed id does not exist, as an unknown one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // What the API answers a malformed id: a 400 naming the field.
    const requests = serve({
      'GET /api/smart-clients/not-a-uuid': () => fieldProblem('id', 'Invalid UUID'),
    });
    renderApp('/smart-client/add-edit/not-a-uuid');
    expect(
      await screen.findByText('This clinical system does not exist', undefined, lazy),
    ).toBeVisible();
    expect(screen.queryByText(/invalid fields/)).not.toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(
      'GET /api/smart-clients/not-a-uuid',
    );
  });
});

describe('removing a clinical system (docs/product/smart-clients.md#adding-a-clinical-system)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks first, then lands on the Clinical systems tab saying so, without reading the removed one again', async () => {
    let removed = false;
    const requests = serve({
      [`GET /api/smart-clients/${id}`]: () =>
        removed ? refusal(404, 'about:blank', 'Gone') : json(connection()),
      [`DELETE /api/smart-clients/${id}`]: () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
      [`GET /api/organisations/${orgId}`]: () => json(organisation),
      'GET /api/smart-clients': () => json({ connections: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/smart-client/add-edit/${id}`);
    await user.click(
      await screen.findByRole('button', { name: 'Remove this clinical system' }, lazy),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Harbour CIS?' });
    expect(within(dialog).getByText(/ends everyone's sign-in to it/)).toBeVisible();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Remove clinical system' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/organisation/participating/${orgId}`),
    );
    expect(router.state.location.search).toBe('?tab=Clinical+systems');
    expect(
      await screen.findByText(
        "Harbour CIS was removed. Everyone's sign-in to it has ended.",
        undefined,
        lazy,
      ),
    ).toBeVisible();
    const removal = requests.findIndex((r) => r.method === 'DELETE');
    expect(
      requests
        .slice(removal)
        .filter((r) => r.method === 'GET' && r.path === `/api/smart-clients/${id}`),
    ).toEqual([]);

    // Closing the message keeps the manager on the tab.
    await user.click(screen.getByRole('button', { name: /close/i }));
    expect(router.state.location.search).toBe('?tab=Clinical+systems');
    expect(screen.queryByText(/was removed/)).not.toBeInTheDocument();
  });

  it('says a failed removal could not remove it, in the dialog, which stays open', async () => {
    serve({
      [`GET /api/smart-clients/${id}`]: () => json(connection()),
      [`DELETE /api/smart-clients/${id}`]: () => refusal(500, 'about:blank', 'Broken'),
    });
    const user = userEvent.setup();
    renderApp(`/smart-client/add-edit/${id}`);
    await user.click(
      await screen.findByRole('button', { name: 'Remove this clinical system' }, lazy),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Remove Harbour CIS?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove clinical system' }));
    expect(await within(dialog).findByText(/We could not remove Harbour CIS/)).toBeVisible();
  });
});

describe('signInText', () => {
  it('words the sign-in as the Clinical systems tab shows it', () => {
    expect(signInText(null)).toBe('Not connected. Connect to sign in to the clinical system.');
    expect(
      signInText({
        fhirUser: 'https://cis/fhir/Practitioner/a',
        expiresAt: '2026-11-27T10:00:00.000Z',
        canRefresh: true,
        connectedAt: '2026-11-27T09:00:00.000Z',
        live: true,
      }),
    ).toBe(
      'Connected as https://cis/fhir/Practitioner/a. The portal renews the sign-in until the clinical system ends it.',
    );
    expect(
      signInText({
        fhirUser: null,
        expiresAt: '2026-11-27T10:00:00.000Z',
        canRefresh: false,
        connectedAt: '2026-11-27T09:00:00.000Z',
        live: true,
      }),
    ).toMatch(/^Connected until /);
  });
});

describe('the clinical system edit page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('moves focus to the Saved message after a save', async () => {
    let current = connection();
    serve({
      [`GET /api/smart-clients/${id}`]: () => json(current),
      [`PUT /api/smart-clients/${id}`]: () => {
        current = connection({ updatedAt: '2026-11-28T00:00:00.000Z' });
        return json(current);
      },
    });
    const user = userEvent.setup();
    renderApp(`/smart-client/add-edit/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Save and check' }, lazy));
    const saved = await screen.findByText('Harbour CIS answered with its SMART configuration.');
    await waitFor(() => expect(document.activeElement).toBe(saved.closest('[tabindex="-1"]')));
  }, 30_000);
});
