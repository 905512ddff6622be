import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  NhsdBanner,
  NhsdFindRequest,
  NhsdImportOrganisations,
  NhsdImportRequest,
  NhsdImportResult,
  NhsdLocationSearchResult,
  NhsdSearchResult,
  PartnerServiceSearchResult,
  PublicationPreferenceStatus,
} from '@pca/contracts';
import {
  nhsdConstants,
  nhsdImportApiPaths as paths,
  nhsdOrganisationApiPath,
  nhsdPostcodePattern,
} from '@pca/contracts/nhsd-import-paths.ts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { searchLocalities } from '#lib/business/address-fields.tsx';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Every query of the wizard lives under this key; a successful import invalidates it. */
const root = ['nhsd-import'] as const;

/** The directory's banner; a failed call means maintenance too (docs/product/features.md#nhsd-import). */
export function useNhsdBanner() {
  return useQuery({
    ...httpQuery<NhsdBanner>([...root, 'banner'], paths.banner),
    retry: false,
    staleTime: 60_000,
  });
}

/** The organisation trees the user may import into. */
export function useImportOrganisations() {
  return useQuery(
    httpQuery<NhsdImportOrganisations>([...root, 'organisations'], paths.organisations),
  );
}

/** Page 1 (30 a page) of an organisation's active locations, with their type codes. */
export function useImportLocations(organisationId: string) {
  return useQuery({
    ...httpQuery<NhsdLocationSearchResult>(
      [...root, 'locations', organisationId],
      `${nhsdOrganisationApiPath('locations', organisationId)}?page=1`,
    ),
    enabled: organisationId !== '',
    retry: false,
  });
}

/**
 * Whether the organisation has publication preferences for the national directory and Health Connect, and
 * what services imported at the location ('' for a new one) would inherit.
 */
export function usePublicationPreferences(organisationId: string, locationId: string) {
  return useQuery({
    ...httpQuery<PublicationPreferenceStatus>(
      [...root, 'publication-preferences', organisationId, locationId],
      `${nhsdOrganisationApiPath('publicationPreferences', organisationId)}${
        locationId ? `?locationId=${encodeURIComponent(locationId)}` : ''
      }`,
    ),
    enabled: organisationId !== '',
    retry: false,
  });
}

/** Directory partner services (page 1, 50 a page) the organisation may subscribe to. */
export function usePartnerServices(organisationId: string, enabled: boolean) {
  return useQuery({
    ...httpQuery<PartnerServiceSearchResult>(
      [...root, 'partner-services', organisationId],
      `${nhsdOrganisationApiPath('partnerServices', organisationId)}?role=${nhsdConstants.partnerServiceRole}&page=1`,
    ),
    enabled: enabled && organisationId !== '',
    retry: false,
  });
}

/** Finds directory services of a business type at a place (si) or by name (home, virtual). */
export function useFindServices() {
  return useMutation({
    mutationFn: (request: Required<NhsdFindRequest>) => {
      const query = new URLSearchParams({
        appliesTo: request.appliesTo,
        name: request.name,
        suburb: request.suburb,
        postcode: request.postcode,
        state: request.state,
      });
      return http<NhsdSearchResult>(`${paths.find}?${query.toString()}`);
    },
  });
}

/**
 * Validates an import (nothing is written): a query keyed by the request, so only the answer for the
 * services, organisation and location now chosen can enable 'Import now'.
 */
export function useValidateImport(request: NhsdImportRequest | null) {
  return useQuery({
    queryKey: [...root, 'validate', request],
    queryFn: ({ signal }) =>
      http<null>(paths.validate, { method: 'POST', body: request, signal }).then(() => true),
    enabled: request !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * Imports the services; afterwards the user's organisation trees, the wizard's data and the organisation and
 * location pages (which list the new services) are read again.
 */
export function useImportServices() {
  return useRefreshingWrite(
    root,
    (request: NhsdImportRequest) =>
      http<NhsdImportResult>(paths.import, { method: 'POST', body: request }),
    ['me', 'organisations'],
    ['organisations'],
    ['locations'],
  );
}

/**
 * Suburb/postcode completions for the coverage area: only those whose postcode matches the pattern and
 * that are not the area already chosen (docs/product/features.md#nhsd-import).
 */
export async function searchCoverageAreas(
  q: string,
  chosenId: string | null,
  signal?: AbortSignal,
) {
  const localities = await searchLocalities(q, signal);
  return localities.filter((l) => nhsdPostcodePattern.test(l.postcode) && l.id !== chosenId);
}
