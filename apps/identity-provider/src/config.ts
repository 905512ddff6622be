import { portFrom } from '@pca/dev-services';
import type { IdentityProviderClient } from './create-provider.ts';
import {
  DEFAULT_LOGIN_RATE_LIMIT,
  parseLoginRateLimit,
  type LoginRateLimit,
} from './login-rate-limit.ts';

/** The development client secret; the API uses the same default (apps/server DEVELOPMENT_CLIENT_SECRET). */
export const DEVELOPMENT_CLIENT_SECRET = 'provider-connect-development-secret';

/** The portal's client_id at the provider. */
export const PORTAL_CLIENT_ID = 'provider-connect';

/** Provider settings derived from the environment (every value has a development default). */
export interface ProviderSettings {
  /** Port the provider listens on. */
  port: number;
  /** Interface the provider listens on. */
  host: string;
  /** The issuer identifier. */
  issuer: string;
  /** The portal's registration. */
  client: IdentityProviderClient;
  /** Sign-in posts allowed per client address, or false when turned off. */
  loginRateLimit: LoginRateLimit | false;
}

/**
 * Reads IDP_PORT (3001), IDP_HOST (localhost), PORT (the portal's, 3000), PUBLIC_URL (the portal's public URL),
 * ISSUER or OIDC_ISSUER (the provider's URL), IDP_CLIENT_SECRET or OIDC_CLIENT_SECRET, and
 * IDP_RATE_LIMIT_LOGIN ("<max>/<window>", default 60/1m, or "off").
 */
export function settingsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
): ProviderSettings {
  const port = portFrom(env['IDP_PORT'], 3001, 'IDP_PORT');
  const portalPort = portFrom(env['PORT'], 3000, 'PORT');
  const issuer = (env['ISSUER'] ?? env['OIDC_ISSUER'] ?? `http://localhost:${port}`).replace(
    /\/$/,
    '',
  );
  const portalBases = new Set([`http://localhost:${portalPort}`, `http://127.0.0.1:${portalPort}`]);
  if (env['PUBLIC_URL'])
    portalBases.add(
      new URL(env['PUBLIC_URL']).origin + new URL(env['PUBLIC_URL']).pathname.replace(/\/$/, ''),
    );
  const bases = [...portalBases];
  const loginLimit = env['IDP_RATE_LIMIT_LOGIN']?.trim();
  return {
    port,
    loginRateLimit:
      loginLimit === 'off'
        ? false
        : loginLimit
          ? parseLoginRateLimit(loginLimit, 'IDP_RATE_LIMIT_LOGIN')
          : DEFAULT_LOGIN_RATE_LIMIT,
    host: env['IDP_HOST'] ?? 'localhost',
    issuer,
    client: {
      clientId: env['OIDC_CLIENT_ID'] ?? PORTAL_CLIENT_ID,
      clientSecret:
        env['IDP_CLIENT_SECRET'] ?? env['OIDC_CLIENT_SECRET'] ?? DEVELOPMENT_CLIENT_SECRET,
      clientName: 'Provider Connect Australia',
      redirectUris: bases.flatMap((b) => [
        `${b}/authorization-code/callback`,
        `${b}/smart-authorization-code/callback`,
      ]),
      postLogoutRedirectUris: bases.map((b) => `${b}/`),
    },
  };
}
