import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@pca/contracts';
import { apiPaths } from '@pca/contracts/paths.ts';
import { http } from './http.ts';
import { useHasSession } from './session-token.ts';

/** Fetches the signed-in user (401 when the session is missing, expired or revoked). */
export function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return http<CurrentUser>(apiPaths.me, { signal });
}

/** Query options of the signed-in user; mutations that change the user invalidate this key. */
export function currentUserQueryOptions() {
  return queryOptions({ queryKey: ['me'], queryFn: ({ signal }) => getCurrentUser(signal) });
}

/** The signed-in user; idle (no request) while no session token is stored. */
export function useCurrentUser() {
  const hasSession = useHasSession();
  return useQuery({ ...currentUserQueryOptions(), enabled: hasSession });
}
