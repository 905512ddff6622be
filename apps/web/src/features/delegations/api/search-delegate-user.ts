import { useMutation } from '@tanstack/react-query';
import { delegationApiPaths } from '@pca/contracts/delegations-paths.ts';
import type { DelegateUserSearchRequest, DelegateUserSearchResult } from '@pca/contracts';
import { http } from '#lib/http.ts';

/** Looks a user up by RA number and last name ("search users"). */
export function searchDelegateUser(
  body: DelegateUserSearchRequest,
): Promise<DelegateUserSearchResult> {
  return http<DelegateUserSearchResult>(delegationApiPaths.searchUser, { method: 'POST', body });
}

/** The invite search: a mutation, since each search is one deliberate press of Search. */
export function useSearchDelegateUser() {
  return useMutation({ mutationFn: searchDelegateUser });
}
