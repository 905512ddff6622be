import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupHelperStatus } from '@pca/contracts';
import { setupHelperApiPath } from '@pca/contracts/welcome-paths.ts';
import { http } from '#lib/http.ts';

/** Fetches the setup-helper tile states of one organisation. */
export function getSetupHelper(organisationId: string, signal?: AbortSignal) {
  return http<SetupHelperStatus>(setupHelperApiPath(organisationId), { signal });
}

/** Query options of one organisation's setup helper. */
export function getSetupHelperQueryOptions(organisationId: string) {
  return queryOptions({
    queryKey: ['me', 'welcome', 'setup-helper', organisationId],
    queryFn: ({ signal }) => getSetupHelper(organisationId, signal),
  });
}

/** Setup-helper tile states of one organisation. */
export function useSetupHelper(organisationId: string) {
  return useQuery(getSetupHelperQueryOptions(organisationId));
}
