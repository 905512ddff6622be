import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readForm, sendHtml, signingKey } from '@pca/dev-services/oidc-pages.ts';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { DemoIdentity } from './identities.ts';
import { withoutKnownWarningsSync } from './known-warnings.ts';
import {
  DEFAULT_LOGIN_RATE_LIMIT,
  createLoginRateLimiter,
  type LoginRateLimit,
} from './login-rate-limit.ts';
import { Provider, errors } from './oidc-provider.ts';
import {
  LOGOUT_SCRIPT,
  LOGOUT_SCRIPT_PATH,
  STYLESHEET,
  STYLESHEET_PATH,
  errorPage,
  homePage,
  signInPage,
  signOutPage,
  signedOutPage,
} from './pages.ts';
import { productionRefusal } from './production-guard.ts';

/** A relying party registered with the provider (confidential, authorization code + PKCE). */
export interface IdentityProviderClient {
  /** The OAuth client_id. */
  clientId: string;
  /** The secret for client_secret_basic authentication at the token endpoint. */
  clientSecret: string;
  /** Allowed redirect_uri values. */
  redirectUris: string[];
  /** Allowed post_logout_redirect_uri values. */
  postLogoutRedirectUris: string[];
  /** Name shown on the sign-in and sign-out pages. */
  clientName?: string;
}

/** Options of {@link createIdentityProvider}. */
export interface IdentityProviderOptions {
  /** Issuer identifier, e.g. `http://localhost:3001`; the provider is mounted at its root. */
  issuer: string;
  /** Registered relying parties. */
  clients: IdentityProviderClient[];
  /** Who can sign in (by RA number). */
  identities: DemoIdentity[];
  /** Sign-in posts allowed per client address (default 60 a minute); false turns the limit off. */
  loginRateLimit?: LoginRateLimit | false;
}

/** The provider and a node:http request handler serving it plus its own interaction pages. */
export interface IdentityProvider {
  /** Returns the request handler for a node:http server. */
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  /** The underlying oidc-provider instance. */
  provider: Provider;
}

/** Path of the sign-in page of an interaction. */
export const interactionPath = (uid: string) => `/interaction/${encodeURIComponent(uid)}`;
/** Path the sign-in forms post to. */
export const interactionLoginPath = (uid: string) => `${interactionPath(uid)}/login`;

/** Validation messages of the RA number field (exact wording shown to people). */
export const raNumberMessages = {
  missing: 'Enter your RA number',
  format: 'The RA number must be 10 digits',
  unknown: 'No account with that RA number exists in this development provider',
} as const;

const SCOPES = ['openid', 'profile', 'email'] as const;

/** Checks an entered RA number against the known identities; returns the identity or the message to show. */
export function checkRaNumber(
  input: string,
  identities: ReadonlyMap<string, DemoIdentity>,
): { identity: DemoIdentity } | { error: string } {
  const value = input.replace(/\s+/g, '');
  if (value === '') return { error: raNumberMessages.missing };
  if (!/^\d{10}$/.test(value)) return { error: raNumberMessages.format };
  const identity = identities.get(value);
  return identity ? { identity } : { error: raNumberMessages.unknown };
}

