import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserDetail, UserListItem } from '@pca/contracts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const operator = testUser({
  givenName: 'Priya',
  roles: [{ type: 'PcaOperator', organisationId: null, healthcareServiceId: null }],
});
const ben: UserListItem = {
  id: '7b1e8f0a-3c2d-4e5f-8a9b-0c1d2e3f4a5b',
  raNumber: '2000000022',
  givenName: 'Ben',
  familyName: 'Okafor',
  email: 'ben.okafor@harbourmedical.example.com.au',
  isActive: true,
  lastLoginAt: '2026-11-20T01:00:00.000Z',
};
const detail = (active: boolean): UserDetail => ({
  user: {
    ...ben,
    isActive: active,
    phone: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    isOperator: false,
  },
  roles: [
    {
      roleType: 'HealthcareServiceManager',
      organisation: { id: '11111111-1111-4111-8111-111111111111', name: 'Harbour Medical Group' },
      healthcareService: { id: '22222222-2222-4222-8222-222222222222', name: 'Surry Hills GP' },
    },
  ],
  delegations: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      direction: 'delegate',
      person: 'Alice Nguyen',
      status: active ? 'Accepted' : 'Stopped',
      lastUpdated: '2026-11-01T00:00:00.000Z',
    },
  ],
  auditEvents: [],
});

function serve(user = operator) {
  setSessionToken('tok');
  let active = true;
  const requests = installFakeServer({
    'GET /api/me': () => json(user),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/users': (request) => {
      const q = new URL(request.path, 'http://localhost').searchParams.get('q') ?? '';
      const items = q === '' || 'ben okafor'.includes(q.toLowerCase()) ? [ben] : [];
      return json({ items, page: 1, pageSize: 20, total: items.length, totalIsCapped: false });
    },
    [`GET /api/users/${ben.id}`]: () => json(detail(active)),
    [`POST /api/users/${ben.id}/deactivate`]: () => {
      active = false;
      return new Response(null, { status: 204 });
    },
    [`POST /api/users/${ben.id}/reactivate`]: () => problem(409, 'conflict', 'Conflict'),
  });
  return requests;
}

const lazy = { timeout: 30_000 };

/** `count` users, Person1, Person2, … unless `name` gives their given names. */
function people(count: number, name = (i: number) => `Person${i + 1}`): UserListItem[] {
  return Array.from({ length: count }, (_, i) => ({
    ...ben,
    id: `7b1e8f0a-3c2d-4e5f-8a9b-${String(i).padStart(12, '0')}`,
    raNumber: String(3000000000 + i),
    givenName: name(i),
    familyName: 'Tester',
  }));
}

/** A fake user list that searches by given name and pages as the server does (20 a page). */
function serveList(all: UserListItem[]) {
  setSessionToken('tok');
  return installFakeServer({
    'GET /api/me': () => json(operator),
    'GET /api/me/organisations': () => json({ organisations: [] }),
    'GET /api/users': (request) => {
      const params = new URL(request.path, 'http://localhost').searchParams;
      const q = (params.get('q') ?? '').toLowerCase();
      const page = Number(params.get('page') ?? '1');
      const matches = all.filter((u) => u.givenName.toLowerCase().includes(q));
      const items = matches.slice((page - 1) * 20, page * 20);
      return json({ items, page, pageSize: 20, total: matches.length, totalIsCapped: false });
    },
  });
}

