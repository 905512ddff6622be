import { createRemoteJWKSet, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import type { PortalClient } from './portal-client.ts';

/** The JWT type of the portal's online-form tokens (docs/decisions/025-tasks.md). */
const ONLINE_FORM_TOKEN_TYPE = 'online-form+jwt';

/** What a valid online-form token says: the partner's task, the user it was issued to, and when it expires. */
export interface OnlineFormClaims {
  task: string;
  userId: string;
  exp: number;
}

/**
 * A check of the portal's online-form tokens as a partner makes it: the signature against the portal's published
 * key set, the portal as issuer, this partner as audience (both as named in the sandbox's own access token), the
 * token type and expiry. No secret is shared with the portal. Null for a token that fails any of these.
 */
export function onlineFormTokenVerifier(portalUrl: string, portal: PortalClient) {
  const keys = createRemoteJWKSet(new URL('/oauth/jwks', portalUrl));
  return async (token: string): Promise<OnlineFormClaims | null> => {
    const own = decodeJwt(await portal.accessToken());
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: own.iss!,
        audience: String(own['partner']),
        typ: ONLINE_FORM_TOKEN_TYPE,
        algorithms: ['ES256', 'EdDSA'],
        requiredClaims: ['exp', 'sub', 'task'],
      });
      return { task: String(payload['task']), userId: payload.sub!, exp: payload.exp! };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  };
}
