import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoutResponse } from '@pca/contracts';
import { apiPaths } from '@pca/contracts/paths.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { http } from '#lib/http.ts';
import { clearSessionToken } from '#lib/session-token.ts';

/** Ends the portal session; the answer says where to end the identity provider's session too. */
export function logout(): Promise<LogoutResponse> {
  // An already-expired session is still a completed logout: no re-login on 401.
  return http<LogoutResponse>(apiPaths.logout, { method: 'POST', redirectOnUnauthorized: false });
}

/** Logs out, forgets the token and server state, then leaves for the end-session page (or '/'). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: (result, error) => {
      if (error) console.error('Logout failed; the local session is cleared anyway', error);
      clearSessionToken();
      queryClient.clear();
      leaveTo(result?.endSessionUrl ?? '/');
    },
  });
}
