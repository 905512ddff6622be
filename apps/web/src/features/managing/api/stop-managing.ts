import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shellApiPaths } from '@pca/contracts/paths.ts';
import { http } from '#lib/http.ts';

/** Switches back to the delegate's own account on the server session. */
export function stopManaging(): Promise<void> {
  return http<void>(shellApiPaths.managing, { method: 'DELETE' });
}

/** Switch back to My account; everything cached was about the managed practitioner, so it is dropped. */
export function useStopManaging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopManaging,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'me' });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
