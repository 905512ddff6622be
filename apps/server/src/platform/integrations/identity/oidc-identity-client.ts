import * as oidc from 'openid-client';
import type { IdentityClaims, IdentityClient } from './identity-client.ts';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/** Raised when the provider's answer cannot be trusted or used; the route maps it to a 400/502. */
export class IdentityExchangeError extends Error {}

const text = (v: unknown) => (typeof v === 'string' ? v : null);

/**
 * OIDC client for any issuer (the government provider-login service, or apps/identity-provider in development).
 * Discovery is lazy and retried, so the API can start before the provider does.
 */
export function createOidcIdentityClient(settings: OidcSettings): IdentityClient {
  let configuration: Promise<oidc.Configuration> | null = null;
  const issuerUrl = new URL(settings.issuer);
  const discover = () => {
    configuration ??= oidc
      .discovery(
        issuerUrl,
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          // Only the local development provider speaks plain http.
          execute: issuerUrl.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };

  return {
    async authorizationUrl({ state, nonce, codeChallenge, prompt }) {
      const config = await discover();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: settings.redirectUri,
          scope: 'openid profile email',
          state,
          nonce,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
          ...(prompt ? { prompt } : {}),
        })
        .toString();
    },

    async exchangeCode({ code, state, iss, codeVerifier, nonce }) {
      const config = await discover();
      const callback = new URL(settings.redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      if (iss) callback.searchParams.set('iss', iss);
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          expectedNonce: nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new IdentityExchangeError(
          error instanceof Error ? error.message : 'code exchange failed',
        );
      }
      const c = tokens.claims();
      const raNumber = text(c?.['ra_number']) ?? text(c?.sub);
      if (!c || !raNumber || !/^\d{10}$/.test(raNumber)) {
        throw new IdentityExchangeError('The provider did not return an RA number');
      }
      const claims: IdentityClaims = {
        raNumber,
        givenName: text(c['given_name']) ?? '',
        familyName: text(c['family_name']) ?? '',
        email: text(c['email']),
      };
      return { claims, idToken: tokens.id_token ?? null };
    },

    async endSessionUrl(idToken) {
      const config = await discover();
      if (!config.serverMetadata().end_session_endpoint) return null;
      const params: Record<string, string> = {
        post_logout_redirect_uri: settings.postLogoutRedirectUri,
        client_id: settings.clientId,
      };
      if (idToken) params['id_token_hint'] = idToken;
      return oidc.buildEndSessionUrl(config, params).toString();
    },
  };
}
