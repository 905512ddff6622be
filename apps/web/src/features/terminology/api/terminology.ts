import { useQuery } from '@tanstack/react-query';
import { terminologyApiPaths, type MapTerm, type UnmatchedTerms } from '@pca/contracts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** The texts no concept matches, with counts (the operator's). */
export const unmatchedQueryOptions = () =>
  httpQuery<UnmatchedTerms>(['terminology', 'unmatched'], terminologyApiPaths.unmatched);
export const useUnmatchedTerms = () => useQuery(unmatchedQueryOptions());

/** Maps a text to a concept; the list is read again. */
export function useMapTerm() {
  return useRefreshingWrite(unmatchedQueryOptions().queryKey, (body: MapTerm) =>
    http<void>(terminologyApiPaths.mappings, { method: 'POST', body }),
  );
}
