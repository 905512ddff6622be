import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessApiPath, adminApiPaths } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Approves a registration: its organisation becomes an Approved publisher. */
export function approveRegistration(id: string) {
  return http<null>(businessApiPath(adminApiPaths.approve, id), { method: 'POST' });
}

/** Approving from the queue; refreshes the queue and the counts. */
export function useApproveRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveRegistration,
    // The queue and the home's counts.
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