/** The Content-Security-Policy of every response: no inline code; forms may go to the clients' origins. */
function contentSecurityPolicy(clients: IdentityProviderClient[]): string {
  const origins = new Set<string>();
  // Chrome applies form-action to the redirects that follow a form post (sign-in and sign-out return to the client).
  for (const c of clients)
    for (const uri of [...c.redirectUris, ...c.postLogoutRedirectUris])
      origins.add(new URL(uri).origin);
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    `form-action 'self' ${[...origins].join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** "1 second", "45 seconds", "2 minutes": how long to wait, in words. */
function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (seconds <= 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  return `${minutes} minutes`;
}

/**
 * Creates the development identity provider. Sessions, grants and codes live in oidc-provider's in-memory
 * adapter, so they exist only in this process (fine for development; never run more than one instance).
 */
export function createIdentityProvider(opts: IdentityProviderOptions): IdentityProvider {
  const refusal = productionRefusal(process.env);
  if (refusal) throw new Error(refusal);

  const identities = new Map(opts.identities.map((i) => [i.raNumber, i]));
  const clientNames = new Map(
    opts.clients.map((c) => [c.clientId, c.clientName ?? 'Provider Connect Australia']),
  );
  const clientName = (ctx: KoaContextWithOIDC) =>
    ctx.oidc.client ? clientNames.get(ctx.oidc.client.clientId) : undefined;

  const configuration: Configuration = {
    clients: opts.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      client_name: c.clientName ?? 'Provider Connect Australia',
      redirect_uris: c.redirectUris,
      post_logout_redirect_uris: c.postLogoutRedirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: SCOPES.join(' '),
    })),
    scopes: [...SCOPES],
    claims: {
      openid: ['sub', 'ra_number'],
      profile: ['given_name', 'family_name'],
      email: ['email'],
    },
    // The portal reads the person's details from the ID token, without a userinfo call.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    async findAccount(_ctx, sub) {
      const identity = identities.get(sub);
      if (!identity) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ra_number: identity.raNumber,
          given_name: identity.givenName,
          family_name: identity.familyName,
          ...(identity.email ? { email: identity.email } : {}),
        }),
      };
    },
    // Every registered client is first-party: grant what it asks for (within its scopes) so no consent screen shows.
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      const accountId = session?.accountId;
      if (!client || !session || !accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (grant && grant.accountId !== accountId) grant = undefined;
      grant ??= new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope(ctx.oidc.requestParamOIDCScopes);
      grant.addOIDCClaims(ctx.oidc.requestParamClaims);
      await grant.save();
      return grant;
    },
    interactions: { url: (_ctx, interaction) => interactionPath(interaction.uid) },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          // Continue without a click only when a signed-in application asked (it sent its ID token).
          const autoContinue = Boolean(
            ctx.oidc.entities.IdTokenHint && ctx.oidc.params?.['post_logout_redirect_uri'],
          );
          const name = clientName(ctx);
          ctx.body = signOutPage({ form, autoContinue, ...(name ? { clientName: name } : {}) });
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage();
        },
      },
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage({
        title: 'Something went wrong',
        message: 'The sign-in request could not be completed. Go back to the portal and try again.',
        details: Object.fromEntries(Object.entries(out).map(([k, v]) => [k, String(v)])),
      });
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey()] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 8 * 3600,
      Session: 8 * 3600,
    },
  };

  // The in-memory adapter is this stand-in's choice; its warning is explained instead (known-warnings.ts).
  const provider = withoutKnownWarningsSync(() => new Provider(opts.issuer, configuration));
  const loginLimit = opts.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT;
  const loginLimiter = loginLimit ? createLoginRateLimiter(loginLimit) : null;
  provider.on('server_error', (_ctx, error) => console.error('identity provider error:', error));

  const csp = contentSecurityPolicy(opts.clients);
  const koa = provider.callback();
  const loginPath = /^\/interaction\/([^/]+)\/login$/;
  const pagePath = /^\/interaction\/([^/]+)$/;

  async function showSignIn(
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    status: number,
    raNumber?: string,
    error?: string,
  ) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
    const name = clientNames.get(String(details.params['client_id']));
    sendHtml(
      res,
      status,
      signInPage({
        action: interactionLoginPath(uid),
        identities: opts.identities,
        ...(name ? { clientName: name } : {}),
        ...(raNumber !== undefined ? { raNumber } : {}),
        ...(error ? { error } : {}),
      }),
    );
  }

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const login = loginPath.exec(path);
    const page = pagePath.exec(path);
    const uid = decodeURIComponent((login ?? page)?.[1] ?? '');
    if (page && (req.method === 'GET' || req.method === 'HEAD')) {
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
      if (details.prompt.name === 'consent') return grantConsent(req, res, details);
      return showSignIn(req, res, uid, 200);
    }
    if (login && req.method === 'POST') {
      const limited = loginLimiter?.hit(req.socket.remoteAddress ?? 'unknown');
      if (limited && !limited.allowed) {
        res.setHeader('Retry-After', String(limited.retryAfterSeconds));
        return sendHtml(
          res,
          429,
          errorPage({
            title: 'Too many sign-in attempts',
            message: `Too many sign-in attempts from this computer. Wait ${waitText(limited.retryAfterSeconds)}, then go back to the portal and choose Sign in again.`,
          }),
        );
      }
      const form = await readForm(req);
      const entered = form.get('raNumber') ?? '';
      const checked = checkRaNumber(entered, identities);
      if ('error' in checked)
        return showSignIn(req, res, uid, 400, entered.slice(0, 10), checked.error);
      const details = await provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: checked.identity.raNumber, amr: ['pwd'] } },
        { mergeWithLastSubmission: false },
      );
    }
    res.setHeader('Allow', page ? 'GET, HEAD' : 'POST');
    sendHtml(
      res,
      405,
      errorPage({
        title: 'Not allowed',
        message: 'This page does not accept that kind of request.',
      }),
    );
  }

  // Should loadExistingGrant not cover a request, the consent prompt is answered here without asking.
  async function grantConsent(
    req: IncomingMessage,
    res: ServerResponse,
    details: Awaited<ReturnType<Provider['interactionDetails']>>,
  ) {
    const accountId = details.session?.accountId;
    const clientId = String(details.params['client_id']);
    if (!accountId) throw new errors.SessionNotFound('no account in session');
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId, clientId }))
      : new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope);
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  function callback() {
    return (req: IncomingMessage, res: ServerResponse) => {
      res.setHeader('Content-Security-Policy', csp);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'no-referrer');
      const path = new URL(req.url ?? '/', 'http://provider.invalid').pathname;

      if (path === STYLESHEET_PATH || path === LOGOUT_SCRIPT_PATH) {
        res.setHeader(
          'Content-Type',
          path === STYLESHEET_PATH ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
        );
        res.setHeader('Cache-Control', 'public, max-age=300');
        res.end(path === STYLESHEET_PATH ? STYLESHEET : LOGOUT_SCRIPT);
        return;
      }
      if (path === '/favicon.ico') {
        // No icon; answering 204 keeps browsers from logging a 404 on every page.
        res.statusCode = 204;
        res.end();
        return;
      }
      if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
        sendHtml(res, 200, homePage({ issuer: opts.issuer, identities: opts.identities }));
        return;
      }
      if (path.startsWith('/interaction/')) {
        interaction(req, res, path).catch((error: unknown) => {
          if (res.headersSent) return res.destroy();
          if (error instanceof errors.SessionNotFound) {
            sendHtml(
              res,
              400,
              errorPage({
                title: 'This sign-in has expired',
                message:
                  'This sign-in request is no longer valid. Go back to the portal and choose Sign in again.',
              }),
            );
            return;
          }
          console.error('identity provider interaction error:', error);
          sendHtml(
            res,
            500,
            errorPage({
              title: 'Something went wrong',
              message: 'Go back to the portal and try again.',
            }),
          );
        });
        return;
      }
      void koa(req, res);
    };
  }

  return { callback, provider };
}
