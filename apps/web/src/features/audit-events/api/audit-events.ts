import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditActors, AuditEntityFilter, AuditEventsPage, Problem } from '@pca/contracts';
import { auditEventsApiPaths } from '@pca/contracts/audit-events-paths.ts';
import { ApiError, http } from '#lib/http.ts';
import { getSessionToken } from '#lib/session-token.ts';

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
  return useQuery({
    queryKey: ['audit-events', 'actors'],
    queryFn: ({ signal }) => http<AuditActors>(auditEventsApiPaths.actors, { signal }),
  });
}

/**
 * Downloads the filtered trail as CSV. The API needs the session's bearer token, which a plain link
 * cannot send, so the file is fetched and handed to the browser as a download.
 */
export async function downloadAuditCsv(filters: AuditFilters): Promise<void> {
  const query = filterParams(filters).toString();
  const token = getSessionToken();
  const response = await fetch(`${auditEventsApiPaths.csv}${query ? `?${query}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as Problem | null;
    throw new ApiError(response.status, problem, null);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'audit-events.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has the file once the click is handled; the next task may let it go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
