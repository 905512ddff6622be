import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { pages } from '@pca/contracts/pages.ts';
import {
  smartClientMessages as messages,
  smartClientProblemTypes as problemTypes,
  smartClientsApiPaths,
  smartStatePrefix,
  type NewSmartClient,
  type SmartAppLaunchRequest,
  type SmartAuthorization,
  type SmartClient,
  type SmartClientInput,
  type SmartClientsList,
  type SmartConfigurationSummary,
  type SmartTokenRequest,
} from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import type { AppDeps } from '#platform/deps.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { rolesOnOrganisation } from '#platform/access/scope.ts';
import { HttpError, NotFoundError, ValidationError } from '#platform/errors.ts';
import {
  openSmartTokens,
  sealSmartTokens,
  SmartTokensUnreadableError,
} from '#lib/smart-token-crypto.ts';
import { CisRequestError, checkCisUrl, fetchSmartConfiguration, getCisJson } from './cis-http.ts';
import { smartClientKey } from './client-key.ts';
import { smartClientsRepository, type ConnectionRow, type TokenRow } from './repository.ts';

/** The audit trail's name for a connection (docs/decisions/069-smart-app-launch.md). */
const ENTITY_TYPE = 'smart-client';

/** How long an authorisation request may take from launch to code exchange. */
const LAUNCH_TTL_MS = 10 * 60_000;

/** An access token this close to its end is renewed before use. */
const EXPIRY_MARGIN_MS = 30_000;

