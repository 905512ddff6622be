import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  SmartAuthorization,
  SmartClient,
  SmartClientsList,
  smartClientMessages,
  type NewSmartClient,
} from '@pca/contracts';
import { startClinicalSystem, type RunningClinicalSystem } from '@pca/clinical-system/server';
import { authoriseThroughClinicalSystem } from '@pca/clinical-system/testing';
import { auditEvents, smartClients, smartClientTokens, smartLaunches } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { sessionContextLookup } from '#platform/auth/session-context.ts';
import { hashToken } from '#lib/tokens.ts';
import { loadConfig } from '#lib/config.ts';
import { freePort } from '@pca/identity-provider/free-port';
import { ALICE, GEORGE, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { smartClientsService } from './service.ts';
import { checkCisUrl, fetchSmartConfiguration, isPrivateAddress } from './cis-http.ts';

const harbour = demoIds.organisation('harbour-group');

const { t, as } = useTestApp({ RATE_LIMIT_WRITES: '1000/10s', SESSION_CACHE_MS: '0' });

const connection = (over: Partial<NewSmartClient> = {}): NewSmartClient => ({
  organisationId: harbour,
  name: 'Harbour CIS',
  iss: 'http://localhost:1/fhir',
  clientId: 'provider-connect',
  authMethod: 'public',
  scopes: ['openid', 'fhirUser', 'user/PractitionerRole.read'],
  ...over,
});

/**
 * A clinical system on this machine answering only a SMART configuration with these endpoints (its FHIR base
 * URL is `${iss}`); closed with `close()`.
 */
async function configurationServer(endpoints: {
  authorization_endpoint: string;
  token_endpoint?: string;
}): Promise<{ iss: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url !== '/fhir/.well-known/smart-configuration') {
      res.writeHead(404).end();
      return;
    }
    const { port } = server.address() as AddressInfo;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        token_endpoint: `http://localhost:${port}/token`,
        ...endpoints,
        code_challenge_methods_supported: ['S256'],
        capabilities: ['launch-standalone'],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    iss: `http://localhost:${port}/fhir`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A connection stored as it was saved before its authorisation endpoint was checked. */
async function storedConnection(
  name: string,
  authorizationEndpoint: string,
  tokenEndpoint: string,
) {
  const [row] = await t.db
    .insert(smartClients)
    .values({
      organisationId: harbour,
      name,
      iss: `http://localhost:1/${name.toLowerCase().replace(/\W+/g, '-')}`,
      clientId: 'provider-connect',
      authMethod: 'public',
      scopes: ['openid', 'fhirUser'],
      configuration: {
        issuer: null,
        authorizationEndpoint,
        tokenEndpoint,
        capabilities: [],
        scopesSupported: [],
        codeChallengeMethods: ['S256'],
        tokenEndpointAuthMethods: [],
        fetchedAt: new Date().toISOString(),
      },
    })
    .returning({ id: smartClients.id });
  return row!.id;
}

/** The signed-in caller's context, as the /api context builds it for a request. */
async function contextOf(ra: string) {
  const header = (await as(ra)).authorization;
  const ctx = await sessionContextLookup(t.db)(
    hashToken(header.slice('Bearer '.length)),
    new Date(),
    {
      before: new Date(0),
      idleMs: 60_000,
    },
  );
  return ctx!;
}

describe('smart clients', () => {
  it('production refuses to start without SMART_CLIENT_KEY, or with one that is not a private P-256 JWK', () => {
    const production = {
      NODE_ENV: 'production',
      OIDC_CLIENT_SECRET: 'x'.repeat(40),
      OIDC_ISSUER: 'https://login.example',
      BANK_ACCOUNT_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`,
    };
    expect(() => loadConfig(production)).toThrow(/SMART_CLIENT_KEY must be set in production/);
    expect(() => loadConfig({ ...production, SMART_CLIENT_KEY: '{"kty":"RSA"}' })).toThrow(
      /private P-256 JSON Web Key/,
    );
    // Without SMART_TOKEN_KEYS the tokens are sealed under the bank-account keys.
    expect(
      loadConfig({ NODE_ENV: 'test', BANK_ACCOUNT_KEYS: production.BANK_ACCOUNT_KEYS }).smart
        .tokenKeys.currentKeyId,
    ).toBe('k1');
  });

  it('serves the portal’s public key without a session, and never its private part', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/smart-clients/jwks.json' });
    expect(res.statusCode).toBe(200);
    const { keys } = res.json() as { keys: Array<Record<string, unknown>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('lists Harbour’s connections for its manager, and nothing for anyone else (404)', async () => {
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/smart-clients?organisationId=${harbour}`,
      headers: await as(ALICE),
    });
    expect(mine.statusCode).toBe(200);
    expect(SmartClientsList.parse(mine.json())).toEqual({ connections: [] });
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/smart-clients?organisationId=${harbour}`,
      headers: await as(GEORGE),
    });
    expectProblem(theirs, 404);
  });

  it('a FHIR base URL that does not answer is a field error, not a 500; nothing is stored', async () => {
    const closed = await freePort();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/smart-clients',
      headers: await as(ALICE),
      payload: connection({ iss: `http://localhost:${closed}/fhir` }),
    });
    expectProblem(res, 400, { field: 'iss' });
    expect((res.json() as { errors: Array<{ message: string }> }).errors[0]!.message).toBe(
      smartClientMessages.issUnreachable,
    );
    expect(await t.db.select().from(smartClients)).toEqual([]);
  });

  it('outside production only this machine may be called; in production only public https', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/smart-clients',
      headers: await as(ALICE),
      payload: connection({ iss: 'http://169.254.169.254/latest' }),
    });
    expectProblem(res, 400, { field: 'iss' });
    expect(await checkCisUrl('http://localhost:8080/fhir', false)).toBeNull();
    expect(await checkCisUrl('http://10.0.0.1/fhir', false)).toBe('not-allowed');
    expect(await checkCisUrl('http://cis.example.com/fhir', true)).toBe('invalid');
    expect(await checkCisUrl('https://127.0.0.1/fhir', true)).toBe('not-allowed');
    expect(await checkCisUrl('https://[::1]/fhir', true)).toBe('not-allowed');
    expect(await checkCisUrl('https://localhost/fhir', true)).toBe('not-allowed');
    expect(await checkCisUrl('https://user:pw@203.0.113.9/fhir', true)).toBe('invalid');
    expect(isPrivateAddress('192.168.1.1')).toBe(true);
    expect(isPrivateAddress('::ffff:10.0.0.1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
  });

  it('fhirClientFor: 404 unless the user manages the organisation, 409 "Connect to … again" without a token', async () => {
    const [row] = await t.db
      .insert(smartClients)
      .values({
        organisationId: harbour,
        name: 'Stored CIS',
        iss: 'http://localhost:1/fhir',
        clientId: 'provider-connect',
        authMethod: 'public',
        scopes: ['openid'],
        configuration: {
          issuer: null,
          authorizationEndpoint: 'http://localhost:1/auth',
          tokenEndpoint: 'http://localhost:1/token',
          capabilities: [],
          scopesSupported: [],
          codeChallengeMethods: ['S256'],
          tokenEndpointAuthMethods: [],
          fetchedAt: new Date().toISOString(),
        },
      })
      .returning({ id: smartClients.id });
    const service = smartClientsService({ db: t.db, config: t.config });
    await expect(service.fhirClientFor(row!.id, await contextOf(GEORGE))).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.fhirClientFor(row!.id, await contextOf(ALICE))).rejects.toMatchObject({
      status: 409,
      detail: 'Connect to Stored CIS again',
    });
    expect(
      await t.db
        .select()
        .from(smartClientTokens)
        .where(eq(smartClientTokens.smartClientId, row!.id)),
    ).toEqual([]);
    await t.db.delete(smartClients).where(eq(smartClients.id, row!.id));
  });
});

