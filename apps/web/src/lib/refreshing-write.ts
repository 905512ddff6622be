import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write (a mutation) after which every query under `queryKey` is read again: a feature keeps its queries
 * under one root key, so whatever the write changed shows on every page that reads it. `alsoChanged` names
 * other features' keys the write changes too (the signed-in user, the operator's home counts). The mutation
 * settles once the refetch has, so a page that navigates on success lands on fresh data.
 */
export function useRefreshingWrite<TInput, TOutput>(
  queryKey: QueryKey,
  write: (input: TInput) => Promise<TOutput>,
  ...alsoChanged: QueryKey[]
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all(
        [queryKey, ...alsoChanged].map((key) => client.invalidateQueries({ queryKey: key })),
      ),
  });
}
