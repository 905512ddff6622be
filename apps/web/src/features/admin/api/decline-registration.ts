import { businessApiPath, adminApiPaths, type DeclineRegistration } from '@pca/contracts';
import { http } from '#lib/http.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Declines a registration with a reason; it returns to Pending Submission. */
export function declineRegistration(id: string, body: DeclineRegistration) {
  return http<null>(businessApiPath(adminApiPaths.decline, id), { method: 'POST', body });
}

/** Declining from the queue; refreshes the queue and the counts. */
export function useDeclineRegistration() {
  // The queue and the home's counts.
  return useRefreshingWrite(['admin'], ({ id, ...body }: DeclineRegistration & { id: string }) =>
    declineRegistration(id, body),
  );
}
