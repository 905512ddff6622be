import type { SessionToken, TokenExchangeRequest } from '@pca/contracts';
import { apiPaths } from '@pca/contracts/paths.ts';
import { http } from '#lib/http.ts';

/** Exchanges the authorisation response for a portal session token (403 inactive-user, 400/401 otherwise). */
export function exchangeCode(request: TokenExchangeRequest): Promise<SessionToken> {
  // A 401 here means the code is spent or invalid: show the error state instead of re-login (loop).
  return http<SessionToken>(apiPaths.token, {
    method: 'POST',
    body: request,
    redirectOnUnauthorized: false,
  });
}
