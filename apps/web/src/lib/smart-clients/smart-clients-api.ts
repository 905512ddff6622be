import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  smartClientApiPath,
  smartClientsApiPaths,
  type NewSmartClient,
  type SmartAppLaunchRequest,
  type SmartAuthorization,
  type SmartClient,
  type SmartClientInput,
  type SmartClientsList,
  type SmartTokenRequest,
} from '@pca/contracts';
import { http } from '#lib/http.ts';
import { httpQuery } from '#lib/http-query.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { outcomeReader } from '#lib/history-outcome.tsx';

// The SMART connections API (docs/decisions/069-smart-app-launch.md), shared by the organisation page's Clinical
// systems tab and the smart-clients feature's pages.

const root = ['smart-clients'] as const;

/** An organisation's connections, each with the signed-in user's live sign-in. */
export function smartClientsQueryOptions(organisationId: string) {
  return httpQuery<SmartClientsList>(
    [...root, 'list', organisationId],
    `${smartClientsApiPaths.list}?organisationId=${encodeURIComponent(organisationId)}`,
  );
}

export const useSmartClients = (organisationId: string) =>
  useQuery(smartClientsQueryOptions(organisationId));

/** One connection, for its edit page and the role import. */
export const useSmartClient = (id: string) =>
  useQuery(
    httpQuery<SmartClient>([...root, 'connection', id], smartClientApiPath('connection', id)),
  );

export const useAddSmartClient = () =>
  useRefreshingWrite(root, (body: NewSmartClient) =>
    http<SmartClient>(smartClientsApiPaths.list, { method: 'POST', body }),
  );

export const useUpdateSmartClient = (id: string) =>
  useRefreshingWrite(root, (body: SmartClientInput) =>
    http<SmartClient>(smartClientApiPath('connection', id), { method: 'PUT', body }),
  );

/**
 * Removes a connection, then reads the lists again but not the removed connection itself: its edit page is still
 * open while the write settles, and reading it again would only answer 404.
 */
export const useRemoveSmartClient = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      http<void>(smartClientApiPath('connection', id), { method: 'DELETE' }),
    onSuccess: (_, id) =>
      client.invalidateQueries({
        queryKey: root,
        predicate: ({ queryKey }) => !(queryKey[1] === 'connection' && queryKey[2] === id),
      }),
  });
};

/** The outcome the add and edit pages leave in the history entry for the page they go to. */
export const readSmartClientOutcome = outcomeReader(['added', 'removed'] as const, 'name');

/** Starts a standalone launch and sends the browser to the clinical system to sign in. */
export const useStartLaunch = () =>
  useMutation({
    mutationFn: (id: string) =>
      http<SmartAuthorization>(smartClientApiPath('launch', id), { method: 'POST' }),
    onSuccess: ({ authorizationUrl }) => leaveTo(authorizationUrl),
  });

/** An EHR launch: asks the server for the authorisation URL of a registered iss, then goes there. */
export const useAppLaunch = () =>
  useMutation({
    mutationFn: (body: SmartAppLaunchRequest) =>
      http<SmartAuthorization>(smartClientsApiPaths.appLaunch, { method: 'POST', body }),
    onSuccess: ({ authorizationUrl }) => leaveTo(authorizationUrl),
  });

/** Posts the code the clinical system returned; the server exchanges it and keeps the tokens. */
export const useExchangeCode = () =>
  useRefreshingWrite(root, (body: SmartTokenRequest) =>
    http<SmartClient>(smartClientsApiPaths.token, { method: 'POST', body }),
  );
