import { queryOptions, useQuery } from '@tanstack/react-query';
import { delegationApiPaths } from '@pca/contracts/delegations-paths.ts';
import type { DelegationConsent } from '@pca/contracts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of the consent text in force, with its version (sent back with every consent). */
export function getDelegationConsentQueryOptions() {
  return queryOptions({
    ...httpQuery<DelegationConsent>(['delegations', 'consent'], delegationApiPaths.consent),
    staleTime: 5 * 60_000,
  });
}

/** The consent text in force. */
export function useDelegationConsent() {
  return useQuery(getDelegationConsentQueryOptions());
}