describe('Users', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('searches on the server, refusing a term too short to search by', async () => {
    const requests = serve();
    renderApp('/user');
    const field = await screen.findByLabelText('RA number, name or email', {}, lazy);
    await userEvent.type(field, 'ok');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(
      await screen.findByText('Enter at least 3 characters of an RA number, name or email'),
    ).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'okaf');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() =>
      expect(requests.some((r) => r.path.startsWith('/api/users?q=okaf'))).toBe(true),
    );
    expect((await screen.findAllByRole('link', { name: 'Okafor, Ben' }))[0]).toHaveAttribute(
      'href',
      `/user/${ben.id}`,
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'zzzz');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match “zzzz”.')).toBeVisible();
  });

  it('a bookmarked term the API would refuse lists everyone and says why in the box, asking nothing refused', async () => {
    const requests = serve();
    renderApp('/user?q=ab');
    const field = await screen.findByLabelText('RA number, name or email', {}, lazy);
    expect(field).toHaveValue('ab');
    expect(
      screen.getByText('Enter at least 3 characters of an RA number, name or email'),
    ).toBeVisible();
    expect((await screen.findAllByRole('link', { name: 'Okafor, Ben' }))[0]).toBeVisible();
    const asked = requests.filter((r) => r.path.startsWith('/api/users'));
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => !r.path.includes('q='))).toBe(true);
  });

  it("shows the address's search term in the box after Back and Forward, and still takes typing", async () => {
    serveList(people(2, (i) => ['Alice', 'Henry'][i]!));
    const { router } = renderApp('/user');
    const field = await screen.findByLabelText('RA number, name or email', {}, lazy);
    await userEvent.type(field, 'alice');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=alice'));
    expect(await screen.findByText('Showing 1–1 of 1 user')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'henry');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=henry'));
    expect((await screen.findAllByRole('link', { name: 'Tester, Henry' }))[0]).toBeVisible();

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?q=alice');
    expect((await screen.findAllByRole('link', { name: 'Tester, Alice' }))[0]).toBeVisible();
    expect(screen.getByLabelText('RA number, name or email')).toHaveValue('alice');

    await act(() => router.navigate(1));
    expect(router.state.location.search).toBe('?q=henry');
    expect(screen.getByLabelText('RA number, name or email')).toHaveValue('henry');

    // Typing is the box's alone until the search is made.
    await userEvent.clear(field);
    await userEvent.type(field, 'ali');
    expect(field).toHaveValue('ali');
    expect(router.state.location.search).toBe('?q=henry');
  });

  it('shows the last page instead of a page past the end, in the address too', async () => {
    const requests = serveList(people(25));
    const { router } = renderApp('/user?page=5');
    expect(await screen.findByText('Showing 21–25 of 25 users', {}, lazy)).toBeVisible();
    expect(router.state.location.search).toBe('?page=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('There are no users on this page.')).toBeNull();
    const pages = screen.getByRole('navigation', { name: 'User pages' });
    expect(within(pages).getByRole('button', { name: 'Go to page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(requests.some((r) => r.path.includes('page=2'))).toBe(true);
  });

  it('shows the only page when a page past the end is asked of a short list', async () => {
    serveList(people(9));
    const { router } = renderApp('/user?page=999');
    expect(await screen.findByText('Showing 1–9 of 9 users', {}, lazy)).toBeVisible();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText('There are no users on this page.')).toBeNull();
  });

  it('deactivates with a reason and shows the outcome', async () => {
    const requests = serve();
    renderApp(`/user/${ben.id}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ben Okafor' }, lazy),
    ).toBeVisible();
    expect(screen.getAllByText('Acts for Alice Nguyen')[0]).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate Ben Okafor' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));
    expect(await within(dialog).findAllByText('Enter the reason')).toHaveLength(2);
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Left the practice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));
    expect(await screen.findByText('Ben Okafor is deactivated')).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeVisible();
    expect(requests.find((r) => r.path.endsWith('/deactivate'))?.body).toEqual({
      reason: 'Left the practice',
    });
  });

  it('shows the server refusal in the dialog', async () => {
    serve();
    // Deactivate first so the page offers Reactivate, which the fake server refuses.
    renderApp(`/user/${ben.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }, lazy));
    let dialog = screen.getByRole('dialog', { name: 'Deactivate Ben Okafor' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Left');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    dialog = screen.getByRole('dialog', { name: 'Reactivate Ben Okafor' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Back');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reactivate user' }));
    expect(await within(dialog).findByText(/Conflict|conflict/)).toBeVisible();
  });

  it("does not offer Deactivate on the operator's own page", async () => {
    serve({ ...operator, id: ben.id });
    renderApp(`/user/${ben.id}`);
    expect(
      await screen.findByText(
        'This is your account: another operator can deactivate it.',
        {},
        lazy,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('sends users who are not operators to the dashboard', async () => {
    serve(testUser());
    const { router } = renderApp('/user');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/welcome'), lazy);
  });
});
