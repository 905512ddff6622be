/**
 * What the in-process benchmarks share: the API on a prepared database with the development identity
 * provider beside it on loopback, and a sign-in exactly as the browser does it.
 */
import { signInThroughProvider } from '@pca/identity-provider/testing';
import { freePort } from '@pca/identity-provider/free-port';
import { buildApp } from '#app/build-app.ts';
import type { Database } from '#db/client.ts';
import { loadConfig } from '#lib/config.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { startDemoIdentityProvider } from '../src/test/identity-provider.ts';

/** Starts the API (not listening yet) and the identity provider; `signIn` returns a bearer token. */
export async function startBenchApi(db: Database, env: NodeJS.ProcessEnv = {}) {
  const idpPort = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3999',
    HOST: '127.0.0.1',
    IDP_PORT: String(idpPort),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const idp = await startDemoIdentityProvider(config, idpPort);
  const app = await buildApp({
    db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    logger: false,
    serveWeb: false,
  });

  return {
    app,
    /** Signs in as the identity with this RA number; returns the session's bearer token. */
    async signIn(raNumber: string): Promise<string> {
      const login = await app.inject({ method: 'GET', url: '/api/auth/login' });
      const callback = await signInThroughProvider(String(login.headers.location), raNumber);
      const tokenRes = await app.inject({
        method: 'POST',
        url: '/api/auth/token',
        payload: Object.fromEntries(callback.searchParams),
      });
      if (tokenRes.statusCode !== 200) throw new Error(`sign-in answered ${tokenRes.statusCode}`);
      return (tokenRes.json() as { token: string }).token;
    },
    async close() {
      await app.close();
      await idp.close();
    },
  };
}
