import { useQuery } from '@tanstack/react-query';
import { publishSelectorApiPaths, type PublishEntities } from '@pca/contracts';
import { httpQuery } from '#lib/http-query.ts';

/** Query options of the publish selector's entities: the healthcare services, organisations and locations the user manages. */
export function getPublishEntitiesQueryOptions() {
  return httpQuery<PublishEntities>(
    ['me', 'publish-selector', 'entities'],
    publishSelectorApiPaths.entities,
  );
}

/** The entities the user can manage publications for. */
export function usePublishEntities() {
  return useQuery(getPublishEntitiesQueryOptions());
}
