import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessApiPath, adminApiPaths } from '@pca/contracts';
import { http } from '#lib/http.ts';
import { getPendingRegistrationsQueryOptions } from './get-pending-registrations.ts';

/** Approves a registration: its organisation becomes an Approved publisher. */
export function approveRegistration(id: string) {
  return http<null>(businessApiPath(adminApiPaths.approve, id), { method: 'POST' });
}

/** Approving from the queue; refreshes the queue. */
export function useApproveRegistration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveRegistration,
    onSuccess: () =>
      client.invalidateQueries({ queryKey: getPendingRegistrationsQueryOptions().queryKey }),
  });
}
