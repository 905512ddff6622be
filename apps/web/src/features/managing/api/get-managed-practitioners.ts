import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DelegatePractitioners } from '@pca/contracts';
import { shellApiPaths } from '@pca/contracts/paths.ts';
import { http } from '#lib/http.ts';

/** Fetches the practitioners the delegate may manage ("get practitioners for a delegate", docs/product/rules.md#calls). */
export function getManagedPractitioners(signal?: AbortSignal): Promise<DelegatePractitioners> {
  return http<DelegatePractitioners>(shellApiPaths.managedPractitioners, { signal });
}

/** Query options of the delegate's practitioners. */
export function managedPractitionersQueryOptions() {
  return queryOptions({
    queryKey: ['managed-practitioners'],
    queryFn: ({ signal }) => getManagedPractitioners(signal),
    // Practitioners start and stop delegations at any time: the list is asked again each time it is shown, so it never
    // offers an account that can no longer be managed (docs/product/features.md#delegation).
    staleTime: 0,
  });
}

/** The delegate's practitioners. */
export function useManagedPractitioners(enabled = true) {
  return useQuery({ ...managedPractitionersQueryOptions(), enabled });
}
