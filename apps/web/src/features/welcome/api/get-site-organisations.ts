import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteOrganisations } from '@pca/contracts';
import { welcomeApiPaths } from '@pca/contracts/welcome-paths.ts';
import { http } from '#lib/http.ts';

/** Fetches the organisations the user may set up a site for. */
export function getSiteOrganisations(signal?: AbortSignal): Promise<SiteOrganisations> {
  return http<SiteOrganisations>(welcomeApiPaths.siteOrganisations, { signal });
}

/** Query options of the site organisations. */
export function getSiteOrganisationsQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'welcome', 'site-organisations'],
    queryFn: ({ signal }) => getSiteOrganisations(signal),
  });
}

/** Organisations for managing sites. */
export function useSiteOrganisations() {
  return useQuery(getSiteOrganisationsQueryOptions());
}
