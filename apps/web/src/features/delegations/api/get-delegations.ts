import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { delegationApiPaths } from '@pca/contracts/delegations-paths.ts';
import type { DelegationsPage } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches one page (from 1) of the caller's delegates ("search delegates"). */
export function getDelegations(page: number, signal?: AbortSignal): Promise<DelegationsPage> {
  const query = page > 1 ? `?page=${page}` : '';
  return http<DelegationsPage>(`${delegationApiPaths.list}${query}`, { signal });
}

/** Query options of a page of delegates; every delegation change invalidates the ['delegations'] key. */
export function getDelegationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['delegations', 'list', page],
    queryFn: ({ signal }) => getDelegations(page, signal),
  });
}

/** A page of delegates; the previous page stays on screen while the next one loads. */
export function useDelegations(page: number) {
  return useQuery({ ...getDelegationsQueryOptions(page), placeholderData: keepPreviousData });
}
