import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths, type PendingRegistrations } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches the operator's queue of business registrations pending approval. */
export function getPendingRegistrations(signal?: AbortSignal) {
  return http<PendingRegistrations>(adminApiPaths.registrations, { signal });
}

/** Query options of the approval queue. */
export function getPendingRegistrationsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'registrations'],
    queryFn: ({ signal }) => getPendingRegistrations(signal),
  });
}

/** The approval queue. */
export function usePendingRegistrations() {
  return useQuery(getPendingRegistrationsQueryOptions());
}
