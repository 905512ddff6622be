import { signInThroughProvider } from '@pca/identity-provider/testing';
import { buildApp, type BuildAppOptions } from '#app/build-app.ts';
import { loadConfig } from '#lib/config.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { openTestDatabase } from './database.ts';
import { onFreePort } from '@pca/identity-provider/free-port';
import { startDemoIdentityProvider } from './identity-provider.ts';

/**
 * A real API on a seeded test database, with the real development identity provider listening on a free
 * port, so tests sign in exactly as the browser does (authorization code + PKCE), no mocks.
 */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  options: {
    onQuery?: (sql: string) => void;
    /** Sees every route as it is added (buildApp's option). */
    onRoute?: BuildAppOptions['onRoute'];
    /** Opens clinical system connections for the practitioner role import (buildApp's option). */
    cisClientFor?: BuildAppOptions['cisClientFor'];
  } = {},
) {
  const { config, idp } = await onFreePort(async (idpPort) => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PORT: '3999',
      IDP_PORT: String(idpPort),
      ...env,
    });
    return { config, idp: await startDemoIdentityProvider(config, idpPort) };
  });
  const handle = await openTestDatabase(options);
  const app = await buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    logger: false,
    serveWeb: false,
    onRoute: options.onRoute,
    ...(handle.pool ? { pool: handle.pool } : {}),
    ...(options.cisClientFor ? { cisClientFor: options.cisClientFor } : {}),
  });

  /** Signs in through the provider's page as the identity with this RA number; returns the API's answer. */
  async function signIn(raNumber: string) {
    const login = await app.inject({ method: 'GET', url: '/api/auth/login' });
    if (login.statusCode !== 302) throw new Error(`login answered ${login.statusCode}`);
    const callback = await signInThroughProvider(String(login.headers.location), raNumber);
    return app.inject({
      method: 'POST',
      url: '/api/auth/token',
      payload: Object.fromEntries(callback.searchParams),
    });
  }

  /** Signs in and returns the bearer token (throws unless the sign-in succeeds). */
  async function tokenFor(raNumber: string) {
    const res = await signIn(raNumber);
    if (res.statusCode !== 200)
      throw new Error(`sign-in of ${raNumber} answered ${res.statusCode}: ${res.body}`);
    return (res.json() as { token: string }).token;
  }

  return {
    app,
    db: handle.db,
    /** The database under the app (kind, pool, committed writes). */
    handle,
    config,
    signIn,
    tokenFor,
    bearer: (token: string) => ({ authorization: `Bearer ${token}` }),
    async close() {
      await app.close();
      await idp.close();
      await handle.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
