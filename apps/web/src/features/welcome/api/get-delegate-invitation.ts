import { queryOptions, useQuery } from '@tanstack/react-query';
import { delegateInvitationApiPath, type DelegateInvitation } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Fetches a delegate invitation addressed to the signed-in user. */
export function getDelegateInvitation(id: string, signal?: AbortSignal) {
  return http<DelegateInvitation>(delegateInvitationApiPath('delegateInvitation', id), { signal });
}

/** Query options of one delegate invitation. */
export function getDelegateInvitationQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['me', 'delegate-invitation', id],
    queryFn: ({ signal }) => getDelegateInvitation(id, signal),
    retry: false,
  });
}

/** A delegate invitation addressed to the signed-in user. */
export function useDelegateInvitation(id: string) {
  return useQuery(getDelegateInvitationQueryOptions(id));
}
