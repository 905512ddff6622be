import { useQuery } from '@tanstack/react-query';
import {
  clientSystemApiPath,
  clientSystemsApiPaths,
  type ClientSystem,
  type ClientSystemList,
  type IssuedClientSecret,
  type RegisterClientSystem,
} from '@pca/contracts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** The client systems list's key; every write reads it again. */
const root = ['client-systems'] as const;

/** Query options of the operator's client systems. */
export function getClientSystemsQueryOptions() {
  return httpQuery<ClientSystemList>(root, clientSystemsApiPaths.list);
}

/** The client systems and the partner services to register one for. */
export function useClientSystems() {
  return useQuery(getClientSystemsQueryOptions());
}

/** Registers a client system; the answer carries its secret, the only time it is seen. */
export const useRegisterClientSystem = () =>
  useRefreshingWrite(root, (body: RegisterClientSystem) =>
    http<IssuedClientSecret>(clientSystemsApiPaths.register, { method: 'POST', body }),
  );

/** Issues a new secret; the old one stops working. */
export const useRotateClientSecret = () =>
  useRefreshingWrite(root, (id: string) =>
    http<IssuedClientSecret>(clientSystemApiPath('rotate', id), { method: 'POST' }),
  );

/** Revokes a client system. */
export const useRevokeClientSystem = () =>
  useRefreshingWrite(root, (id: string) =>
    http<ClientSystem>(clientSystemApiPath('revoke', id), { method: 'POST' }),
  );
