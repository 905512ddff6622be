import { apiPaths } from '@pca/contracts/paths.ts';
import { leaveTo } from './browser-navigation.ts';
import { storeRecall } from './recall.ts';

/** Starts sign-in: the API answers /api/auth/login with a redirect to the identity provider. */
export function startLogin(): void {
  leaveTo(apiPaths.login);
}

/** Remembers the current location, then starts sign-in (used when a session is missing or expired). */
export function redirectToLogin(
  path = window.location.pathname,
  query = window.location.search,
): void {
  storeRecall(path, query);
  startLogin();
}
