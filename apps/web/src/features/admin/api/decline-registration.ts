import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessApiPath, adminApiPaths, type DeclineRegistration } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Declines a registration with a reason; it returns to Pending Submission. */
export function declineRegistration(id: string, body: DeclineRegistration) {
  return http<null>(businessApiPath(adminApiPaths.decline, id), { method: 'POST', body });
}

/** Declining from the queue; refreshes the queue and the counts. */
export function useDeclineRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: DeclineRegistration & { id: string }) =>
      declineRegistration(id, body),
    // The queue and the home's counts.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
