import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnreadNotificationCount } from '@pca/contracts';
import { shellApiPaths } from '@pca/contracts/paths.ts';
import { http } from './http.ts';

/** Fetches the unread notifications count of the user's own (or the managed) practitioner. */
export function getUnreadNotificationCount(signal?: AbortSignal): Promise<UnreadNotificationCount> {
  return http<UnreadNotificationCount>(shellApiPaths.unreadNotificationCount, { signal });
}

/** Query options of the bell's count; marking notifications read should invalidate this key. */
export function unreadNotificationCountQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'unread-notification-count'],
    queryFn: ({ signal }) => getUnreadNotificationCount(signal),
  });
}

/** The bell's count; only fetched when the bell is shown (the API refuses everyone else). */
export function useUnreadNotificationCount(enabled: boolean) {
  return useQuery({ ...unreadNotificationCountQueryOptions(), enabled });
}
