import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingRegistration } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { heldReply, installFakeServer, json, problem } from '../../../test/fake-server.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { testUser } from '../../../test/test-config.ts';

const operator = testUser({
  givenName: 'Priya',
  roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
});
const coastal: PendingRegistration = {
  id: '7b1e8f0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Coastal Physio Collective',
  businessName: 'Coastal Physio',
  abn: '51824753556',
  phone: '07 5555 6666',
  email: 'hello@coastalphysio.example.com.au',
  primaryLocation: '12 Marine Parade, Surry Hills NSW 2010',
  dateCreated: '2026-11-18T00:00:00.000Z',
  managers: ['Isla Brown (isla@coastalphysio.example.com.au)'],
};

function serve(user = operator, queue: PendingRegistration[] = [coastal]) {
  setSessionToken('tok');
  let pending = [...queue];
  const requests = installFakeServer({
    'GET /api/me': () => json(user),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/admin/registrations': () => json({ registrations: pending }),
    'GET /api/admin/summary': () =>
      json({
        pendingRegistrations: pending.length,
        users: { total: 12, inactive: 1 },
        partnerServices: 2,
        informationUseStatements: 3,
        publications: 40,
        clientSystems: 0,
        identifierSystems: 1,
        pendingTransfers: 2,
      }),
    [`POST /api/admin/registrations/${coastal.id}/approve`]: () => {
      pending = pending.filter((r) => r.id !== coastal.id);
      return new Response(null, { status: 204 });
    },
    [`POST /api/admin/registrations/${coastal.id}/decline`]: () =>
      problem(409, 'about:blank', 'Conflict'),
  });
  return requests;
}

// The page is a lazy route: its first render waits for the module (slow on a busy machine).
// The first load of a lazy page can take many seconds on a busy machine (a wait ends as soon as it passes).
const lazy = { timeout: 30_000 };

describe('AdminPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists registrations pending approval and approves one', async () => {
    const requests = serve();
    renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'System admin' }, lazy),
    ).toBeVisible();
    const queue = await screen.findByRole('list', { name: 'Registrations pending approval' });
    expect(within(queue).getByRole('heading', { name: 'Coastal Physio' })).toBeVisible();
    expect(queue).toHaveTextContent('51 824 753 556');
    expect(queue).toHaveTextContent('Isla Brown (isla@coastalphysio.example.com.au)');

    await userEvent.click(screen.getByRole('button', { name: 'Approve Coastal Physio' }));
    expect(await screen.findByText('Coastal Physio is approved')).toBeVisible();
    expect(
      await screen.findByText('There are no registrations waiting for approval.'),
    ).toBeVisible();
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/approve'))).toBe(true);
  });

  it('approving a second registration before the first answers keeps each its progress and its outcome', async () => {
    const riverbend = {
      ...coastal,
      id: '8c2f9a1b-4d3e-4f6a-9b0c-1d2e3f4a5b6c',
      businessName: 'Riverbend',
    };
    const first = heldReply();
    const second = heldReply();
    setSessionToken('tok');
    installFakeServer({
      'GET /api/me': () => json(operator),
      'GET /api/me/organisations': () => json({ organisations: [] }),
      'GET /api/admin/registrations': () => json({ registrations: [coastal, riverbend] }),
      'GET /api/admin/summary': () => problem(503, 'about:blank', 'Unavailable'),
      [`POST /api/admin/registrations/${coastal.id}/approve`]: first.reply,
      [`POST /api/admin/registrations/${riverbend.id}/approve`]: second.reply,
    });
    renderApp('/admin');
    const coastalButton = await screen.findByRole(
      'button',
      { name: 'Approve Coastal Physio' },
      lazy,
    );
    await userEvent.click(coastalButton);
    await userEvent.click(screen.getByRole('button', { name: 'Approve Riverbend' }));
    // Both are under way, and both say so.
    expect(coastalButton).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Approve Riverbend' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    first.release(new Response(null, { status: 204 }));
    expect(await screen.findByText('Coastal Physio is approved')).toBeVisible();
    second.release(problem(409, 'about:blank', 'Conflict'));
    expect(await screen.findByText('Riverbend was not approved')).toBeVisible();
  });

  it('asks for a reason before declining and shows the server refusal', async () => {
    const requests = serve();
    renderApp('/admin');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Decline Coastal Physio' }, lazy),
    );
    const dialog = screen.getByRole('dialog', { name: 'Decline Coastal Physio' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline registration' }));
    expect(await within(dialog).findAllByText('Enter the reason for declining')).toHaveLength(2);
    expect(requests.some((r) => r.path.endsWith('/decline'))).toBe(false);

    await userEvent.type(within(dialog).getByLabelText(/Reason for declining/), 'ABN mismatch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline registration' }));
    expect(await within(dialog).findByText(/no longer pending approval|Conflict/)).toBeVisible();
    const sent = requests.find((r) => r.path.endsWith('/decline'));
    expect(sent?.body).toEqual({ reason: 'ABN mismatch' });
  });

  it('links every operator area with its count', async () => {
    serve();
    renderApp('/admin');
    const areas = await screen.findByRole('list', { name: 'Operator areas' }, lazy);
    const link = (name: string) => within(areas).getByRole('link', { name });
    expect(link('Users')).toHaveAttribute('href', '/user');
    expect(link('Client systems')).toHaveAttribute('href', '/client-system');
    expect(link('Partner services')).toHaveAttribute('href', '/partner-service');
    expect(link('Partner identifier systems')).toHaveAttribute(
      'href',
      '/partner-identifier-system',
    );
    expect(link('Publications')).toHaveAttribute('href', '/publications');
    expect(link('Transfers')).toHaveAttribute('href', '/transfers');
    expect(link('Registrations waiting for approval')).toHaveAttribute('href', '#registrations');
    expect(await within(areas).findByText('12 users, 1 inactive')).toBeVisible();
    expect(within(areas).getByText('1 registration waiting')).toBeVisible();
    expect(within(areas).getByText('0 client systems')).toBeVisible();
    expect(within(areas).getByText('1 identifier system')).toBeVisible();
    expect(within(areas).getByText('2 transfers waiting')).toBeVisible();
    expect(
      within(areas).getByText('2 partner services, 3 information use statements'),
    ).toBeVisible();
  });

  it('sends users who are not operators to the dashboard', async () => {
    serve(testUser());
    const { router } = renderApp('/admin');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), lazy);
  });
});
