import { queryOptions, useQuery } from '@tanstack/react-query';
import { delegationApiPaths } from '@pca/contracts/delegations-paths.ts';
import type { PotentialDelegates } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches the practice and business managers linked to the caller ("potential delegates"). */
export function getPotentialDelegates(signal?: AbortSignal): Promise<PotentialDelegates> {
  return http<PotentialDelegates>(delegationApiPaths.potentialDelegates, { signal });
}

/** Query options of the connections list. */
export function getPotentialDelegatesQueryOptions() {
  return queryOptions({
    queryKey: ['delegations', 'potential'],
    queryFn: ({ signal }) => getPotentialDelegates(signal),
  });
}

/** The caller's connections, loaded when the connections choice is shown. */
export function usePotentialDelegates(enabled: boolean) {
  return useQuery({ ...getPotentialDelegatesQueryOptions(), enabled });
}