describe('the authorisation endpoint', () => {
  it('is held to the FHIR base URL’s rule on save: a javascript: or unreachable one is the field error on iss, nothing stored', async () => {
    for (const authorization_endpoint of [
      'javascript:alert(document.cookie)',
      'http://169.254.169.254/authorize',
    ]) {
      const cis = await configurationServer({ authorization_endpoint });
      try {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/smart-clients',
          headers: await as(ALICE),
          payload: connection({ iss: cis.iss }),
        });
        const problem = expectProblem(res, 400, { field: 'iss' });
        expect(problem.errors).toEqual([
          { field: 'iss', message: smartClientMessages.issNotSmart },
        ]);
      } finally {
        await cis.close();
      }
    }
    expect(await t.db.select().from(smartClients)).toEqual([]);
    expect(
      await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'smart-client.created')),
    ).toEqual([]);
  });

  it('in production it must be https, like the token endpoint', async () => {
    // Addresses of the documentation range: public, so no name is looked up and nothing is called.
    const cis = await configurationServer({
      authorization_endpoint: 'http://203.0.113.9/authorize',
      token_endpoint: 'https://203.0.113.9/token',
    });
    try {
      await expect(
        fetchSmartConfiguration(cis.iss, { timeoutMs: 5_000, production: true }),
      ).rejects.toThrow('not a SMART configuration');
    } finally {
      await cis.close();
    }
  });

  it('a launch the library refuses (a connection saved before the check) is the 502 problem, not a 500; nothing stored', async () => {
    const id = await storedConnection(
      'Scripted CIS',
      'javascript:alert(document.cookie)',
      'http://localhost:1/token',
    );
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/smart-clients/${id}/launch`,
        headers: await as(ALICE),
      });
      const problem = expectProblem(res, 502, { type: 'smart-cis-failed' });
      expect(problem.detail).toBe(smartClientMessages.cisFailed('Scripted CIS'));
      expect(res.body).not.toContain('javascript');

      // Production: openid-client sends the browser only to https.
      const production = smartClientsService({
        db: t.db,
        config: { ...t.config, smart: { ...t.config.smart, production: true } },
      });
      const plain = await storedConnection(
        'Plain CIS',
        'http://203.0.113.9/authorize',
        'https://203.0.113.9/token',
      );
      await expect(
        production.launch(await contextOf(ALICE), plain, 'request-1'),
      ).rejects.toMatchObject({
        status: 502,
        detail: smartClientMessages.cisFailed('Plain CIS'),
      });
      expect(await t.db.select().from(smartLaunches)).toEqual([]);
      expect(
        await t.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.action, 'smart-client.launch-started')),
      ).toEqual([]);
    } finally {
      await t.db.delete(smartClients);
    }
  });
});

describe('the SMART launch against the clinical-system stand-in', () => {
  let cis: RunningClinicalSystem;
  let connectionId = '';

  beforeAll(async () => {
    // The portal is not listening in these tests, so the private_key_jwt client's keys are given inline.
    const { keys } = await smartClientsService({ db: t.db, config: t.config }).jwks();
    const portal = t.config.smart.publicUrl;
    const common = {
      client_name: 'Provider Connect Australia',
      redirect_uris: [`${portal}/smart-authorization-code/callback`],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code' as const],
    };
    cis = await startClinicalSystem({
      portalUrl: portal,
      clients: [
        { ...common, client_id: 'provider-connect', token_endpoint_auth_method: 'none' },
        {
          ...common,
          client_id: 'provider-connect-jwt',
          token_endpoint_auth_method: 'private_key_jwt',
          jwks: { keys: keys as never },
        },
      ],
    });
  });
  afterAll(() => cis?.close());

  const post = async (url: string, payload?: unknown, ra = ALICE) =>
    t.app.inject({ method: 'POST', url, headers: await as(ra), ...(payload ? { payload } : {}) });

  /** Starts a standalone launch and authorises at the CIS like the browser: the callback's code and state. */
  async function launchAndAuthorise(id = connectionId) {
    const started = await post(`/api/smart-clients/${id}/launch`);
    expect(started.statusCode, started.body).toBe(200);
    const { authorizationUrl } = SmartAuthorization.parse(started.json());
    const back = await authoriseThroughClinicalSystem(authorizationUrl);
    return {
      authorizationUrl: new URL(authorizationUrl),
      code: back.searchParams.get('code')!,
      state: back.searchParams.get('state')!,
    };
  }

  it('a URL without SMART configuration is a field error; a SMART server is saved with what it supports', async () => {
    const notSmart = await post('/api/smart-clients', connection({ iss: `${cis.url}/nothing` }));
    expectProblem(notSmart, 400, { field: 'iss' });
    const saved = await post(
      '/api/smart-clients',
      connection({
        iss: `${cis.iss}/`,
        scopes: [
          'openid',
          'fhirUser',
          'launch',
          'offline_access',
          'user/Practitioner.read',
          'user/PractitionerRole.read',
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const c = SmartClient.parse(saved.json());
    connectionId = c.id;
    expect(c.iss).toBe(cis.iss);
    expect(c.configuration.capabilities).toContain('launch-ehr');
    expect(c.configuration.codeChallengeMethods).toEqual(['S256']);
    expect(c.appLaunchUrl).toBe(
      `${t.config.smart.publicUrl}/organisation/participating/${harbour}/applaunch`,
    );
    expect(c.signIn).toBeNull();
    const again = await post('/api/smart-clients', connection({ iss: cis.iss }));
    expectProblem(again, 400, { field: 'iss' });
    // George (a Viewer of Harbour) cannot open it by its id.
    const george = await t.app.inject({
      method: 'GET',
      url: `/api/smart-clients/${c.id}`,
      headers: await as(GEORGE),
    });
    expectProblem(george, 404);
  });

  it('standalone launch: PKCE, the spec’s state, the code exchanged on the server, tokens sealed', async () => {
    const { authorizationUrl, code, state } = await launchAndAuthorise();
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('aud')).toBe(cis.iss);
    expect(authorizationUrl.searchParams.get('scope')).not.toContain('launch');
    expect(state.slice(0, 3)).toBe('po:');
    expect(state.slice(3, 39)).toBe(harbour);

    // Another person, a forged state, or another organisation: refused, nothing stored.
    expectProblem(
      await post('/api/smart-clients/token', { organisationId: harbour, code, state }, GEORGE),
      404,
    );
    expectProblem(
      await post('/api/smart-clients/token', { organisationId: harbour, code, state: `${state}x` }),
      400,
      { type: 'smart-state-invalid' },
    );
    expect(await t.db.select().from(smartClientTokens)).toEqual([]);

    const res = await post('/api/smart-clients/token', { organisationId: harbour, code, state });
    expect(res.statusCode, res.body).toBe(200);
    const c = SmartClient.parse(res.json());
    expect(c.signIn).toMatchObject({
      fhirUser: `${cis.iss}/Practitioner/alice-nguyen`,
      live: true,
      canRefresh: true,
    });
    expect(res.body).not.toMatch(/access_token|refresh_token|accessToken/);

    // The same code and state again: the launch is used up.
    expectProblem(
      await post('/api/smart-clients/token', { organisationId: harbour, code, state }),
      400,
      {
        type: 'smart-state-invalid',
      },
    );
    const [row] = await t.db.select().from(smartClientTokens);
    expect(row!.ciphertext).not.toContain('.');
    expect(await t.db.select().from(smartLaunches)).toEqual([]);
    const audited = await t.db
      .select({ action: auditEvents.action, fields: auditEvents.changedFields })
      .from(auditEvents)
      .where(like(auditEvents.action, 'smart-client.%'));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'smart-client.created',
        'smart-client.launch-started',
        'smart-client.connected',
      ]),
    );
    expect(JSON.stringify(audited)).not.toMatch(/token"/i);
  });

  it('fhirClientFor reads the CIS with the stored token, and renews it with the refresh token once expired', async () => {
    const service = smartClientsService({ db: t.db, config: t.config });
    const client = await service.fhirClientFor(connectionId, await contextOf(ALICE));
    expect(client.connection).toEqual({
      id: connectionId,
      name: 'Harbour CIS',
      iss: cis.iss,
      organisationId: harbour,
    });
    const bundle = (await client.getJson('PractitionerRole?_count=2')) as {
      resourceType: string;
      entry: unknown[];
    };
    expect(bundle.resourceType).toBe('Bundle');
    await expect(client.getJson('https://example.com/x')).rejects.toThrow(/not under/);

    await t.db.update(smartClientTokens).set({ expiresAt: new Date(Date.now() - 60_000) });
    const renewed = (await client.getJson('Practitioner/alice-nguyen')) as { id: string };
    expect(renewed.id).toBe('alice-nguyen');
    const [row] = await t.db.select().from(smartClientTokens);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now());
    const refreshed = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'smart-client.token-refreshed'));
    expect(refreshed).toHaveLength(1);
  });

  it('EHR launch: a registered iss gets an authorisation URL with the launch; an unknown iss is refused', async () => {
    const unknown = await post('/api/smart-clients/app-launch', {
      organisationId: harbour,
      iss: 'http://localhost:9/fhir',
      launch: 'abc',
    });
    expectProblem(unknown, 404, { type: 'smart-unknown-iss' });
    const theirs = await post(
      '/api/smart-clients/app-launch',
      { organisationId: harbour, iss: cis.iss, launch: 'abc' },
      GEORGE,
    );
    expectProblem(theirs, 404);
    const known = await post('/api/smart-clients/app-launch', {
      organisationId: harbour,
      iss: cis.iss,
      launch: 'abc',
    });
    expect(known.statusCode, known.body).toBe(200);
    const url = new URL(SmartAuthorization.parse(known.json()).authorizationUrl);
    expect(url.searchParams.get('launch')).toBe('abc');
    expect(url.searchParams.get('scope')!.split(' ')).toContain('launch');
  });

  it('private_key_jwt: changing the client ends the sign-ins; the portal’s key authenticates the exchange', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/smart-clients/${connectionId}`,
      headers: await as(ALICE),
      payload: {
        name: 'Harbour CIS',
        iss: cis.iss,
        clientId: 'provider-connect-jwt',
        authMethod: 'private_key_jwt',
        scopes: ['openid', 'fhirUser', 'user/PractitionerRole.read'],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(SmartClient.parse(res.json()).signIn).toBeNull();
    const { code, state } = await launchAndAuthorise();
    const exchanged = await post('/api/smart-clients/token', {
      organisationId: harbour,
      code,
      state,
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(SmartClient.parse(exchanged.json()).signIn).toMatchObject({
      live: true,
      canRefresh: false,
    });
    const tokens = await t.db
      .select()
      .from(smartClientTokens)
      .where(and(eq(smartClientTokens.smartClientId, connectionId)));
    expect(tokens).toHaveLength(1);
  });
});
