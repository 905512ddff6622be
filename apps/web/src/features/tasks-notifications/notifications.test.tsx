import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationItem, NotificationStatus } from '@pca/contracts';
import { apiPaths, meApiPaths, shellApiPaths } from '@pca/contracts/paths.ts';
import {
  notificationApiPath,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts/tasks-notifications-paths.ts';
import { setSessionToken } from '#lib/session-token.ts';
import { installFakeServer, json, problem, type FakeHandler } from '../../test/fake-server.ts';
import { renderApp } from '../../test/render-app.tsx';
import { testUser } from '../../test/test-config.ts';
import { notificationTexts } from './components/notifications-panel.tsx';

// A role besides PcaOperator: the header shows the bell, whose count must follow.
const user = testUser({
  practitionerId: '3b7f2a90-2c1d-4e5f-8a9b-0c1d2e3f4a5b',
  roles: [
    {
      type: 'OrganisationManager',
      organisationId: '9c0e6f3a-1b2c-4d5e-8f9a-0b1c2d3e4f5a',
      healthcareServiceId: null,
    },
  ],
});

const notification = (n: number, status: NotificationStatus): NotificationItem => ({
  externalId: `NTF-${n}`,
  subject: `Subject ${n}`,
  message: `<p>Message <strong>${n}</strong></p>`,
  status,
  created: `2026-11-${String(20 - (n % 19)).padStart(2, '0')}T01:30:00.000Z`,
});

/** A fake API with one practitioner's notifications, changed by read and archive as the server would. */
function serve(initial: NotificationItem[], extra: Record<string, FakeHandler> = {}) {
  setSessionToken('tok');
  const rows = initial.map((n) => ({ ...n }));
  const unread = () => rows.filter((n) => n.status === 'Unread').length;
  const byId = (path: string) => rows.find((n) => path.includes(`/${n.externalId}/`));
  const requests = installFakeServer({
    [`GET ${apiPaths.me}`]: () => json(user),
    [`GET ${meApiPaths.organisations}`]: () => json({ organisations: [] }),
    [`GET ${shellApiPaths.unreadNotificationCount}`]: () => json({ count: unread() }),
    [`GET ${paths.counts}`]: () => json({ openTasks: 0, unreadNotifications: unread() }),
    [`GET ${paths.notifications}`]: (request) => {
      const query = new URL(request.path, 'http://x').searchParams;
      const archived = query.get('archived') === 'true';
      const page = Number(query.get('page'));
      const size = Number(query.get('pageSize'));
      const matching = rows.filter((n) => (n.status === 'Archived') === archived);
      return json({
        items: matching.slice((page - 1) * size, page * size),
        total: matching.length,
      });
    },
    ...Object.fromEntries(
      rows.flatMap((n) => [
        [
          `POST ${notificationApiPath('markRead', n.externalId)}`,
          (request: { path: string }) => {
            const row = byId(request.path)!;
            if (row.status === 'Unread') row.status = 'Read';
            return new Response(null, { status: 204 });
          },
        ],
        [
          `POST ${notificationApiPath('archive', n.externalId)}`,
          (request: { path: string }) => {
            byId(request.path)!.status = 'Archived';
            return new Response(null, { status: 204 });
          },
        ],
      ]),
    ),
    ...extra,
  });
  return requests;
}

const posts = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => r.path);

