import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEventItem } from '@pca/contracts/audit-events.ts';
import {
  auditEventsApiPaths as paths,
  auditEventsMessages,
} from '@pca/contracts/audit-events-paths.ts';
import { apiPaths, meApiPaths, shellApiPaths } from '@pca/contracts/paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';

const user = testUser({ practitionerId: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b' });
const ben = { id: '1a7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Ben Okafor' };
const alice = { id: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Alice Nguyen' };

const event = (n: number, over: Partial<AuditEventItem> = {}): AuditEventItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: `2026-11-${String(27 - (n % 20)).padStart(2, '0')}T01:30:00.000000Z`,
  actor: alice,
  actingFor: null,
  action: 'location.updated',
  summary: `Changed a location ${n}`,
  entityType: 'Location',
  entityLabel: 'Location',
  entityId: null,
  organisation: { id: 'o', name: 'Harbour Medical Centre Surry Hills' },
  changes: [{ field: 'name', label: 'Name', from: 'Clinic', to: 'Surry Hills Clinic' }],
  ...over,
});

const delegated = event(0, {
  actor: ben,
  actingFor: alice,
  action: 'practitioner.update-personal-contact-details',
  summary: 'Changed personal contact details',
  entityType: 'practitioner',
  entityLabel: 'Practitioner profile',
  organisation: null,
  changes: [{ field: 'personalEmail', label: 'Personal email', from: null, to: 'a@example.com' }],
});

/** A fake API with 25 events: pages of 20 after a cursor that is the last row's id. */
function serve(items: AuditEventItem[], extra: Record<string, FakeHandler> = {}) {
  setSessionToken('tok');
  return installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    [`GET ${shellApiPaths.unreadNotificationCount}`]: () => json({ count: 0 }),
    [`GET ${paths.actors}`]: () => json({ actors: [alice, ben] }),
    [`GET ${paths.list}`]: (request) => {
      const query = new URL(request.path, 'http://x').searchParams;
      const after = query.get('cursor');
      const start = after ? items.findIndex((i) => after.endsWith(i.id)) + 1 : 0;
      const page = items.slice(start, start + 20);
      const more = start + 20 < items.length;
      return json({
        items: page,
        nextCursor: more ? `${page.at(-1)!.at}_${page.at(-1)!.id}` : null,
        trailOf: { kind: 'own', name: 'Alice Nguyen' },
      });
    },
    ...extra,
  });
}

const listCalls = (requests: { path: string }[]) =>
  requests
    .filter(
      (r) =>
        r.path.startsWith(`${paths.list}`) &&
        !r.path.startsWith(paths.actors) &&
        !r.path.startsWith(paths.csv),
    )
    .map((r) => r.path);

describe('the audit-events page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows who acted for whom, what and the fields from → to, and pages with Older and Newer', async () => {
    const requests = serve([delegated, ...Array.from({ length: 24 }, (_, n) => event(n + 1))]);
    renderApp('/audit-events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit events' })).toBeVisible();
    // jsdom applies no media query: the phone's cards are what it shows.
    const list = await screen.findByRole('list', { name: 'Audit events' });
    const rows = within(list).getAllByTestId('row-card');
    const first = rows[0]!;
    expect(first).toHaveTextContent('Ben Okafor for Alice Nguyen');
    expect(first).toHaveTextContent('Changed personal contact details');
    expect(first).toHaveTextContent('Personal email: a@example.com');
    expect(rows[1]).toHaveTextContent('Name: Clinic → changed to Surry Hills Clinic');
    expect(screen.getByText('Page 1: 20 events, newest first')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2: 5 events, newest first')).toBeVisible();
    expect(listCalls(requests).at(-1)).toMatch(/cursor=2026-11-\d\dT01%3A30%3A00\.000000Z_/);
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Page 1: 20 events, newest first')).toBeVisible();
  });

  it('sends the filters, says when nothing matches, and refuses a "to" before "from" without asking', async () => {
    const requests = serve([]);
    renderApp('/audit-events');
    expect(await screen.findByText(auditEventsMessages.emptyTrail)).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Entity'), 'Location');
    await userEvent.selectOptions(await screen.findByLabelText('Changed by'), 'Ben Okafor');
    expect(await screen.findByText(auditEventsMessages.noneMatch)).toBeVisible();
    await waitFor(() =>
      expect(listCalls(requests).at(-1)).toBe(`${paths.list}?entity=location&actor=${ben.id}`),
    );
    const before = listCalls(requests).length;
    await userEvent.type(screen.getByLabelText('From'), '2026-11-20');
    await userEvent.type(screen.getByLabelText('To'), '2026-11-10');
    expect(await screen.findByText(auditEventsMessages.dateOrder)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    // Only the From date went out; the bad range never did.
    expect(
      listCalls(requests)
        .slice(before)
        .every((p) => !p.includes('to=')),
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText(auditEventsMessages.emptyTrail)).toBeVisible();
  });

  it('downloads the filtered trail as CSV with the session token', async () => {
    const requests = serve([delegated], {
      [`GET ${paths.csv}`]: () =>
        new Response('When (UTC),Who\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="audit-events-2026-11-27.csv"',
          },
        }),
    });
    const created = vi.fn(() => 'blob:audit');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp('/audit-events');
    await screen.findByRole('list', { name: 'Audit events' });
    await userEvent.selectOptions(screen.getByLabelText('Entity'), 'Practitioner profile');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = requests.find((r) => r.path.startsWith(paths.csv))!;
    expect(call.path).toBe(`${paths.csv}?entity=practitioner`);
    expect(call.headers.get('authorization')).toBe('Bearer tok');
    expect(created).toHaveBeenCalled();
  });

  it('says when the trail cannot load, with Try again', async () => {
    serve([], {
      [`GET ${paths.list}`]: () => problem(500, '/problems/internal', 'Internal Server Error'),
    });
    renderApp('/audit-events');
    expect(await screen.findByRole('button', { name: /Try again/ })).toBeVisible();
  });
});
