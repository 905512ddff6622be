import { startIdentityProvider } from '@pca/identity-provider/server';
import { loadDemoIdentities } from '@pca/identity-provider/identities';
import type { ServerConfig } from '#lib/config.ts';

/**
 * The development identity provider with the demo identities, registered with this API's client: what the
 * API tests and the in-process benchmarks sign in through.
 */
export function startDemoIdentityProvider(config: ServerConfig, port: number) {
  return startIdentityProvider({
    port,
    issuer: config.oidc.issuer,
    identities: loadDemoIdentities(),
    clients: [
      {
        clientId: config.oidc.clientId,
        clientSecret: config.oidc.clientSecret,
        redirectUris: [config.oidc.redirectUri],
        postLogoutRedirectUris: [config.oidc.postLogoutRedirectUri],
      },
    ],
  });
}
