import { useQuery } from '@tanstack/react-query';
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
import { outcomeReader } from '#lib/history-outcome.tsx';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/** Every query of the feature starts with this key, so a write refreshes them all. */
const root = ['partner-services'] as const;

export function getPartnerServicesQueryOptions() {
  return httpQuery<PartnerServiceList>([...root, 'list'], paths.list);
}

export function getPartnerServiceQueryOptions(id: string) {
  return httpQuery<PartnerServiceDetail>([...root, 'one', id], path('one', id));
}

export function getIdentifierSystemsQueryOptions() {
  return httpQuery<PartnerIdentifierSystemList>(
    [...root, 'identifier-systems'],
    paths.identifierSystems,
  );
}

export const usePartnerServices = () => useQuery(getPartnerServicesQueryOptions());
export const usePartnerService = (id: string) => useQuery(getPartnerServiceQueryOptions(id));
export const useIdentifierSystems = () => useQuery(getIdentifierSystemsQueryOptions());

/**
 * The outcome the add page leaves in the history entry of the partner service's page it lands on, and the
 * page's own Save: `{ outcome, name }`.
 */
export const readPartnerServiceOutcome = outcomeReader(['registered'] as const, 'name');
export type PartnerServiceOutcome = { outcome: 'registered' | 'saved'; name: string };

export const useRegisterPartnerService = () =>
  useRefreshingWrite(root, (body: RegisterPartnerService) =>
    http<PartnerServiceDetail>(paths.create, { method: 'POST', body }),
  );

export const useUpdatePartnerService = (id: string) =>
  useRefreshingWrite(root, (body: PartnerServiceInput) =>
    http<PartnerServiceDetail>(path('update', id), { method: 'PUT', body }),
  );

export const useSetLogo = (id: string) =>
  useRefreshingWrite(root, (body: PartnerServiceLogoUpload) =>
    http<PartnerServiceDetail>(path('logo', id), { method: 'PUT', body }),
  );

export const usePublishStatement = (id: string) =>
  useRefreshingWrite(root, (body: PublishStatement) =>
    http<PublishedStatement>(path('statements', id), { method: 'POST', body }),
  );

export const useAddIdentifierSystem = () =>
  useRefreshingWrite(root, (body: PartnerIdentifierSystemInput) =>
    http<PartnerIdentifierSystem>(paths.createIdentifierSystem, { method: 'POST', body }),
  );

export const useUpdateIdentifierSystem = () =>
  useRefreshingWrite(root, ({ id, body }: { id: string; body: PartnerIdentifierSystemInput }) =>
    http<PartnerIdentifierSystem>(path('identifierSystem', id), { method: 'PUT', body }),
  );

export const useRemoveIdentifierSystem = () =>
  useRefreshingWrite(root, (id: string) =>
    http<void>(path('identifierSystem', id), { method: 'DELETE' }),
  );
