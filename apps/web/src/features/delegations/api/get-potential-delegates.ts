import { useQuery } from '@tanstack/react-query';
import { delegationApiPaths } from '@pca/contracts/delegations-paths.ts';
import type { PotentialDelegates } from '@pca/contracts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of the practice and business managers linked to the caller ("potential delegates"). */
export function getPotentialDelegatesQueryOptions() {
  return httpQuery<PotentialDelegates>(
    ['delegations', 'potential'],
    delegationApiPaths.potentialDelegates,
  );
}

/** The caller's connections, loaded when the connections choice is shown. */
export function usePotentialDelegates(enabled: boolean) {
  return useQuery({ ...getPotentialDelegatesQueryOptions(), enabled });
}
