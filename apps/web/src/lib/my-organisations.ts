import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOrganisations } from '@pca/contracts';
import { meApiPaths } from '@pca/contracts/paths.ts';
import { http } from './http.ts';
import { useHasSession } from './session-token.ts';

/** Fetches the user's organisation trees ("update all user organisation trees", docs/product/rules.md#calls). */
export function getMyOrganisations(signal?: AbortSignal): Promise<MyOrganisations> {
  return http<MyOrganisations>(meApiPaths.organisations, { signal });
}

/** Query options of the user's organisation trees; writes to organisations invalidate this key. */
export function myOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'organisations'],
    queryFn: ({ signal }) => getMyOrganisations(signal),
  });
}

/** The user's organisation trees; idle while signed out. */
export function useMyOrganisations() {
  const hasSession = useHasSession();
  return useQuery({ ...myOrganisationsQueryOptions(), enabled: hasSession });
}