const slug = (type: string) => type.replace(/^\/problems\//, '');

/** A FHIR client on one connection for its organisation's manager (docs/decisions/069-smart-app-launch.md). */
export interface SmartFhirClient {
  connection: { id: string; name: string; iss: string; organisationId: string };
  /** GETs `pathAndQuery` (relative to the connection's FHIR base URL) as JSON with the user's live token. */
  getJson(pathAndQuery: string, signal?: AbortSignal): Promise<unknown>;
}

/** The FHIR base URL as stored and compared: no trailing slash. */
export const normaliseIss = (iss: string) => iss.trim().replace(/\/+$/, '');

/**
 * The portal as a SMART app (docs/decisions/069-smart-app-launch.md): connections of an organisation to its
 * clinical information systems, kept by the organisation's managers; the standalone and EHR launch with PKCE
 * and a state bound to the session; the code exchanged here, tokens sealed at rest; and a FHIR client on a
 * connection for the other modules (the practitioner-role import).
 */
export function smartClientsService(deps: Pick<AppDeps, 'db' | 'config'>) {
  const { db, config } = deps;
  const smart = config.smart;
  const repo = smartClientsRepository(db);
  const ring = smart.tokenKeys;

  /** 404 unless the caller manages the organisation (an OrganisationManager role on it, direct or inherited). */
  function requireManaged(auth: AuthContext, organisationId: string) {
    if (!rolesOnOrganisation(auth.scope, organisationId).includes('OrganisationManager'))
      throw new NotFoundError(messages.organisationNotFound);
  }

  /** The connection, 404 when it does not exist or its organisation is not one the caller manages. */
  async function requireConnection(auth: AuthContext, id: string, tx: Database = db) {
    const row = await repo.byId(id, tx);
    if (
      !row ||
      !rolesOnOrganisation(auth.scope, row.organisationId).includes('OrganisationManager')
    )
      throw new NotFoundError(messages.notFound);
    return row;
  }

  const audit = (auth: AuthContext, requestId: string | null, organisationId: string) => ({
    actorUserId: auth.user.id,
    // A session managing a practitioner has no organisation roles, so never reaches a write here.
    actingForPractitionerId: auth.currentUser.managingPractitioner?.id ?? null,
    entityType: ENTITY_TYPE,
    organisationId,
    requestId,
  });

  const appLaunchUrl = (row: { organisationId: string; organisationType: string }) =>
    `${smart.publicUrl}${
      row.organisationType === 'HiOrganisation'
        ? pages.organisations.appLaunchHi.href({ id: row.organisationId })
        : pages.organisations.appLaunchParticipating.href({ id: row.organisationId })
    }`;

  function signInOf(token: TokenRow | undefined): SmartClient['signIn'] {
    if (!token) return null;
    return {
      fhirUser: token.fhirUser,
      expiresAt: token.expiresAt.toISOString(),
      canRefresh: token.canRefresh,
      connectedAt: token.connectedAt.toISOString(),
      live: token.canRefresh || token.expiresAt.getTime() > Date.now(),
    };
  }

  const view = (row: ConnectionRow, token: TokenRow | undefined): SmartClient => ({
    id: row.id,
    organisationId: row.organisationId,
    organisationName: row.organisationName,
    organisationType: row.organisationType,
    name: row.name,
    iss: row.iss,
    clientId: row.clientId,
    authMethod: row.authMethod,
    scopes: row.scopes as SmartClient['scopes'],
    configuration: row.configuration,
    appLaunchUrl: appLaunchUrl(row),
    redirectUri: smart.redirectUri,
    jwksUrl: `${smart.publicUrl}${smartClientsApiPaths.jwks}`,
    signIn: signInOf(token),
    updatedAt: row.updatedAt.toISOString(),
  });

  /**
   * Checks the connection's fields against the CIS itself: the address may be called, it answers a SMART
   * configuration, and it offers what was chosen. Every refusal is a field error (400), never a 500.
   */
  async function checked(input: SmartClientInput): Promise<SmartConfigurationSummary> {
    const iss = normaliseIss(input.iss);
    const refusal = await checkCisUrl(iss, smart.production);
    if (refusal)
      throw new ValidationError([
        {
          field: 'iss',
          message: refusal === 'invalid' ? messages.issInvalid : messages.issNotAllowed,
        },
      ]);
    let configuration: SmartConfigurationSummary;
    try {
      configuration = await fetchSmartConfiguration(iss, {
        timeoutMs: smart.timeoutMs,
        production: smart.production,
      });
    } catch (error) {
      if (!(error instanceof CisRequestError)) throw error;
      const notSmart = error.message === 'not a SMART configuration' || error.status === 404;
      throw new ValidationError([
        { field: 'iss', message: notSmart ? messages.issNotSmart : messages.issUnreachable },
      ]);
    }
    const errors: Array<{ field: string; message: string }> = [];
    if (
      input.scopes.includes('offline_access') &&
      configuration.scopesSupported.length > 0 &&
      !configuration.scopesSupported.includes('offline_access')
    )
      errors.push({ field: 'scopes', message: messages.offlineNotOffered });
    if (
      input.authMethod === 'private_key_jwt' &&
      configuration.tokenEndpointAuthMethods.length > 0 &&
      !configuration.tokenEndpointAuthMethods.includes('private_key_jwt')
    )
      errors.push({
        field: 'authMethod',
        message: 'This clinical system does not accept private_key_jwt',
      });
    if (
      configuration.codeChallengeMethods.length > 0 &&
      !configuration.codeChallengeMethods.includes('S256')
    )
      errors.push({ field: 'iss', message: 'This clinical system does not offer PKCE (S256)' });
    if (errors.length) throw new ValidationError(errors);
    return configuration;
  }

  const duplicateIss = () =>
    new ValidationError([
      { field: 'iss', message: 'This organisation is already connected to this FHIR base URL' },
    ]);

  const reconnect = (name: string) =>
    new HttpError(409, 'Conflict', messages.reconnect(name), slug(problemTypes.reconnect));
  const cisFailed = (name: string, cause?: unknown) =>
    new HttpError(
      502,
      'Bad Gateway',
      messages.cisFailed(name),
      slug(problemTypes.cisFailed),
      undefined,
      {
        cause,
      },
    );

  /** openid-client's view of a connection: the CIS's endpoints and how the portal authenticates. */
  async function clientOf(row: ConnectionRow) {
    const c = row.configuration;
    const clientAuth =
      row.authMethod === 'private_key_jwt'
        ? oidc.PrivateKeyJwt(
            await smartClientKey(smart).then((k) => ({ key: k.privateKey, kid: k.kid })),
          )
        : oidc.None();
    const configuration = new oidc.Configuration(
      {
        issuer: c.issuer ?? row.iss,
        authorization_endpoint: c.authorizationEndpoint,
        token_endpoint: c.tokenEndpoint,
      },
      row.clientId,
      { redirect_uris: [smart.redirectUri] },
      clientAuth,
    );
    // Outside production the CIS is the stand-in on this machine, over plain http (cis-http.ts keeps it there).
    if (!smart.production) oidc.allowInsecureRequests(configuration);
    configuration[oidc.customFetch] = (url, options) =>
      fetch(url, {
        ...(options as RequestInit),
        redirect: 'error',
        signal: AbortSignal.timeout(smart.timeoutMs),
      });
    return configuration;
  }

  /** Starts an authorisation: a state of the spec's shape bound to this session, PKCE and nonce kept here. */
  async function authorise(
    auth: AuthContext,
    row: ConnectionRow,
    launch: string | null,
    requestId: string,
  ): Promise<SmartAuthorization> {
    // Standalone: no launch context; EHR launch: the CIS's launch value, with the launch scope.
    const scopes = row.scopes.filter((s) => s !== 'launch');
    if (launch) scopes.push('launch');
    const state = `${smartStatePrefix(row.organisationType)}${row.organisationId}${randomBytes(24).toString('base64url')}`;
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const nonce = oidc.randomNonce();
    const configuration = await clientOf(row);
    const parameters = {
      redirect_uri: smart.redirectUri,
      scope: scopes.join(' '),
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      // SMART: the FHIR server the token is for.
      aud: row.iss,
      ...(scopes.includes('openid') ? { nonce } : {}),
      ...(launch ? { launch } : {}),
    };
    let url;
    try {
      url = oidc.buildAuthorizationUrl(configuration, parameters);
    } catch (error) {
      // openid-client refuses an authorisation endpoint it may not send the browser to (not https in
      // production, not http(s) at all): a connection saved before the endpoint was checked on save. The
      // clinical system's problem, not a 500; nothing is stored.
      throw cisFailed(row.name, error);
    }
    await db.transaction(async (tx) => {
      await repo.insertLaunch(tx, {
        state,
        sessionId: auth.session.id,
        userId: auth.user.id,
        smartClientId: row.id,
        organisationId: row.organisationId,
        codeVerifier,
        nonce,
        expiresAt: new Date(Date.now() + LAUNCH_TTL_MS),
      });
      await appendAudit(tx, {
        ...audit(auth, requestId, row.organisationId),
        action: launch ? 'smart-client.app-launch-started' : 'smart-client.launch-started',
        entityId: row.id,
        changedFields: { smartClientId: row.id, scope: scopes.join(' ') },
      });
    });
    return { authorizationUrl: url.toString() };
  }

  /** Seals and stores the tokens of one token answer, with its audit event. */
  async function store(
    auth: AuthContext,
    row: ConnectionRow,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
    previous: { refreshToken: string | null; fhirUser: string | null } | null,
    requestId: string | null,
  ) {
    const claims = tokens.claims();
    const fhirUser =
      (typeof claims?.['fhirUser'] === 'string' ? claims['fhirUser'] : null) ??
      (typeof tokens['fhirUser'] === 'string' ? tokens['fhirUser'] : null) ??
      previous?.fhirUser ??
      null;
    const refreshToken = tokens.refresh_token ?? previous?.refreshToken ?? null;
    const expiresIn = tokens.expiresIn() ?? 300;
    const expiresAt = new Date(Date.now() + expiresIn * 1000);
    await db.transaction(async (tx) => {
      await repo.saveToken(tx, {
        smartClientId: row.id,
        userId: auth.user.id,
        ...sealSmartTokens(ring, row.id, auth.user.id, {
          accessToken: tokens.access_token,
          refreshToken,
        }),
        fhirUser,
        scope: tokens.scope ?? null,
        expiresAt,
        canRefresh: refreshToken !== null,
        newSignIn: previous === null,
      });
      await appendAudit(tx, {
        ...audit(auth, requestId, row.organisationId),
        action: previous === null ? 'smart-client.connected' : 'smart-client.token-refreshed',
        entityId: row.id,
        // Never a token: who signed in at the CIS, what was granted, and until when.
        changedFields: {
          smartClientId: row.id,
          fhirUser,
          scope: tokens.scope ?? null,
          expiresAt: expiresAt.toISOString(),
        },
      });
    });
    return { accessToken: tokens.access_token, fhirUser, expiresAt };
  }

  /** The user's live access token on the connection, renewed with the refresh token when it has ended. */
  async function liveAccessToken(auth: AuthContext, row: ConnectionRow): Promise<string> {
    const token = await repo.token(db, row.id, auth.user.id);
    if (!token) throw reconnect(row.name);
    let plain;
    try {
      plain = openSmartTokens(ring, row.id, auth.user.id, token);
    } catch (error) {
      if (error instanceof SmartTokensUnreadableError) throw reconnect(row.name);
      throw error;
    }
    if (token.expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now()) return plain.accessToken;
    if (!plain.refreshToken) throw reconnect(row.name);
    let tokens;
    try {
      tokens = await oidc.refreshTokenGrant(await clientOf(row), plain.refreshToken);
    } catch (error) {
      // The CIS refused the refresh token (revoked, expired): the sign-in is over.
      if (error instanceof oidc.ResponseBodyError) {
        await repo.removeToken(db, row.id, auth.user.id);
        throw reconnect(row.name);
      }
      throw cisFailed(row.name, error);
    }
    const stored = await store(
      auth,
      row,
      tokens,
      { refreshToken: plain.refreshToken, fhirUser: token.fhirUser },
      null,
    );
    return stored.accessToken;
  }

  /** A URL under the connection's FHIR base URL, or null when the path would leave it. */
  function underIss(iss: string, pathAndQuery: string): string | null {
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(pathAndQuery)) return null;
    const base = `${iss}/`;
    const url = new URL(pathAndQuery.replace(/^\/+/, ''), base);
    return url.href.startsWith(base) ? url.href : null;
  }

  return {
    async list(auth: AuthContext, organisationId: string): Promise<SmartClientsList> {
      requireManaged(auth, organisationId);
      const [rows, tokens] = await Promise.all([
        repo.byOrganisation(organisationId),
        repo.tokensOf(auth.user.id, organisationId),
      ]);
      const byClient = new Map(tokens.map((t) => [t.smartClientId, t]));
      return { connections: rows.map((r) => view(r, byClient.get(r.id))) };
    },

    async get(auth: AuthContext, id: string): Promise<SmartClient> {
      const row = await requireConnection(auth, id);
      return view(row, (await repo.token(db, id, auth.user.id)) ?? undefined);
    },

    async create(
      auth: AuthContext,
      input: NewSmartClient,
      requestId: string,
    ): Promise<SmartClient> {
      requireManaged(auth, input.organisationId);
      const organisation = await repo.organisation(db, input.organisationId);
      if (!organisation) throw new NotFoundError(messages.organisationNotFound);
      const configuration = await checked(input);
      const values = { ...input, iss: normaliseIss(input.iss), configuration };
      const id = await db.transaction(async (tx) => {
        const row = await repo.insert(tx, input.organisationId, values, auth.user.id);
        if (!row) throw duplicateIss();
        await appendAudit(tx, {
          ...audit(auth, requestId, input.organisationId),
          action: 'smart-client.created',
          entityId: row.id,
          changedFields: {
            name: values.name,
            iss: values.iss,
            clientId: values.clientId,
            authMethod: values.authMethod,
            scopes: values.scopes,
          },
        });
        return row.id;
      });
      return view((await repo.byId(id))!, undefined);
    },

    async update(
      auth: AuthContext,
      id: string,
      input: SmartClientInput,
      requestId: string,
    ): Promise<SmartClient> {
      const before = await requireConnection(auth, id);
      const configuration = await checked(input);
      const values = { ...input, iss: normaliseIss(input.iss), configuration };
      await db.transaction(async (tx) => {
        const row = await repo.update(tx, id, before.organisationId, values, auth.user.id);
        if (!row) throw duplicateIss();
        // Tokens were issued to the old client at the old address: they end with it.
        const ended =
          before.iss !== values.iss ||
          before.clientId !== values.clientId ||
          before.authMethod !== values.authMethod
            ? await repo.removeTokens(tx, id)
            : [];
        await appendAudit(tx, {
          ...audit(auth, requestId, before.organisationId),
          action: 'smart-client.updated',
          entityId: id,
          changedFields: {
            from: {
              name: before.name,
              iss: before.iss,
              clientId: before.clientId,
              authMethod: before.authMethod,
              scopes: before.scopes,
            },
            to: {
              name: values.name,
              iss: values.iss,
              clientId: values.clientId,
              authMethod: values.authMethod,
              scopes: values.scopes,
            },
            signInsEnded: ended.length,
          },
        });
      });
      return view((await repo.byId(id))!, (await repo.token(db, id, auth.user.id)) ?? undefined);
    },

    async remove(auth: AuthContext, id: string, requestId: string): Promise<void> {
      const before = await requireConnection(auth, id);
      await db.transaction(async (tx) => {
        await appendAudit(tx, {
          ...audit(auth, requestId, before.organisationId),
          action: 'smart-client.removed',
          entityId: id,
          changedFields: { name: before.name, iss: before.iss },
        });
        await repo.remove(tx, id);
      });
    },

    /** Standalone launch from the organisation page. */
    async launch(auth: AuthContext, id: string, requestId: string): Promise<SmartAuthorization> {
      return authorise(auth, await requireConnection(auth, id), null, requestId);
    },

    /** EHR launch: `iss` must be one of the organisation's connections (no redirect to an unknown iss). */
    async appLaunch(
      auth: AuthContext,
      body: SmartAppLaunchRequest,
      requestId: string,
    ): Promise<SmartAuthorization> {
      requireManaged(auth, body.organisationId);
      const row = await repo.byIss(body.organisationId, normaliseIss(body.iss));
      if (!row)
        throw new HttpError(404, 'Not Found', messages.unknownIss, slug(problemTypes.unknownIss));
      return authorise(auth, row, body.launch, requestId);
    },

    /**
     * Exchanges the code on the server: the state must be one this session started for that organisation,
     * unexpired and unused (it is used up here, so a replayed code is refused); the caller must still manage
     * the organisation. Nothing is stored unless the CIS answers tokens.
     */
    async exchange(
      auth: AuthContext,
      body: SmartTokenRequest,
      requestId: string,
    ): Promise<SmartClient> {
      requireManaged(auth, body.organisationId);
      const invalid = () =>
        new HttpError(400, 'Bad Request', messages.stateInvalid, slug(problemTypes.stateInvalid));
      const pending = await repo.launch(db, body.state);
      if (
        !pending ||
        pending.sessionId !== auth.session.id ||
        pending.userId !== auth.user.id ||
        pending.organisationId !== body.organisationId ||
        body.state.slice(3, 39) !== body.organisationId
      )
        throw invalid();
      const claimed = await repo.claimLaunch(db, body.state);
      if (!claimed || claimed.expiresAt.getTime() < Date.now()) throw invalid();
      const row = await requireConnection(auth, claimed.smartClientId);
      const configuration = await clientOf(row);
      const callback = new URL(smart.redirectUri);
      callback.searchParams.set('code', body.code);
      callback.searchParams.set('state', body.state);
      let tokens;
      try {
        tokens = await oidc.authorizationCodeGrant(configuration, callback, {
          pkceCodeVerifier: claimed.codeVerifier,
          expectedState: body.state,
          ...(row.scopes.includes('openid')
            ? { expectedNonce: claimed.nonce, idTokenExpected: true }
            : {}),
        });
      } catch (error) {
        if (
          error instanceof oidc.ResponseBodyError ||
          error instanceof oidc.AuthorizationResponseError
        )
          throw new HttpError(
            400,
            'Bad Request',
            messages.exchangeFailed,
            slug(problemTypes.exchangeFailed),
            undefined,
            { cause: error },
          );
        throw cisFailed(row.name, error);
      }
      await store(auth, row, tokens, null, requestId);
      return view(row, (await repo.token(db, row.id, auth.user.id)) ?? undefined);
    },

    /** The portal's public key set for private_key_jwt (served unauthenticated). */
    async jwks() {
      const key = await smartClientKey(smart);
      return { keys: [key.publicJwk] };
    },

    /**
     * A FHIR client on one connection for the practitioner-role import (docs/decisions/069-smart-app-launch.md):
     * 404 unless the user manages the connection's organisation; 409 "Connect to <name> again" without a live
     * token; 502 when the CIS fails or is late.
     */
    async fhirClientFor(connectionId: string, auth: AuthContext): Promise<SmartFhirClient> {
      const row = await requireConnection(auth, connectionId);
      // Fail early, before the caller starts work, when there is no sign-in at all.
      await liveAccessToken(auth, row);
      return {
        connection: {
          id: row.id,
          name: row.name,
          iss: row.iss,
          organisationId: row.organisationId,
        },
        async getJson(pathAndQuery: string, signal?: AbortSignal) {
          const url = underIss(row.iss, pathAndQuery);
          if (!url) throw new Error(`${pathAndQuery} is not under ${row.iss}`);
          if (await checkCisUrl(url, smart.production)) throw cisFailed(row.name);
          const accessToken = await liveAccessToken(auth, row);
          try {
            return await getCisJson(url, {
              timeoutMs: smart.timeoutMs,
              accessToken,
              accept: 'application/fhir+json',
              ...(signal ? { signal } : {}),
            });
          } catch (error) {
            if (error instanceof CisRequestError && error.status === 401) {
              await repo.removeToken(db, row.id, auth.user.id);
              throw reconnect(row.name);
            }
            if (error instanceof CisRequestError) throw cisFailed(row.name, error);
            throw error;
          }
        },
      };
    },
  };
}

/** The service's FHIR client factory, as other modules take it. */
export type FhirClientFor = ReturnType<typeof smartClientsService>['fhirClientFor'];
