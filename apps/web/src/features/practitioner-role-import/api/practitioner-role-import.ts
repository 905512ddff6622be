import { useQuery } from '@tanstack/react-query';
import type { ImportPreview, ImportRequest, ImportResult, ImportRunProgress } from '@pca/contracts';
import { practitionerRoleImportApiPath as path } from '@pca/contracts/practitioner-role-import-paths.ts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Every query of the import lives under this key. */
const root = ['practitioner-role-import'] as const;

/** Starts reading a connection's roles: the progress after the first page. */
export const startRun = (connectionId: string, signal?: AbortSignal) =>
  http<ImportRunProgress>(path('start', connectionId), { method: 'POST', signal });

/** Reads a run's next page. */
export const readNextPage = (runId: string, signal?: AbortSignal) =>
  http<ImportRunProgress>(path('next', runId), { method: 'POST', signal });

/** Forgets a run (Cancel while reading). */
export const cancelRun = (runId: string) =>
  http<null>(path('run', runId), { method: 'DELETE' }).catch(() => null);

/** The preview of a run read to the end. */
export function useImportPreview(runId: string | null) {
  return useQuery({
    ...httpQuery<ImportPreview>([...root, 'preview', runId], path('run', runId ?? '')),
    enabled: runId !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/** Imports the chosen rows; afterwards the practitioners' lists are read again. */
export function useImportRoles(runId: string | null) {
  return useRefreshingWrite(['service-offerings'], (request: ImportRequest) =>
    http<ImportResult>(path('import', runId ?? ''), { method: 'POST', body: request }),
  );
}
