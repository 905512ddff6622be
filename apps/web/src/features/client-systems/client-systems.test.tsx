import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientSystem, ClientSystemPartner, IssuedClientSecret } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const operator = testUser({
  givenName: 'Priya',
  roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
});
const medifund: ClientSystemPartner = {
  id: '5f0c2a34-7c1d-4d2e-9a8b-1c2d3e4f5a6b',
  code: 'medifund',
  name: 'MediFund Health Insurance',
};
const gateway: ClientSystem = {
  id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  name: 'MediFund claims gateway',
  partnerServiceId: medifund.id,
  partnerServiceName: medifund.name,
  clientId: 'medifund-abcdefghijklmnop',
  secretHint: 'WXYZ',
  secretIssuedAt: '2026-11-20T01:00:00.000Z',
  revokedAt: null,
  createdAt: '2026-11-20T01:00:00.000Z',
};
const secret = 'q'.repeat(39) + 'NEW1';

function serve(
  initial: ClientSystem[] = [gateway],
  options: { failList?: boolean; refuseRegister?: boolean } = {},
) {
  setSessionToken('tok');
  let systems = [...initial];
  const issue = (system: ClientSystem, clientSecret: string): IssuedClientSecret => ({
    clientSystem: system,
    clientId: system.clientId,
    clientSecret,
  });
  return installFakeServer({
    'GET /api/me': () => json(operator),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/client-systems': () =>
      options.failList
        ? problem(500, 'about:blank', 'Internal server error')
        : json({ clientSystems: systems, partnerServices: [medifund] }),
    'POST /api/client-systems': (request) => {
      if (options.refuseRegister)
        return problem(409, '/problems/conflict', 'A client system of this name already exists');
      const body = request.body as { name: string };
      const created = {
        ...gateway,
        id: 'ffffffff-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
        name: body.name,
        secretHint: 'NEW1',
      };
      systems = [created, ...systems];
      return json(issue(created, secret), 201);
    },
    [`POST /api/client-systems/${gateway.id}/rotate-secret`]: () => {
      const rotated = { ...gateway, secretHint: 'ROT2' };
      systems = systems.map((s) => (s.id === gateway.id ? rotated : s));
      return json(issue(rotated, 'r'.repeat(39) + 'ROT2'));
    },
    [`POST /api/client-systems/${gateway.id}/revoke`]: () => {
      const revoked = { ...gateway, revokedAt: '2026-11-21T01:00:00.000Z' };
      systems = systems.map((s) => (s.id === gateway.id ? revoked : s));
      return json(revoked);
    },
  });
}

// The page is a lazy route: its first render waits for the module (slow on a busy machine).
const lazy = { timeout: 15_000 };

