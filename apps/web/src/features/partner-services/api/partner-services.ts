import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  partnerServicesApiPath as path,
  partnerServicesApiPaths as paths,
  type PartnerIdentifierSystem,
  type PartnerIdentifierSystemInput,
  type PartnerIdentifierSystemList,
  type PartnerServiceDetail,
  type PartnerServiceInput,
  type PartnerServiceList,
  type PartnerServiceLogoUpload,
  type PublishedStatement,
  type PublishStatement,
  type RegisterPartnerService,
} from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Every query of the feature starts with this key, so a write refreshes them all. */
const root = ['partner-services'] as const;

export function getPartnerServicesQueryOptions() {
  return queryOptions({
    queryKey: [...root, 'list'],
    queryFn: ({ signal }) => http<PartnerServiceList>(paths.list, { signal }),
  });
}

export function getPartnerServiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...root, 'one', id],
    queryFn: ({ signal }) => http<PartnerServiceDetail>(path('one', id), { signal }),
  });
}

export function getIdentifierSystemsQueryOptions() {
  return queryOptions({
    queryKey: [...root, 'identifier-systems'],
    queryFn: ({ signal }) => http<PartnerIdentifierSystemList>(paths.identifierSystems, { signal }),
  });
}

export const usePartnerServices = () => useQuery(getPartnerServicesQueryOptions());
export const usePartnerService = (id: string) => useQuery(getPartnerServiceQueryOptions(id));
export const useIdentifierSystems = () => useQuery(getIdentifierSystemsQueryOptions());

/** A write that refreshes every partner services query once it is done. */
function useWrite<TInput, TOutput>(write: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export const useRegisterPartnerService = () =>
  useWrite((body: RegisterPartnerService) =>
    http<PartnerServiceDetail>(paths.create, { method: 'POST', body }),
  );

export const useUpdatePartnerService = (id: string) =>
  useWrite((body: PartnerServiceInput) =>
    http<PartnerServiceDetail>(path('update', id), { method: 'PUT', body }),
  );

export const useSetLogo = (id: string) =>
  useWrite((body: PartnerServiceLogoUpload) =>
    http<PartnerServiceDetail>(path('logo', id), { method: 'PUT', body }),
  );

export const usePublishStatement = (id: string) =>
  useWrite((body: PublishStatement) =>
    http<PublishedStatement>(path('statements', id), { method: 'POST', body }),
  );

export const useAddIdentifierSystem = () =>
  useWrite((body: PartnerIdentifierSystemInput) =>
    http<PartnerIdentifierSystem>(paths.createIdentifierSystem, { method: 'POST', body }),
  );

export const useUpdateIdentifierSystem = () =>
  useWrite(({ id, body }: { id: string; body: PartnerIdentifierSystemInput }) =>
    http<PartnerIdentifierSystem>(path('identifierSystem', id), { method: 'PUT', body }),
  );

export const useRemoveIdentifierSystem = () =>
  useWrite((id: string) => http<void>(path('identifierSystem', id), { method: 'DELETE' }));
