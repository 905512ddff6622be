import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditActors, AuditEntityFilter, AuditEventsPage } from '@pca/contracts';
import { auditEventsApiPaths } from '@pca/contracts/audit-events-paths.ts';
import { downloadFile, http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';

/** The page's filters as the user sets them ('' for none). */
export type AuditFilters = {
  from: string;
  to: string;
  entity: AuditEntityFilter | '';
  actor: string;
};

export const noFilters: AuditFilters = { from: '', to: '', entity: '', actor: '' };

/** The filters as a query string's parameters (only those set). */
export function filterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}

/** One page of the caller's (or the managed practitioner's) audit trail, after `cursor`. */
export function getAuditEvents(
  filters: AuditFilters,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditEventsPage> {
  const params = filterParams(filters);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return http<AuditEventsPage>(`${auditEventsApiPaths.list}${query ? `?${query}` : ''}`, {
    signal,
  });
}

export function auditEventsQueryOptions(filters: AuditFilters, cursor: string | null) {
  return queryOptions({
    queryKey: ['audit-events', filters, cursor],
    queryFn: ({ signal }) => getAuditEvents(filters, cursor, signal),
  });
}

/** A page of the trail; the page before stays on screen while the next one loads. */
export function useAuditEvents(filters: AuditFilters, cursor: string | null, enabled: boolean) {
  return useQuery({
    ...auditEventsQueryOptions(filters, cursor),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Who the actor filter offers. */
export function useAuditActors() {
  return useQuery(httpQuery<AuditActors>(['audit-events', 'actors'], auditEventsApiPaths.actors));
}

/** Downloads the filtered trail as CSV (downloadFile of lib/http.ts). */
export function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const query = filterParams(filters).toString();
  return downloadFile(`${auditEventsApiPaths.csv}${query ? `?${query}` : ''}`, 'audit-events.csv');
}
