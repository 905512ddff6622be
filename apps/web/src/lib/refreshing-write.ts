import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './http.ts';

/**
 * A write (a mutation) after which every query under `queryKey` is read again: a feature keeps its queries
 * under one root key, so whatever the write changed shows on every page that reads it. `alsoChanged` names
 * other features' keys the write changes too (the signed-in user, the operator's home counts). The mutation
 * settles once the refetch has, so a page that navigates on success lands on fresh data. A write refused
 * as a conflict (409) reads them again too.
 */
export function useRefreshingWrite<TInput, TOutput>(
  queryKey: QueryKey,
  write: (input: TInput) => Promise<TOutput>,
  ...alsoChanged: QueryKey[]
) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(
      [queryKey, ...alsoChanged].map((key) => client.invalidateQueries({ queryKey: key })),
    );
  return useMutation({
    mutationFn: write,
    onSuccess: refresh,
    // A 409 says what the page showed has changed meanwhile (another operator approved it, the transfer was
    // withdrawn): it is read again, so the page stops offering what can no longer be done.
    onError: (error) => (error instanceof ApiError && error.status === 409 ? refresh() : undefined),
  });
}
