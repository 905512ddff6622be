import { queryOptions, useQuery } from '@tanstack/react-query';
import { delegationApiPaths } from '@pca/contracts/delegations-paths.ts';
import type { DelegationConsent } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches the consent text in force, with its version (sent back with every consent). */
export function getDelegationConsent(signal?: AbortSignal): Promise<DelegationConsent> {
  return http<DelegationConsent>(delegationApiPaths.consent, { signal });
}

/** Query options of the consent text. */
export function getDelegationConsentQueryOptions() {
  return queryOptions({
    queryKey: ['delegations', 'consent'],
    queryFn: ({ signal }) => getDelegationConsent(signal),
    staleTime: 5 * 60_000,
  });
}

/** The consent text in force. */
export function useDelegationConsent() {
  return useQuery(getDelegationConsentQueryOptions());
}
