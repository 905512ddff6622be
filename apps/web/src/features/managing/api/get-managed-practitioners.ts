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
  });
}

/** The delegate's practitioners. */
export function useManagedPractitioners(enabled = true) {
  return useQuery({ ...managedPractitionersQueryOptions(), enabled });
}
