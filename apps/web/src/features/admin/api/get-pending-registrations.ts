import { useQuery } from '@tanstack/react-query';
import { adminApiPaths, type PendingRegistrations } from '@pca/contracts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of the operator's queue of business registrations pending approval. */
export function getPendingRegistrationsQueryOptions() {
  return httpQuery<PendingRegistrations>(['admin', 'registrations'], adminApiPaths.registrations);
}

/** The approval queue. */
export function usePendingRegistrations() {
  return useQuery(getPendingRegistrationsQueryOptions());
}
