import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  businessApiPath,
  healthcareServiceApiPaths,
  type CreatedEntity,
  type HealthcareServiceDetail,
  type HealthcareServiceInput,
} from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches a healthcare service. */
export function getHealthcareService(id: string, signal?: AbortSignal) {
  return http<HealthcareServiceDetail>(
    businessApiPath(healthcareServiceApiPaths.healthcareService, id),
    { signal },
  );
}

/** Query options of one healthcare service. */
export function getHealthcareServiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['healthcare-services', id],
    queryFn: ({ signal }) => getHealthcareService(id, signal),
  });
}

/** One healthcare service; idle without an id. */
export function useHealthcareService(id: string | null) {
  return useQuery({ ...getHealthcareServiceQueryOptions(id ?? ''), enabled: Boolean(id) });
}

/** Saves a healthcare service. */
export function updateHealthcareService(id: string, body: HealthcareServiceInput) {
  return http<HealthcareServiceDetail>(
    businessApiPath(healthcareServiceApiPaths.healthcareService, id),
    {
      method: 'PATCH',
      body,
    },
  );
}

/** Mutation saving a healthcare service; the page shows the saved answer. */
export function useUpdateHealthcareService(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HealthcareServiceInput) => updateHealthcareService(id, body),
    onSuccess: (saved) => {
      client.setQueryData(getHealthcareServiceQueryOptions(id).queryKey, saved);
      void client.invalidateQueries({ queryKey: ['organisations', saved.organisation.id] });
    },
  });
}

/** Adds a healthcare service to an organisation. */
export function useCreateHealthcareService(organisationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HealthcareServiceInput) =>
      http<CreatedEntity>(businessApiPath(healthcareServiceApiPaths.create, organisationId), {
        method: 'POST',
        body,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['organisations', organisationId] }),
  });
}
