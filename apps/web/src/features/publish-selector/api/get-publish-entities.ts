import { queryOptions, useQuery } from '@tanstack/react-query';
import { publishSelectorApiPaths, type PublishEntities } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches the healthcare services, organisations and locations the user manages. */
export function getPublishEntities(signal?: AbortSignal): Promise<PublishEntities> {
  return http<PublishEntities>(publishSelectorApiPaths.entities, { signal });
}

/** Query options of the publish selector's entities. */
export function getPublishEntitiesQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'publish-selector', 'entities'],
    queryFn: ({ signal }) => getPublishEntities(signal),
  });
}

/** The entities the user can manage publications for. */
export function usePublishEntities() {
  return useQuery(getPublishEntitiesQueryOptions());
}
