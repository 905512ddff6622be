import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { delegationApiPaths } from '@pca/contracts/delegations-paths.ts';
import type { DelegationsPage } from '@pca/contracts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of one page (from 1) of the caller's delegates ("search delegates"); every delegation change invalidates the ['delegations'] key. */
export function getDelegationsQueryOptions(page: number) {
  const query = page > 1 ? `?page=${page}` : '';
  return httpQuery<DelegationsPage>(
    ['delegations', 'list', page],
    `${delegationApiPaths.list}${query}`,
  );
}

/** A page of delegates; the previous page stays on screen while the next one loads. */
export function useDelegations(page: number) {
  return useQuery({ ...getDelegationsQueryOptions(page), placeholderData: keepPreviousData });
}
