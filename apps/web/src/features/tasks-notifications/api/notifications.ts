import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { NotificationsPage } from '@pca/contracts';
import {
  notificationApiPath,
  tasksNotificationsApiPaths,
} from '@pca/contracts/tasks-notifications-paths.ts';
import { constants } from '@pca/contracts/constants.ts';
import { http } from '#lib/http.ts';
import { unreadNotificationCountQueryOptions } from '#lib/unread-notifications.ts';
import { tasksNotificationsCountsKey } from './tasks.ts';

/** Which list the Notifications tab shows: read and unread, or archived. */
export type NotificationsFilter = 'current' | 'archived';

/** Get notifications: one page (from 1) of the caller's (or the managed practitioner's) notifications. */
export function getNotifications(
  filter: NotificationsFilter,
  page: number,
  signal?: AbortSignal,
): Promise<NotificationsPage> {
  const query = new URLSearchParams({
    archived: String(filter === 'archived'),
    page: String(page),
    pageSize: String(constants.notificationPageSize),
  });
  return http<NotificationsPage>(`${tasksNotificationsApiPaths.notifications}?${query}`, {
    signal,
  });
}

/** Query options of a page of notifications; every read or archive invalidates ['notifications']. */
export function notificationsQueryOptions(filter: NotificationsFilter, page: number) {
  return queryOptions({
    queryKey: ['notifications', filter, page],
    queryFn: ({ signal }) => getNotifications(filter, page, signal),
  });
}

/** A page of notifications; the previous page stays on screen while the next one loads. */
export function useNotifications(filter: NotificationsFilter, page: number) {
  return useQuery({
    ...notificationsQueryOptions(filter, page),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a read or an archive, every count of unread notifications is stale: the header bell's and the
 * tabs'. Refetching them now is what lets the bell follow without a reload.
 */
function useRefreshCounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: unreadNotificationCountQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: tasksNotificationsCountsKey }),
    ]);
}

/** Mark read: opening an Unread notification (docs/product/features.md#tasks-and-notifications). */
export function useMarkNotificationRead() {
  const refreshCounts = useRefreshCounts();
  return useMutation({
    mutationFn: (externalId: string) =>
      http<void>(notificationApiPath('markRead', externalId), { method: 'POST' }),
    onSuccess: refreshCounts,
  });
}

/** Archive; the panel removes the item from its list 250 ms later, then calls `refetchLists`. */
export function useArchiveNotification() {
  const refreshCounts = useRefreshCounts();
  return useMutation({
    mutationFn: (externalId: string) =>
      http<void>(notificationApiPath('archive', externalId), { method: 'POST' }),
    onSuccess: refreshCounts,
  });
}

/** Reads every notifications list again (after an archived item has left the one on screen). */
export function useRefetchNotifications() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['notifications'] });
}
