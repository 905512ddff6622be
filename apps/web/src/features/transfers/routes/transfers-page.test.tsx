import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Transfer, TransferOptions } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem, type FakeHandler } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

const operator = testUser({
  givenName: 'Priya',
  roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
});
const harbour = '1b1e8f0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
const riverbend = '2b1e8f0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
const mobile = '3b1e8f0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b';
const options: TransferOptions = {
  organisations: [
    {
      id: harbour,
      name: 'Harbour Home Visits',
      type: 'HiOrganisation',
      locations: [{ id: mobile, name: 'Harbour Home Visits (Eastern Suburbs)' }],
      services: [],
    },
    {
      id: riverbend,
      name: 'Riverbend Allied Health',
      type: 'ParticipatingOrganisation',
      locations: [],
      services: [],
    },
  ],
};
const pending: Transfer = {
  id: '4b1e8f0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b',
  entityType: 'Location',
  entityId: mobile,
  entityName: 'Harbour Home Visits (Eastern Suburbs)',
  from: { id: harbour, name: 'Harbour Home Visits' },
  to: { id: riverbend, name: 'Riverbend Allied Health' },
  status: 'Pending',
  reason: 'Sold to Riverbend.',
  requestedBy: 'Priya Raman',
  requestedAt: '2026-11-27T00:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  declineReason: null,
  outcome: null,
  canAccept: false,
  canDecline: false,
  canCancel: true,
};

const withdrawn: Transfer = {
  ...pending,
  status: 'Cancelled',
  canCancel: false,
  decidedBy: 'Priya Raman',
  decidedAt: '2026-11-28T01:00:00.000Z',
};

function serve(
  user = operator,
  transfers: Transfer[] = [],
  overrides: Record<string, FakeHandler> = {},
) {
  setSessionToken('tok');
  let list = [...transfers];
  return installFakeServer({
    'GET /api/me': () => json(user),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/transfers/options': () => json(options),
    'GET /api/transfers': () => json({ transfers: list, olderNotShown: false }),
    'POST /api/transfers': () => {
      list = [pending];
      return json(pending, 201);
    },
    [`POST /api/transfers/${pending.id}/accept`]: () => {
      const done: Transfer = {
        ...pending,
        status: 'Completed',
        canAccept: false,
        canDecline: false,
        decidedBy: 'Jack Wilson',
        decidedAt: '2026-11-27T01:00:00.000Z',
        outcome: {
          services: [],
          practitionerRoles: 0,
          tasks: 0,
          publicationsMoved: 1,
          publicationsPaused: [
            { partnerServiceName: 'MediFund', entityName: 'Harbour Home Visits (Eastern Suburbs)' },
          ],
        },
      };
      list = [done];
      return json(done);
    },
    [`POST /api/transfers/${pending.id}/cancel`]: () => {
      list = [withdrawn];
      return json(withdrawn);
    },
    [`POST /api/transfers/${pending.id}/decline`]: () => problem(409, 'about:blank', 'Conflict'),
    ...overrides,
  });
}

const lazy = { timeout: 30_000 };

