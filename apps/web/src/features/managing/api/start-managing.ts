import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManagedPractitioner } from '@pca/contracts';
import { shellApiPaths } from '@pca/contracts/paths.ts';
import { http } from '#lib/http.ts';

/** Starts managing a practitioner on the server session (checked there against an accepted delegation). */
export function startManaging(practitionerId: string): Promise<ManagedPractitioner> {
  return http<ManagedPractitioner>(shellApiPaths.managing, {
    method: 'PUT',
    body: { practitionerId },
  });
}

/**
 * Manage a practitioner. Everything cached belonged to the account acted for until now (the delegate or the previous
 * practitioner), so it is dropped; the user is refetched, so the header says 'Managing' and that practitioner's name.
 */
export function useStartManaging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startManaging,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
