import { queryOptions, useQuery } from '@tanstack/react-query';
import { businessApiPath, organisationApiPaths, type OrganisationDetail } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches an organisation with its tabs' data (its page, and the parent of an added location or service). */
export function getOrganisation(id: string, signal?: AbortSignal): Promise<OrganisationDetail> {
  return http<OrganisationDetail>(businessApiPath(organisationApiPaths.organisation, id), {
    signal,
  });
}

/** Query options of one organisation; its edits write this key. */
export function getOrganisationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['organisations', id],
    queryFn: ({ signal }) => getOrganisation(id, signal),
  });
}

/** One organisation. */
export function useOrganisation(id: string) {
  return useQuery(getOrganisationQueryOptions(id));
}
