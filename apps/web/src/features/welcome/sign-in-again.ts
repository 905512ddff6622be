import { apiPaths } from '@pca/contracts/paths.ts';
import { leaveTo } from '#lib/browser-navigation.ts';
import { http } from '#lib/http.ts';
import { clearSessionToken } from '#lib/session-token.ts';

/** Where a fresh sign-in starts: the provider asks for the sign-in even while its own session lasts. */
export const signInAgainHref = `${apiPaths.login}?prompt=login`;

/**
 * A mandatory dialog closed with no result (docs/product/rules.md#states: the browser goes to the login
 * endpoint). Before, the provider's live session signed the person straight back in, onto the same dialog,
 * so Cancel seemed to do nothing (issue 30). Now this session ends and the provider asks for the sign-in
 * again (`prompt=login`): the person signs in again, or leaves.
 */
export async function signInAgain(): Promise<void> {
  try {
    await http(apiPaths.logout, { method: 'POST', redirectOnUnauthorized: false });
  } catch (error) {
    // The local session is forgotten anyway; the server's expires on its own.
    console.error('Ending the session before signing in again failed', error);
  }
  clearSessionToken();
  leaveTo(signInAgainHref);
}
