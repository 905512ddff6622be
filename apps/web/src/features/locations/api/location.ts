import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  businessApiPath,
  locationApiPaths,
  type CreatedEntity,
  type LocationDetail,
  type LocationInput,
} from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches a location. */
export function getLocation(id: string, signal?: AbortSignal) {
  return http<LocationDetail>(businessApiPath(locationApiPaths.location, id), { signal });
}

/** Query options of one location. */
export function getLocationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['locations', id],
    queryFn: ({ signal }) => getLocation(id, signal),
  });
}

/** One location. */
export function useLocation(id: string) {
  return useQuery(getLocationQueryOptions(id));
}

/** Mutation saving a location. */
export function useUpdateLocation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput) =>
      http<LocationDetail>(businessApiPath(locationApiPaths.location, id), {
        method: 'PATCH',
        body,
      }),
    onSuccess: (saved) => {
      client.setQueryData(getLocationQueryOptions(id).queryKey, saved);
      void client.invalidateQueries({ queryKey: ['organisations', saved.organisation.id] });
    },
  });
}

/** Mutation adding a location to an organisation. */
export function useCreateLocation(organisationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput) =>
      http<CreatedEntity>(businessApiPath(locationApiPaths.create, organisationId), {
        method: 'POST',
        body,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['organisations', organisationId] }),
  });
}
