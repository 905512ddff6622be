import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceOfferingsPage, IsActiveFilter } from '@pca/contracts/practitioners.ts';
import { practitionerApiPaths } from '@pca/contracts/practitioners-paths.ts';
import { http } from '#lib/http.ts';

/** The filter and page the Practitioners page asks for. */
export type ServiceOfferingsRequest = {
  /** '' for every organisation. */
  organisationId: string;
  isActive: IsActiveFilter;
  name: string;
  page: number;
};

function queryString({ organisationId, isActive, name, page }: ServiceOfferingsRequest): string {
  const params = new URLSearchParams();
  if (organisationId) params.set('organisationId', organisationId);
  if (isActive !== 'all') params.set('isActive', isActive);
  if (name.trim()) params.set('name', name.trim());
  if (page > 1) params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Fetches one page of practitioners with their service offerings ("get service offerings", docs/product/rules.md#calls). */
export function getServiceOfferings(
  request: ServiceOfferingsRequest,
  signal?: AbortSignal,
): Promise<ServiceOfferingsPage> {
  return http<ServiceOfferingsPage>(practitionerApiPaths.serviceOfferings + queryString(request), {
    signal,
  });
}

/** Query options of a page of service offerings; role writes invalidate the ['service-offerings'] key. */
export function getServiceOfferingsQueryOptions(request: ServiceOfferingsRequest) {
  return queryOptions({
    queryKey: ['service-offerings', request],
    queryFn: ({ signal }) => getServiceOfferings(request, signal),
  });
}

/**
 * A page of practitioners; the previous page stays on screen while the next filter loads. `enabled`
 * waits for the organisation choice, so no unscoped request goes out before it is known.
 */
export function useServiceOfferings(request: ServiceOfferingsRequest, enabled = true) {
  return useQuery({
    ...getServiceOfferingsQueryOptions(request),
    placeholderData: keepPreviousData,
    enabled,
  });
}
