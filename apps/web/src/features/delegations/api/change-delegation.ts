import { delegationApiPath, delegationApiPaths } from '@pca/contracts/delegations-paths.ts';
import type {
  AddDelegateRequest,
  DelegationListItem,
  DetailsUpdateResponse,
  DetailsUpdateResponseRequest,
  InviteDelegateRequest,
  ReassignDelegationRequest,
  ResendInvitationRequest,
  StopDelegationRequest,
} from '@pca/contracts';
import { http } from '#lib/http.ts';
import { useRefreshingWrite } from '#lib/refreshing-write.ts';

/**
 * Every change of a delegation, as the Delegate API names them. They share one file because they share
 * one effect: the delegates list is refetched after each.
 */
export const delegationChanges = {
  invite: (body: InviteDelegateRequest) =>
    http<DelegationListItem>(delegationApiPaths.invitations, { method: 'POST', body }),
  add: (body: AddDelegateRequest) =>
    http<DelegationListItem>(delegationApiPaths.connections, { method: 'POST', body }),
  cancel: ({ id }: { id: string }) =>
    http<DelegationListItem>(delegationApiPath('cancel', id), { method: 'POST' }),
  stop: ({ id, body }: { id: string; body: StopDelegationRequest }) =>
    http<DelegationListItem>(delegationApiPath('stop', id), { method: 'POST', body }),
  reassign: ({ id, body }: { id: string; body: ReassignDelegationRequest }) =>
    http<DelegationListItem>(delegationApiPath('reassign', id), { method: 'POST', body }),
  resend: ({ id, body }: { id: string; body: ResendInvitationRequest }) =>
    http<DelegationListItem>(delegationApiPath('resend', id), { method: 'POST', body }),
  respondToDetailsUpdate: ({ id, body }: { id: string; body: DetailsUpdateResponseRequest }) =>
    http<DetailsUpdateResponse>(delegationApiPath('detailsUpdateResponse', id), {
      method: 'POST',
      body,
    }),
};

/** A delegation change as a mutation that refreshes the delegates list (and the connections) after it. */
export function useDelegationChange<TVariables, TResult>(
  change: (variables: TVariables) => Promise<TResult>,
) {
  return useRefreshingWrite(['delegations'], change);
}
