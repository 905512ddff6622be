import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApiPaths, type AdminSummary } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Query options of the operator's home: a count per operator area. */
export function adminSummaryQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'summary'],
    queryFn: ({ signal }) => http<AdminSummary>(adminApiPaths.summary, { signal }),
  });
}

/** What exists or waits in each operator area. */
export function useAdminSummary() {
  return useQuery(adminSummaryQueryOptions());
}