describe('TransfersPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks the form, then starts a transfer of a location of the chosen organisation', async () => {
    const requests = serve();
    renderApp('/transfers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfers' }, lazy)).toBeVisible();
    expect(await screen.findByText('No transfers have been started.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Start transfer' }));
    expect(await screen.findAllByText('Enter why it is being transferred')).toHaveLength(2);
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await userEvent.selectOptions(
      screen.getByLabelText(/Organisation it belongs to now/),
      'Harbour Home Visits',
    );
    await userEvent.selectOptions(
      screen.getByLabelText(/^Location/),
      'Harbour Home Visits (Eastern Suburbs)',
    );
    const to = screen.getByLabelText(/Receiving organisation/);
    // The organisation it belongs to is not offered as the receiver.
    expect(within(to).queryByRole('option', { name: 'Harbour Home Visits' })).toBeNull();
    await userEvent.selectOptions(to, 'Riverbend Allied Health');
    await userEvent.type(screen.getByLabelText(/Reason for the transfer/), 'Sold to Riverbend.');
    await userEvent.click(screen.getByRole('button', { name: 'Start transfer' }));
    expect(
      await screen.findByText(
        /The transfer of Harbour Home Visits \(Eastern Suburbs\) to Riverbend/,
      ),
    ).toBeVisible();
    const sent = requests.find((r) => r.method === 'POST');
    expect(sent?.body).toEqual({
      entityType: 'Location',
      entityId: mobile,
      toOrganisationId: riverbend,
      reason: 'Sold to Riverbend.',
    });
    const waiting = await screen.findByRole('list', { name: 'Waiting for an answer' });
    expect(within(waiting).getByRole('button', { name: /Withdraw the transfer/ })).toBeVisible();
  });

  it('a receiver chosen before becomes the current organisation: it is cleared and asked for again, not sent', async () => {
    const requests = serve();
    renderApp('/transfers');
    const from = await screen.findByLabelText(/Organisation it belongs to now/, undefined, lazy);
    await userEvent.selectOptions(from, 'Riverbend Allied Health');
    const to = screen.getByLabelText(/Receiving organisation/);
    await userEvent.selectOptions(to, 'Harbour Home Visits');
    await userEvent.selectOptions(from, 'Harbour Home Visits');
    expect(to).toHaveValue('');
    await userEvent.selectOptions(
      screen.getByLabelText(/^Location/),
      'Harbour Home Visits (Eastern Suburbs)',
    );
    await userEvent.type(screen.getByLabelText(/Reason for the transfer/), 'Sold.');
    await userEvent.click(screen.getByRole('button', { name: 'Start transfer' }));
    // The summary and the field both ask for the receiver; nothing is sent.
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: /receiving organisation/i })).toBeVisible();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('a refused start stays on the form with the server’s reason, and nothing is thrown', async () => {
    const requests = serve(operator, [], {
      'POST /api/transfers': () =>
        problem(409, 'about:blank', 'This location already has a transfer waiting for an answer'),
    });
    const posted = () => requests.filter((r) => r.method === 'POST').length;
    renderApp('/transfers');
    await userEvent.selectOptions(
      await screen.findByLabelText(/Organisation it belongs to now/, undefined, lazy),
      'Harbour Home Visits',
    );
    await userEvent.selectOptions(
      screen.getByLabelText(/^Location/),
      'Harbour Home Visits (Eastern Suburbs)',
    );
    await userEvent.selectOptions(
      screen.getByLabelText(/Receiving organisation/),
      'Riverbend Allied Health',
    );
    await userEvent.type(screen.getByLabelText(/Reason for the transfer/), 'Sold.');
    await userEvent.click(screen.getByRole('button', { name: 'Start transfer' }));
    expect(await screen.findByText(/already has a transfer waiting/)).toBeVisible();
    expect(posted()).toBe(1);
    expect(screen.getByLabelText(/Reason for the transfer/)).toHaveValue('Sold.');
  });

  it('says why the list of what to transfer is empty for an organisation with none of that kind', async () => {
    serve();
    renderApp('/transfers');
    const from = await screen.findByLabelText(/Organisation it belongs to now/, undefined, lazy);
    expect(screen.getByLabelText(/^Location/)).toHaveAccessibleDescription(
      /Choose the organisation first/,
    );
    await userEvent.selectOptions(from, 'Harbour Home Visits');
    // It has a location: no hint.
    expect(screen.getByLabelText(/^Location/)).not.toHaveAccessibleDescription(/to transfer/);
    await userEvent.selectOptions(
      screen.getByLabelText(/What to transfer/),
      'A healthcare service',
    );
    expect(screen.getByLabelText(/^Healthcare service/)).toHaveAccessibleDescription(
      /Harbour Home Visits has no healthcare services to transfer\./,
    );
    await userEvent.selectOptions(from, 'Riverbend Allied Health');
    expect(screen.getByLabelText(/^Healthcare service/)).toHaveAccessibleDescription(
      /Riverbend Allied Health has no locations or healthcare services to transfer\./,
    );
  });

  it('asks before withdrawing a transfer; Cancel sends nothing and goes back to the button', async () => {
    const requests = serve(operator, [pending]);
    const withdrawals = () => requests.filter((r) => r.path.endsWith('/cancel')).length;
    renderApp('/transfers');
    const withdraw = await screen.findByRole(
      'button',
      { name: 'Withdraw the transfer of Harbour Home Visits (Eastern Suburbs)' },
      lazy,
    );
    await userEvent.click(withdraw);
    const dialog = screen.getByRole('dialog', {
      name: 'Withdraw the transfer of Harbour Home Visits (Eastern Suburbs)?',
    });
    expect(dialog).toHaveTextContent(
      'Riverbend Allied Health will no longer be able to accept it, and it stays with Harbour Home Visits.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(withdraw).toHaveFocus();
    expect(withdrawals()).toBe(0);

    await userEvent.click(withdraw);
    await userEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Withdraw transfer' }),
    );
    expect(
      await screen.findByText('The transfer of Harbour Home Visits (Eastern Suburbs) is withdrawn'),
    ).toBeVisible();
    expect(withdrawals()).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    const past = await screen.findByRole('list', { name: 'Past transfers' });
    expect(past).toHaveTextContent('Withdrawn by the operator, Priya Raman, on 28 Nov 2026');
    expect(past).not.toHaveTextContent(/by the operator on/);
  });

  it('says once who withdrew a past transfer, and when', async () => {
    serve(operator, [withdrawn]);
    renderApp('/transfers');
    const past = await screen.findByRole('list', { name: 'Past transfers' }, lazy);
    expect(past).toHaveTextContent('StatusWithdrawn by the operator, Priya Raman, on 28 Nov 2026');
  });

  it('a refused withdrawal shows in the dialog, which stays open', async () => {
    serve(operator, [pending], {
      [`POST /api/transfers/${pending.id}/cancel`]: () =>
        problem(409, 'about:blank', 'This transfer is no longer pending.'),
    });
    renderApp('/transfers');
    await userEvent.click(
      await screen.findByRole('button', { name: /Withdraw the transfer of/ }, lazy),
    );
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw transfer' }));
    expect(
      await within(dialog).findByText(
        'We could not withdraw the transfer. This transfer is no longer pending.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(screen.queryByText(/is withdrawn/)).toBeNull();
  });

  it('sends users who are not operators to the dashboard', async () => {
    serve(testUser());
    const { router } = renderApp('/transfers');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), lazy);
  });
});

