import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  clientSystemApiPath,
  clientSystemsApiPaths,
  type ClientSystem,
  type ClientSystemList,
  type IssuedClientSecret,
  type RegisterClientSystem,
} from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Query options of the operator's client systems. */
export function getClientSystemsQueryOptions() {
  return queryOptions({
    queryKey: ['client-systems'],
    queryFn: ({ signal }) => http<ClientSystemList>(clientSystemsApiPaths.list, { signal }),
  });
}

/** The client systems and the partner services to register one for. */
export function useClientSystems() {
  return useQuery(getClientSystemsQueryOptions());
}

/** A write that refreshes the list once it is done. */
function useClientSystemWrite<TInput, TOutput>(write: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      client.invalidateQueries({ queryKey: getClientSystemsQueryOptions().queryKey }),
  });
}

/** Registers a client system; the answer carries its secret, the only time it is seen. */
export const useRegisterClientSystem = () =>
  useClientSystemWrite((body: RegisterClientSystem) =>
    http<IssuedClientSecret>(clientSystemsApiPaths.register, { method: 'POST', body }),
  );

/** Issues a new secret; the old one stops working. */
export const useRotateClientSecret = () =>
  useClientSystemWrite((id: string) =>
    http<IssuedClientSecret>(clientSystemApiPath('rotate', id), { method: 'POST' }),
  );

/** Revokes a client system. */
export const useRevokeClientSystem = () =>
  useClientSystemWrite((id: string) =>
    http<ClientSystem>(clientSystemApiPath('revoke', id), { method: 'POST' }),
  );
