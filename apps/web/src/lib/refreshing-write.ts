import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A write (a mutation) after which every query under `queryKey` is read again: a feature keeps its queries
 * under one root key, so whatever the write changed shows on every page that reads it. The mutation settles
 * once the refetch has, so a page that navigates on success lands on fresh data.
 */
export function useRefreshingWrite<TInput, TOutput>(
  queryKey: QueryKey,
  write: (input: TInput) => Promise<TOutput>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey }),
  });
}
