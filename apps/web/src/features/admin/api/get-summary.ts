import { useQuery } from '@tanstack/react-query';
import { adminApiPaths, type AdminSummary } from '@pca/contracts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of the operator's home: a count per operator area. */
export function adminSummaryQueryOptions() {
  return httpQuery<AdminSummary>(['admin', 'summary'], adminApiPaths.summary);
}

/** What exists or waits in each operator area. */
export function useAdminSummary() {
  return useQuery(adminSummaryQueryOptions());
}
