/**
 * The clinical system's authorisation server: oidc-provider (as apps/identity-provider uses) configured for SMART
 * App Launch 2 — authorisation code with PKCE S256 only, public (`none`) and `private_key_jwt` clients, refresh
 * tokens only with `offline_access`, the ID token's `fhirUser`, `aud` checked against the FHIR base and the
 * `launch` scope bound to a launch the clinical system started (docs/decisions/068-clinical-system-stand-in.md).
 * Staff sign in and consent on this server's own pages.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readForm, sendHtml, signingKey } from '@pca/dev-services/oidc-pages.ts';
import {
  withoutKnownWarnings,
  withoutKnownWarningsSync,
} from '@pca/identity-provider/known-warnings';
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { SCOPES, authorisationPaths } from './discovery.ts';
import { consentPage, errorPage, signInPage } from './pages.ts';
import type { Practice } from './practice.ts';

// Loaded here rather than imported statically: oidc-provider prints its runtime warning while it loads, and
// that one is explained in apps/identity-provider/src/known-warnings.ts.
const { default: Provider, errors } = await withoutKnownWarnings(() => import('oidc-provider'));

/** How long a launch started on the launch page may be used at /authorize. */
export const LAUNCH_TTL_MS = 10 * 60 * 1000;

/** Launch contexts the clinical system started (EHR launch), by id. */
export class Launches {
  readonly #launches = new Map<string, number>();
  /** Creates a launch context; returns its id. */
  create(now = Date.now()): string {
    for (const [id, expires] of this.#launches) if (expires < now) this.#launches.delete(id);
    const id = randomBytes(16).toString('base64url');
    this.#launches.set(id, now + LAUNCH_TTL_MS);
    return id;
  }
  /** Whether `id` is a launch this system started that has not expired. */
  isLive(id: string, now = Date.now()): boolean {
    const expires = this.#launches.get(id);
    return expires !== undefined && expires >= now;
  }
}

/** The clients registered by default: the portal's public client and its private_key_jwt client. */
export function defaultClients(portalUrl: string): ClientMetadata[] {
  const portal = portalUrl.replace(/\/$/, '');
  const common: ClientMetadata = {
    client_id: '',
    client_name: 'Provider Connect Australia',
    redirect_uris: [`${portal}/smart-authorization-code/callback`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
  return [
    { ...common, client_id: 'provider-connect', token_endpoint_auth_method: 'none' },
    {
      ...common,
      client_id: 'provider-connect-jwt',
      token_endpoint_auth_method: 'private_key_jwt',
      jwks_uri: `${portal}/api/smart-clients/jwks.json`,
    },
  ];
}

/**
 * Clients from `CIS_CLIENTS` (a JSON array of oidc-provider client metadata), or the defaults for `portalUrl`.
 * Throws a sentence naming the setting when it is not such an array.
 */
export function clientsFromEnv(value: string | undefined, portalUrl: string): ClientMetadata[] {
  if (value === undefined || value.trim() === '') return defaultClients(portalUrl);
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('CIS_CLIENTS must be a JSON array of client metadata; it is not valid JSON.');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.some((c) => typeof c !== 'object' || c === null || typeof c.client_id !== 'string')
  )
    throw new Error('CIS_CLIENTS must be a JSON array of objects, each with a client_id.');
  return parsed as ClientMetadata[];
}

/** The authorisation server of a clinical system at `url` whose FHIR base is `iss`. */
export function createAuthorisationServer(options: {
  url: string;
  iss: string;
  practice: Practice;
  clients: ClientMetadata[];
  launches: Launches;
}) {
  const { url, iss, practice, launches } = options;
  const staff = new Map(practice.staff.map((s) => [s.username, s]));
  const clientNames = new Map(
    options.clients.map((c) => [c.client_id, String(c['client_name'] ?? c.client_id)]),
  );
  const nameOf = (clientId: unknown) => clientNames.get(String(clientId)) ?? 'An application';

  const configuration: Configuration = {
    clients: options.clients,
    scopes: SCOPES,
    claims: { openid: ['sub'], fhirUser: ['fhirUser'] },
    // The ID token carries fhirUser itself (SMART App Launch: the app reads it without a userinfo call).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: {
      authorization: authorisationPaths.authorization,
      token: authorisationPaths.token,
      jwks: authorisationPaths.jwks,
      introspection: authorisationPaths.introspection,
      revocation: authorisationPaths.revocation,
      userinfo: authorisationPaths.userinfo,
    },
    extraParams: {
      // SMART App Launch: the app names the FHIR server it wants access to; it must be this one.
      aud(_ctx, value) {
        if (value !== iss)
          throw new errors.InvalidRequest(`aud must be this FHIR server's address (${iss})`);
      },
      // The `launch` scope comes with the launch id the clinical system gave the app; only live ones count.
      launch(ctx, value) {
        const scopes = String(ctx.oidc.params?.['scope'] ?? '').split(' ');
        if (value === undefined && !scopes.includes('launch')) return;
        if (!scopes.includes('launch'))
          throw new errors.InvalidRequest('launch was given without the launch scope');
        if (value === undefined || !launches.isLive(value))
          throw new errors.InvalidRequest(
            'launch is not a launch this clinical system started, or it has expired',
          );
      },
    },
    async findAccount(_ctx, sub) {
      const member = staff.get(sub);
      if (!member) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, fhirUser: `${iss}/Practitioner/${member.practitionerId}` }),
      };
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true },
      revocation: { enabled: true },
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(
        practice.name,
        'Access could not be given',
        `The request could not be completed (${String(out['error'])}: ${String(out['error_description'] ?? '')}). Go back to the application and try again.`,
      );
    },
    // oidc-provider refuses to fetch from loopback and private addresses (SSRF protection) by giving fetch its
    // own dispatcher; the portal whose JWKS this stand-in fetches runs on this machine, so plain fetch is used.
    fetch: (url, init) => {
      const { dispatcher: _ssrfGuard, ...rest } = init as RequestInit & { dispatcher?: unknown };
      return globalThis.fetch(url, rest);
    },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey()] },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 120,
      IdToken: 3600,
      Interaction: 3600,
      RefreshToken: 30 * 24 * 3600,
      Grant: 30 * 24 * 3600,
      Session: 8 * 3600,
    },
  };

  const provider = withoutKnownWarningsSync(() => new Provider(url, configuration));
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) =>
    console.error('clinical system authorisation error:', error),
  );
  // OpenID Connect lets offline_access through only with prompt=consent, so the server always asks before
  // giving a refresh token; SMART apps ask without prompt, and this server always asks anyway (its consent page).
  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === authorisationPaths.authorization) {
      const { scope, prompt } = ctx.query;
      if (typeof scope === 'string' && scope.split(' ').includes('offline_access') && !prompt)
        ctx.query = { ...ctx.query, prompt: 'consent' };
    }
    await next();
  });
  const koa = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse, path: string) {
    const [, uid, action] = /^\/interaction\/([^/]+)(?:\/(login|consent))?$/.exec(path) ?? [];
    if (!uid)
      return sendHtml(
        res,
        404,
        errorPage(practice.name, 'Page not found', 'There is no such page.'),
      );
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
    const clientName = nameOf(details.params['client_id']);
    const allowed = action ? 'POST' : 'GET, HEAD';
    if (!allowed.split(', ').includes(req.method ?? '')) {
      res.setHeader('Allow', allowed);
      return sendHtml(
        res,
        405,
        errorPage(practice.name, 'Not allowed', 'This page does not accept that kind of request.'),
      );
    }
    if (!action) {
      if (details.prompt.name === 'login')
        return sendHtml(
          res,
          200,
          signInPage({
            practiceName: practice.name,
            action: `/interaction/${uid}/login`,
            clientName,
            staff: practice.staff,
          }),
        );
      const member = staff.get(details.session?.accountId ?? '');
      return sendHtml(
        res,
        200,
        consentPage({
          practiceName: practice.name,
          action: `/interaction/${uid}/consent`,
          clientName,
          userName: member?.name ?? 'a member of staff',
          scopes: String(details.params['scope'] ?? '')
            .split(' ')
            .filter(Boolean),
        }),
      );
    }
    const form = await readForm(req);
    if (action === 'login') {
      const member = staff.get(form.get('username') ?? '');
      if (!member)
        return sendHtml(
          res,
          400,
          errorPage(
            practice.name,
            'Sign-in failed',
            'Choose one of the practice staff to sign in as.',
          ),
        );
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId: member.username } },
        { mergeWithLastSubmission: false },
      );
    }
    if (form.get('decision') !== 'allow')
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user denied access.' },
        { mergeWithLastSubmission: false },
      );
    const accountId = details.session?.accountId;
    if (!accountId) throw new errors.SessionNotFound('no account in session');
    const clientId = String(details.params['client_id']);
    const grant =
      (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ??
      new provider.Grant({ accountId, clientId });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  /** Handles the authorisation server's requests: its interactions, then oidc-provider's endpoints. */
  function handle(req: IncomingMessage, res: ServerResponse, path: string) {
    if (path.startsWith('/interaction/')) {
      interaction(req, res, path).catch((error: unknown) => {
        if (res.headersSent) return res.destroy();
        if (error instanceof errors.SessionNotFound)
          return sendHtml(
            res,
            400,
            errorPage(
              practice.name,
              'This sign-in has expired',
              'This sign-in is no longer valid. Go back to the application and connect again.',
            ),
          );
        console.error('clinical system interaction error:', error);
        sendHtml(
          res,
          500,
          errorPage(
            practice.name,
            'Something went wrong',
            'Go back to the application and try again.',
          ),
        );
      });
      return;
    }
    void koa(req, res);
  }

  /** The scopes of a live access token this server issued, or null. */
  async function lookUpToken(token: string) {
    const found = await provider.AccessToken.find(token);
    if (!found || found.isExpired) return null;
    return {
      scopes: new Set(
        String(found.scope ?? '')
          .split(' ')
          .filter(Boolean),
      ),
    };
  }

  return { provider, handle, lookUpToken };
}