describe('BusinessTransfersPage', () => {
  afterEach(() => vi.unstubAllGlobals());
  const jack = testUser({
    givenName: 'Jack',
    roles: [{ type: 'OrganisationManager', organisationId: riverbend, healthcareServiceId: null }],
  });

  it('lets the receiving manager accept, and says what paused', async () => {
    serve(jack, [{ ...pending, canCancel: false, canAccept: true, canDecline: true }]);
    renderApp('/transfers/businesses');
    const accept = await screen.findByRole(
      'button',
      { name: 'Accept Harbour Home Visits (Eastern Suburbs)' },
      lazy,
    );
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();
    await userEvent.click(accept);
    expect(
      await screen.findByText('Harbour Home Visits (Eastern Suburbs) is transferred'),
    ).toBeVisible();
    expect(screen.getByText(/Publishing to MediFund is paused/)).toBeVisible();
    expect(await screen.findByRole('list', { name: 'Past transfers' })).toHaveTextContent(
      'Harbour Home Visits (Eastern Suburbs) to MediFund',
    );
  });

  it('asks for a reason before declining and shows the refusal', async () => {
    const requests = serve(jack, [
      { ...pending, canCancel: false, canAccept: true, canDecline: true },
    ]);
    renderApp('/transfers/businesses');
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Decline Harbour Home Visits (Eastern Suburbs)' },
        lazy,
      ),
    );
    const dialog = screen.getByRole('dialog', { name: /Decline Harbour Home Visits/ });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline transfer' }));
    expect(await within(dialog).findAllByText('Enter the reason for declining')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText(/Reason for declining/), 'Not ours.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline transfer' }));
    expect(await within(dialog).findByText(/Conflict|no longer/)).toBeVisible();
    expect(requests.find((r) => r.path.endsWith('/decline'))?.body).toEqual({
      reason: 'Not ours.',
    });
  });
});