describe('the Notifications tab', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists read and unread notifications 10 a page, with status, created date-time and its tooltip', async () => {
    const requests = serve([
      ...Array.from({ length: 3 }, (_, n) => notification(n, 'Unread')),
      ...Array.from({ length: 9 }, (_, n) => notification(n + 3, 'Read')),
      notification(20, 'Archived'),
    ]);
    renderApp('/tasks-notifications/notifications');
    const radios = await screen.findByRole('group', {
      name: new RegExp(notificationTexts.filterLabel),
    });
    expect(within(radios).getByRole('radio', { name: notificationTexts.current })).toBeChecked();
    expect(await screen.findByRole('button', { name: /Subject 0/ })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.getByRole('button', { name: /Subject 0/ })).toHaveTextContent('Unread');
    expect(screen.getByRole('button', { name: /Subject 3/ })).toHaveTextContent('Read');
    expect(screen.getByText('Showing 1–10 of 12 notifications')).toBeVisible();
    const time = screen.getByRole('button', { name: /Subject 0/ }).querySelector('time')!;
    expect(time).toHaveAttribute('datetime', '2026-11-20T01:30:00.000Z');
    await userEvent.hover(time);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(notificationTexts.createdTooltip);
    await userEvent.unhover(time);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(requests.find((r) => r.path.startsWith(paths.notifications))?.path).toBe(
      `${paths.notifications}?archived=false&page=1&pageSize=10`,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('button', { name: /Subject 11/ })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });

  it('the created date-time’s tooltip is reachable by keyboard: the accordion button is its trigger', async () => {
    const keyboard = userEvent.setup();
    serve([notification(0, 'Unread'), notification(1, 'Read')]);
    renderApp('/tasks-notifications/notifications');
    const first = await screen.findByRole('button', { name: /Subject 0/ });
    // The date sits in the button, which holds nothing focusable; the button is described instead.
    expect(first.querySelector('time')).not.toBeNull();
    expect(first.querySelector('[tabindex]')).toBeNull();
    expect(first).toHaveAccessibleDescription(notificationTexts.createdTooltip);
    expect(screen.getByRole('button', { name: /Subject 1/ })).toHaveAccessibleDescription(
      notificationTexts.createdTooltip,
    );
    expect(screen.queryByRole('tooltip')).toBeNull();

    // Tab to the first notification: its tooltip shows; Escape hides it; the next one's shows on Tab.
    screen.getByRole('radio', { name: notificationTexts.current }).focus();
    while (document.activeElement !== first) await keyboard.tab();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent(notificationTexts.createdTooltip);
    expect(first.getAttribute('aria-describedby')?.split(' ')).toContain(tooltip.id);
    await keyboard.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    await keyboard.tab();
    expect(screen.getByRole('button', { name: /Subject 1/ })).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent(notificationTexts.createdTooltip);
    expect(screen.getAllByRole('tooltip')).toHaveLength(1);
  });

  it('opening an Unread one marks it read once and the bell follows; a Read one makes no call', async () => {
    const requests = serve([notification(0, 'Unread'), notification(1, 'Read')]);
    renderApp('/tasks-notifications/notifications');
    await userEvent.click(await screen.findByRole('button', { name: /Subject 0/ }));
    // The message is the server's sanitised HTML, rendered as such.
    expect(await screen.findByText('0', { selector: 'strong' })).toBeVisible();
    await waitFor(() =>
      expect(posts(requests)).toEqual([notificationApiPath('markRead', 'NTF-0')]),
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Subject 0/ })).toHaveTextContent('Read'),
    );
    // The bell's count and the tab's count are read again.
    await waitFor(() =>
      expect(
        requests.filter((r) => r.path === shellApiPaths.unreadNotificationCount).length,
      ).toBeGreaterThan(1),
    );
    expect(await screen.findByRole('tab', { name: 'Notifications (0)' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: /Subject 0/ }));
    await userEvent.click(screen.getByRole('button', { name: /Subject 0/ }));
    await userEvent.click(screen.getByRole('button', { name: /Subject 1/ }));
    expect(posts(requests)).toEqual([notificationApiPath('markRead', 'NTF-0')]);
  });

  it('archives an opened notification, which leaves the list after 250 ms and is under archived', async () => {
    const requests = serve([notification(0, 'Read'), notification(1, 'Read')]);
    renderApp('/tasks-notifications/notifications');
    await userEvent.click(await screen.findByRole('button', { name: /Subject 0/ }));
    await userEvent.click(await screen.findByRole('button', { name: notificationTexts.archive }));
    expect(posts(requests)).toEqual([notificationApiPath('archive', 'NTF-0')]);
    // Gone a quarter of a second after the answer.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Subject 0/ })).toBeNull());
    expect(screen.getByRole('button', { name: /Subject 1/ })).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: notificationTexts.archived }));
    await userEvent.click(await screen.findByRole('button', { name: /Subject 0/ }));
    expect(screen.queryByRole('button', { name: notificationTexts.archive })).toBeNull();
    expect(posts(requests)).toEqual([notificationApiPath('archive', 'NTF-0')]);
  });

  it('moves the focus of an archived notification to the one now in its place once it leaves', async () => {
    serve([notification(0, 'Read'), notification(1, 'Read'), notification(2, 'Read')]);
    renderApp('/tasks-notifications/notifications');
    await userEvent.click(await screen.findByRole('button', { name: /Subject 1/ }));
    await userEvent.click(await screen.findByRole('button', { name: notificationTexts.archive }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: notificationTexts.archive }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /Subject 1/ })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Subject 2/ }));
  });

  it('gives it to the one before when the last leaves, and to the empty message when none is left', async () => {
    serve([notification(0, 'Read'), notification(1, 'Read')]);
    renderApp('/tasks-notifications/notifications');
    await userEvent.click(await screen.findByRole('button', { name: /Subject 1/ }));
    await userEvent.click(await screen.findByRole('button', { name: notificationTexts.archive }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Subject 1/ })).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Subject 0/ }));

    await userEvent.click(screen.getByRole('button', { name: /Subject 0/ }));
    await userEvent.click(await screen.findByRole('button', { name: notificationTexts.archive }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Subject 0/ })).toBeNull());
    expect(document.activeElement).toBe(screen.getByText(notificationTexts.emptyCurrent));
    expect(document.activeElement).not.toBe(document.body);
  });

  it('archiving the only notification of the last page shows the page before, not an empty list', async () => {
    serve(Array.from({ length: 11 }, (_, n) => notification(n, 'Read')));
    renderApp('/tasks-notifications/notifications');
    await userEvent.click(await screen.findByRole('button', { name: 'Go to page 2' }));
    await userEvent.click(await screen.findByRole('button', { name: /Subject 10/ }));
    await userEvent.click(await screen.findByRole('button', { name: notificationTexts.archive }));
    expect(await screen.findByRole('button', { name: /Subject 0/ })).toBeVisible();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
    expect(screen.queryByText(notificationTexts.emptyCurrent)).toBeNull();
    // Ten are left: one page, so no pages to choose from.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Go to page 2' })).toBeNull());
  });

  it('says in the item when archiving fails, and keeps it in the list', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve([notification(0, 'Read')], {
      [`POST ${notificationApiPath('archive', 'NTF-0')}`]: () =>
        problem(500, '/problems/internal', 'Internal error'),
    });
    renderApp('/tasks-notifications/notifications');
    await userEvent.click(await screen.findByRole('button', { name: /Subject 0/ }));
    await userEvent.click(await screen.findByRole('button', { name: notificationTexts.archive }));
    expect(await screen.findByRole('alert')).toHaveTextContent(notificationTexts.archiveFailed);
    expect(screen.getByRole('button', { name: /Subject 0/ })).toBeVisible();
    expect(log).toHaveBeenCalledWith('Archiving a notification failed', expect.anything());
  });

  it('says when a list is empty, in the words of each filter', async () => {
    serve([]);
    renderApp('/tasks-notifications/notifications');
    expect(await screen.findByText(notificationTexts.emptyCurrent)).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: notificationTexts.archived }));
    expect(await screen.findByText(notificationTexts.emptyArchived)).toBeVisible();
  });

  it('a failed load is logged and said quietly, without an alert', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve([], {
      [`GET ${paths.notifications}`]: () => problem(500, '/problems/internal', 'Internal error'),
    });
    renderApp('/tasks-notifications/notifications');
    expect(await screen.findByText(notificationTexts.loadFailed)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(log).toHaveBeenCalledWith('Notifications failed to load', expect.anything());
  });
});
