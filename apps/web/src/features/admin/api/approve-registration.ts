import { businessApiPath, adminApiPaths } from '@pca/contracts';
import { http } from '#lib/http.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Approves a registration: its organisation becomes an Approved publisher. */
export function approveRegistration(id: string) {
  return http<null>(businessApiPath(adminApiPaths.approve, id), { method: 'POST' });
}

/** Approving from the queue; refreshes the queue and the counts. */
export function useApproveRegistration() {
  // The queue and the home's counts.
  return useRefreshingWrite(['admin'], approveRegistration);
}