describe('ClientSystemsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A client system's card in the phone layout. */
  const card = async (name: string) => {
    const list = await screen.findByRole('list', { name: 'Client systems' }, lazy);
    const found = within(list)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes(name));
    if (!found) throw new Error(`no card of ${name}`);
    return found;
  };

  it('lists client systems without any secret, only its last four characters', async () => {
    serve();
    renderApp('/client-system');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Client systems' }, lazy),
    ).toBeVisible();
    // Seven columns: at phone width (jsdom applies no media query) each client is a card (issue 30),
    // every value under its column's name; the table is there for wider screens.
    const row = await card('MediFund claims gateway');
    expect(
      within(row)
        .getAllByRole('term')
        .map((t) => t.textContent),
    ).toEqual([
      'Partner service',
      'Client ID',
      'Secret ends with',
      'Secret issued',
      'Status',
      'Actions',
    ]);
    expect(screen.getByRole('table', { name: 'Client systems', hidden: true })).toBeInTheDocument();
    expect(row).toHaveTextContent('MediFund Health Insurance');
    expect(row).toHaveTextContent('medifund-abcdefghijklmnop');
    expect(row).toHaveTextContent('…WXYZ');
    expect(row).toHaveTextContent('Active');
  });

  it('says so when there are none, and shows an error with a retry when the list fails', async () => {
    serve([]);
    const { unmount } = renderApp('/client-system');
    expect(await screen.findByText('There are no client systems yet.', {}, lazy)).toBeVisible();
    unmount();
    serve([], { failList: true });
    renderApp('/client-system');
    expect(await screen.findByRole('button', { name: /try again/i }, lazy)).toBeVisible();
  });

  it('registers a client: the secret is shown once with a copy button, and gone when dismissed', async () => {
    const requests = serve([]);
    const user = userEvent.setup();
    renderApp('/client-system');
    await screen.findByText('There are no client systems yet.', {}, lazy);

    await user.click(screen.getByRole('button', { name: 'Register client system' }));
    expect(await screen.findByRole('link', { name: 'Select a partner service' })).toBeVisible();

    await user.selectOptions(screen.getByLabelText(/Partner service/), medifund.id);
    await user.type(screen.getByLabelText(/Client system name/), 'MediFund claims gateway');
    await user.click(screen.getByRole('button', { name: 'Register client system' }));

    const callout = await screen.findByRole('region', {
      name: 'You will not see this secret again',
    });
    expect(within(callout).getByTestId('client-secret')).toHaveTextContent(secret);
    await waitFor(() => expect(callout).toHaveFocus());
    await user.click(within(callout).getByRole('button', { name: 'Copy secret' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(
      await within(callout).findByText('The secret is copied to the clipboard.'),
    ).toBeVisible();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      partnerServiceId: medifund.id,
      name: 'MediFund claims gateway',
    });

    // The list has the new row before the panel goes.
    const row = await card('…NEW1');
    await user.click(within(callout).getByRole('button', { name: 'I have kept the secret' }));
    expect(screen.queryByText(secret)).toBeNull();
    // The button that held focus is gone with the panel: focus goes to the new row's action.
    await waitFor(() =>
      expect(
        within(row).getByRole('button', { name: 'Rotate secret for MediFund claims gateway' }),
      ).toHaveFocus(),
    );
  });

  it('keeps what was typed when the registration is refused, with the reason in the summary', async () => {
    serve([], { refuseRegister: true });
    const user = userEvent.setup();
    renderApp('/client-system');
    await screen.findByText('There are no client systems yet.', {}, lazy);
    await user.selectOptions(screen.getByLabelText(/Partner service/), medifund.id);
    await user.type(screen.getByLabelText(/Client system name/), 'MediFund claims gateway');
    await user.click(screen.getByRole('button', { name: 'Register client system' }));
    expect(await screen.findByText(/A client system of this name already exists/)).toBeVisible();
    expect(screen.getByLabelText(/Partner service/)).toHaveValue(medifund.id);
    expect(screen.getByLabelText(/Client system name/)).toHaveValue('MediFund claims gateway');
  });

  it('a newly issued secret is not said to be copied because the last one was', async () => {
    serve([gateway]);
    const user = userEvent.setup();
    renderApp('/client-system');
    await screen.findAllByText(gateway.name, {}, lazy);
    await user.selectOptions(screen.getByLabelText(/Partner service/), medifund.id);
    await user.type(screen.getByLabelText(/Client system name/), 'Second gateway');
    await user.click(screen.getByRole('button', { name: 'Register client system' }));
    const callout = await screen.findByRole('region', {
      name: 'You will not see this secret again',
    });
    await user.click(within(callout).getByRole('button', { name: 'Copy secret' }));
    expect(
      await within(callout).findByText('The secret is copied to the clipboard.'),
    ).toBeVisible();

    // Without saying the first secret was kept, the operator rotates another system's.
    const row = await card('…WXYZ');
    await user.click(
      within(row).getByRole('button', { name: 'Rotate secret for MediFund claims gateway' }),
    );
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: /Rotate/ }),
    );
    const rotated = await screen.findByRole('region', {
      name: 'You will not see this secret again',
    });
    expect(await within(rotated).findByTestId('client-secret')).toHaveTextContent(
      'r'.repeat(39) + 'ROT2',
    );
    expect(within(rotated).queryByText('The secret is copied to the clipboard.')).toBeNull();
  });

  it('rotates after confirming, by keyboard, and shows the new secret once', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/client-system');
    const rotate = await screen.findByRole(
      'button',
      { name: 'Rotate secret for MediFund claims gateway' },
      lazy,
    );
    // Label in Name (WCAG 2.5.3): the accessible name starts with the text seen on the button.
    expect(rotate).toHaveTextContent(/^Rotate secret$/);
    rotate.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: 'Rotate the secret of MediFund claims gateway',
    });
    expect(dialog).toHaveTextContent('stop working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    const callout = await screen.findByRole('region', {
      name: 'You will not see this secret again',
    });
    expect(callout).toHaveTextContent('ROT2');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(callout).toHaveFocus());

    await user.click(within(callout).getByRole('button', { name: 'I have kept the secret' }));
    expect(callout).not.toBeInTheDocument();
    // Back to the row's Rotate secret button, in the layout shown (the cards, in jsdom), not <body>.
    const row = await card('MediFund claims gateway');
    await waitFor(() =>
      expect(
        within(row).getByRole('button', { name: 'Rotate secret for MediFund claims gateway' }),
      ).toHaveFocus(),
    );
  });

  it('goes to the list heading when the secret is kept and the row has no button to return to', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/client-system');
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Rotate secret for MediFund claims gateway' },
        lazy,
      ),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    const callout = await screen.findByRole('region', {
      name: 'You will not see this secret again',
    });
    // Every copy of the row's button gone (as when the row is on another page of the table).
    for (const button of screen.getAllByRole('button', {
      name: 'Rotate secret for MediFund claims gateway',
      hidden: true,
    }))
      button.removeAttribute('data-row-action');
    await user.click(within(callout).getByRole('button', { name: 'I have kept the secret' }));
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 2, name: 'Registered client systems' }),
      ).toHaveFocus(),
    );
  });

  it('lets a name of 200 characters without a space wrap anywhere, in the table and in the cards', async () => {
    const long = 'N'.repeat(200);
    serve([{ ...gateway, name: long }]);
    renderApp('/client-system');
    await card(long);
    // jsdom lays nothing out: the style that lets the browser break the name is what can be checked here
    // (e2e/tests/layout.spec.ts measures the page at each width).
    const names = screen.getAllByText(long);
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.style.overflowWrap).toBe('anywhere');
  });

  it('revokes after confirming: the row says Revoked and offers no actions', async () => {
    serve();
    const user = userEvent.setup();
    renderApp('/client-system');
    await user.click(
      await screen.findByRole('button', { name: 'Revoke MediFund claims gateway' }, lazy),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke MediFund claims gateway' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke client system' }));
    expect(await screen.findByText('MediFund claims gateway is revoked')).toBeVisible();
    // The Revoke button the dialog gave focus back to goes with the row's actions: the message has focus.
    await waitFor(() =>
      expect(
        screen.getByText('MediFund claims gateway is revoked').closest('[tabindex="-1"]'),
      ).toHaveFocus(),
    );
    const row = await card('MediFund claims gateway');
    await waitFor(() => expect(row).toHaveTextContent('Revoked'));
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('sends users who are not operators to the dashboard', async () => {
    setSessionToken('tok');
    const requests = installFakeServer({
      'GET /api/me': () => json(testUser()),
      'GET /api/me/organisations': () => json({ organisations: [] }),
    });
    const { router } = renderApp('/client-system');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), lazy);
    expect(requests.some((r) => r.path.startsWith('/api/client-systems'))).toBe(false);
  });
});
