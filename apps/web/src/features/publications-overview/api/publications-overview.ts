import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  PublicationsOverview,
  PublishedEntitiesPage,
  PublishedEntityType,
} from '@pca/contracts/publications-overview.ts';
import { publicationsOverviewApiPaths as paths } from '@pca/contracts/publications-overview-paths.ts';
import { downloadFile } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';

/** Rows a drill-down page shows. */
export const PAGE_SIZE = 20;

const withPartner = (path: string, partnerServiceId: string) =>
  path.replace(':partnerServiceId', encodeURIComponent(partnerServiceId));

const typeQuery = (type: PublishedEntityType | '') => (type ? `type=${type}` : '');

/** Every partner service with counts of what it receives. */
export function usePublicationsOverview() {
  return useQuery(httpQuery<PublicationsOverview>(['publications-overview'], paths.list));
}

/** One page of what a partner receives; the page before stays on screen while the next one loads. */
export function usePublishedEntities(
  partnerServiceId: string,
  type: PublishedEntityType | '',
  page: number,
) {
  const query = [typeQuery(type), `page=${page}`, `pageSize=${PAGE_SIZE}`]
    .filter(Boolean)
    .join('&');
  return useQuery({
    ...httpQuery<PublishedEntitiesPage>(
      ['publications-overview', partnerServiceId, type, page],
      `${withPartner(paths.entities, partnerServiceId)}?${query}`,
    ),
    placeholderData: keepPreviousData,
  });
}

/** Downloads what a partner receives (of one kind, or all) as CSV. */
export function downloadPublicationsCsv(
  partnerServiceId: string,
  type: PublishedEntityType | '',
): Promise<void> {
  const query = typeQuery(type);
  return downloadFile(
    `${withPartner(paths.csv, partnerServiceId)}${query ? `?${query}` : ''}`,
    'publications.csv',
  );
}
