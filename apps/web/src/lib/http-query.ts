import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { http } from './http.ts';

/**
 * Query options of a GET of one API path: the answer typed T, the request cancelled with its query (TanStack
 * Query's signal). Most queries of the app are only that; spread it to add options, e.g.
 * `useQuery({ ...httpQuery<T>(key, path), enabled })`. Beside http.ts rather than in it: http() serves every
 * request, queries or not, and so brings no TanStack Query along (decisions 018 and 035 load it on first need).
 *
 * T is given, so the key's own type is not inferred (TypeScript infers all type arguments or none): the key is
 * typed QueryKey unless K is given too. It is still tagged with T, so `getQueryData(options.queryKey)` answers T.
 */
export const httpQuery = <T, K extends QueryKey = QueryKey>(queryKey: K, path: string) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => http<T>(path, { signal }) });
