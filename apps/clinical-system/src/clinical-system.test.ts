import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import * as jose from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen } from '@pca/dev-services';
import { luhnValid } from '@pca/contracts/hpii.ts';
import { LAUNCH_TTL_MS, Launches, clientsFromEnv, defaultClients } from './authorisation.ts';
import { HPII_SYSTEM, demoPractice, scaledPractice, type FhirResource } from './practice.ts';
import { startClinicalSystem, type RunningClinicalSystem } from './server.ts';
import { authoriseThroughClinicalSystem } from './testing/authorise.ts';

// The portal is played by a tiny server that serves the private_key_jwt client's public key where the
// default client registration expects it (the portal's /api/smart-clients/jwks.json).
const keys = await jose.generateKeyPair('ES256', { extractable: true });
const publicJwk = {
  ...(await jose.exportJWK(keys.publicKey)),
  kid: 'portal-1',
  alg: 'ES256',
  use: 'sig',
};
let portal: Server;
let portalUrl: string;
let cis: RunningClinicalSystem;
let scaled: RunningClinicalSystem;

const ALL_SCOPES =
  'openid fhirUser offline_access user/Practitioner.read user/PractitionerRole.read user/Location.read user/HealthcareService.read';

beforeAll(async () => {
  portal = createServer((req, res) => {
    if (req.url === '/api/smart-clients/jwks.json') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [publicJwk] }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  portalUrl = `http://127.0.0.1:${await listen(portal, 0, '127.0.0.1')}`;
  cis = await startClinicalSystem({ port: 0, portalUrl });
  scaled = await startClinicalSystem({ portalUrl, practice: scaledPractice(500) });
});

afterAll(async () => {
  await cis?.close();
  await scaled?.close();
  await new Promise((resolve) => portal?.close(resolve));
});

const redirectUri = () => `${portalUrl}/smart-authorization-code/callback`;

async function discover(system: RunningClinicalSystem, clientId: string, auth: oidc.ClientAuth) {
  return oidc.discovery(new URL(system.url), clientId, undefined, auth, {
    execute: [oidc.allowInsecureRequests],
  });
}

/** Authorises at `system` with PKCE and exchanges the code; returns the token response. */
async function authorise(
  system: RunningClinicalSystem,
  options: {
    clientId?: string;
    auth?: oidc.ClientAuth;
    scope?: string;
    extra?: Record<string, string>;
  } = {},
) {
  const config = await discover(
    system,
    options.clientId ?? 'provider-connect',
    options.auth ?? oidc.None(),
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(),
    scope: options.scope ?? ALL_SCOPES,
    state,
    aud: system.iss,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...options.extra,
  });
  const callback = await authoriseThroughClinicalSystem(url.href);
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return { config, tokens };
}

const fhirGet = (system: RunningClinicalSystem, path: string, token?: string) =>
  fetch(`${system.iss}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('discovery', () => {
  it('answers the SMART configuration at {iss}/.well-known/smart-configuration', async () => {
    const response = await fetch(`${cis.iss}/.well-known/smart-configuration`);
    expect(response.status).toBe(200);
    const smart = (await response.json()) as Record<string, unknown>;
    expect(smart).toMatchObject({
      issuer: cis.url,
      authorization_endpoint: `${cis.url}/authorize`,
      token_endpoint: `${cis.url}/token`,
      jwks_uri: `${cis.url}/jwks`,
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
    });
    expect(smart['capabilities']).toEqual(
      expect.arrayContaining([
        'launch-ehr',
        'launch-standalone',
        'client-public',
        'client-confidential-asymmetric',
        'permission-offline',
        'permission-user',
        'sso-openid-connect',
      ]),
    );
    expect(smart['capabilities']).not.toContain('context-ehr-patient');
    expect(smart['scopes_supported']).toEqual(
      expect.arrayContaining(['launch', 'fhirUser', 'user/PractitionerRole.rs']),
    );
    // The authorisation server's own discovery agrees.
    const openid = (await (
      await fetch(`${cis.url}/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(openid['authorization_endpoint']).toBe(smart['authorization_endpoint']);
    expect(openid['token_endpoint']).toBe(smart['token_endpoint']);
  });

  it('answers a CapabilityStatement with the SMART security extension at {iss}/metadata', async () => {
    const response = await fetch(`${cis.iss}/metadata`);
    expect(response.headers.get('content-type')).toContain('application/fhir+json');
    const statement = (await response.json()) as {
      resourceType: string;
      fhirVersion: string;
      rest: {
        security: { extension: { url: string; extension: { url: string; valueUri: string }[] }[] };
      }[];
    };
    expect(statement.resourceType).toBe('CapabilityStatement');
    expect(statement.fhirVersion).toBe('4.0.1');
    const oauth = statement.rest[0]!.security.extension[0]!;
    expect(oauth.url).toBe('http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris');
    expect(oauth.extension).toEqual(
      expect.arrayContaining([
        { url: 'authorize', valueUri: `${cis.url}/authorize` },
        { url: 'token', valueUri: `${cis.url}/token` },
      ]),
    );
  });
});

describe('authorisation', () => {
  it('gives the public client tokens through sign-in and consent with PKCE, the ID token naming fhirUser', async () => {
    const { config, tokens } = await authorise(cis);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'fhirUser', 'user/PractitionerRole.read']),
    );
    expect(tokens.claims()).toMatchObject({
      iss: cis.url,
      aud: 'provider-connect',
      sub: 'alice.nguyen',
      fhirUser: `${cis.iss}/Practitioner/alice-nguyen`,
    });
    // offline_access: a refresh token, which gives a new working access token.
    expect(tokens.refresh_token).toBeTruthy();
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    // A public client's refresh token is rotated: the one used is spent.
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    const practitioner = await fhirGet(cis, '/Practitioner/alice-nguyen', refreshed.access_token);
    expect(practitioner.status).toBe(200);
    // Using a spent one again is taken as theft: refused, and the whole grant is revoked.
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    expect((await fhirGet(cis, '/Practitioner/alice-nguyen', refreshed.access_token)).status).toBe(
      401,
    );
  });

  it('gives no refresh token without offline_access', async () => {
    const { tokens } = await authorise(cis, {
      scope: 'openid fhirUser user/PractitionerRole.rs',
    });
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeUndefined();
  });

  it('authenticates the confidential client by private_key_jwt against the portal’s JWKS', async () => {
    const { tokens } = await authorise(cis, {
      scope: 'openid fhirUser user/PractitionerRole.rs',
      clientId: 'provider-connect-jwt',
      auth: oidc.PrivateKeyJwt({ key: keys.privateKey, kid: 'portal-1' }),
    });
    expect(tokens.claims()?.['aud']).toBe('provider-connect-jwt');
    const roles = await fhirGet(cis, '/PractitionerRole?_count=1', tokens.access_token);
    expect(roles.status).toBe(200);
  });

  it('refuses the confidential client an assertion signed with another key', async () => {
    const other = await jose.generateKeyPair('ES256');
    const config = await discover(
      cis,
      'provider-connect-jwt',
      oidc.PrivateKeyJwt({ key: other.privateKey, kid: 'portal-1' }),
    );
    const verifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid fhirUser',
      aud: cis.iss,
      state: 'x',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const callback = await authoriseThroughClinicalSystem(url.href);
    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: 'x',
      }),
    ).rejects.toMatchObject({ error: 'invalid_client' });
  });

  it('requires PKCE and the FHIR server as aud', async () => {
    const base = `${cis.url}/authorize?client_id=provider-connect&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(redirectUri())}`;
    const noPkce = await fetch(`${base}&aud=${encodeURIComponent(cis.iss)}`, {
      redirect: 'manual',
    });
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error_description')).toMatch(
      /PKCE/,
    );
    const challenge =
      '&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256';
    const wrongAud = await fetch(`${base}${challenge}&aud=${encodeURIComponent(cis.url)}`, {
      redirect: 'manual',
    });
    const refused = new URL(wrongAud.headers.get('location')!).searchParams;
    expect(refused.get('error')).toBe('invalid_request');
    expect(refused.get('error_description')).toContain(cis.iss);
  });

  it('returns access_denied when staff deny consent', async () => {
    const config = await discover(cis, 'provider-connect', oidc.None());
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'openid fhirUser',
      aud: cis.iss,
      state: 's',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const callback = await authoriseThroughClinicalSystem(url.href, { decision: 'deny' });
    expect(callback.searchParams.get('error')).toBe('access_denied');
  });
});

describe('EHR launch', () => {
  it('sends the browser to the launch URL with iss and a launch id, which /authorize then accepts', async () => {
    const launchUrl = `${portalUrl}/smart/launch`;
    const launched = await fetch(`${cis.url}/launch?launch_url=${encodeURIComponent(launchUrl)}`, {
      redirect: 'manual',
    });
    expect(launched.status).toBe(303);
    const target = new URL(launched.headers.get('location')!);
    expect(`${target.origin}${target.pathname}`).toBe(launchUrl);
    expect(target.searchParams.get('iss')).toBe(cis.iss);
    const launch = target.searchParams.get('launch')!;
    expect(launch).toMatch(/^[\w-]{16,}$/);
    const { tokens } = await authorise(cis, {
      scope: `launch ${ALL_SCOPES}`,
      extra: { launch },
    });
    expect(tokens.scope?.split(' ')).toContain('launch');
  });

  it('refuses an unknown launch id', async () => {
    const config = await discover(cis, 'provider-connect', oidc.None());
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(),
      scope: 'launch openid fhirUser',
      aud: cis.iss,
      launch: 'not-a-launch-of-this-system',
      state: 's',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const refused = await fetch(url, { redirect: 'manual' });
    const params = new URL(refused.headers.get('location')!).searchParams;
    expect(params.get('error')).toBe('invalid_request');
    expect(params.get('error_description')).toMatch(/launch/);
  });

  it('shows the launch page, and asks again for an address that is not one', async () => {
    const page = await fetch(`${cis.url}/`);
    const html = await page.text();
    expect(html).toContain('Harbour Medical Group — clinical system');
    expect(html).toContain('Launch Provider Connect');
    const bad = await fetch(`${cis.url}/launch?launch_url=portal`, { redirect: 'manual' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('full web address');
  });
});

describe('FHIR API', () => {
  it('answers 401 with an OperationOutcome without a live token, 403 without the scope', async () => {
    const none = await fhirGet(cis, '/PractitionerRole');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    const forged = await fhirGet(cis, '/PractitionerRole', 'not-a-token');
    expect(forged.status).toBe(401);

    const { tokens } = await authorise(cis, { scope: 'openid user/Practitioner.read' });
    const roles = await fhirGet(cis, '/PractitionerRole', tokens.access_token);
    expect(roles.status).toBe(403);
    expect(await roles.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ code: 'forbidden' }],
    });
    expect((await fhirGet(cis, '/Location/surry-hills-clinic', tokens.access_token)).status).toBe(
      403,
    );
    expect((await fhirGet(cis, '/Practitioner/alice-nguyen', tokens.access_token)).status).toBe(
      200,
    );
    expect((await fhirGet(cis, '/Practitioner/nobody', tokens.access_token)).status).toBe(404);
  });

  it('accepts SMART v2 scopes: .rs searches, .r reads but does not search', async () => {
    const { tokens } = await authorise(cis, {
      scope: 'openid user/PractitionerRole.rs user/Location.r',
    });
    expect((await fhirGet(cis, '/PractitionerRole', tokens.access_token)).status).toBe(200);
    expect((await fhirGet(cis, '/Location/surry-hills-clinic', tokens.access_token)).status).toBe(
      200,
    );
    expect((await fhirGet(cis, '/Practitioner/alice-nguyen', tokens.access_token)).status).toBe(
      403,
    );
  });

  it('pages PractitionerRole searches with next links and includes each page’s references', async () => {
    const { tokens } = await authorise(scaled);
    type Bundle = {
      type: string;
      total: number;
      link: { relation: string; url: string }[];
      entry: { fullUrl: string; resource: FhirResource; search: { mode: string } }[];
    };
    let next: string | undefined =
      `${scaled.iss}/PractitionerRole?_include=PractitionerRole:practitioner&_include=PractitionerRole:location,PractitionerRole:service&_count=200`;
    const roles = new Set<string>();
    const practitioners = new Set<string>();
    let pages = 0;
    while (next) {
      const response = await fetch(next, {
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(response.status).toBe(200);
      const bundle = (await response.json()) as Bundle;
      pages += 1;
      expect(bundle).toMatchObject({ type: 'searchset', total: 500 });
      const matches = bundle.entry.filter((e) => e.search.mode === 'match');
      const included = bundle.entry.filter((e) => e.search.mode === 'include');
      for (const e of matches) {
        roles.add(e.resource.id);
        const ref = (e.resource['practitioner'] as { reference: string }).reference;
        // Every role's practitioner, location and service is in the same page.
        expect(included.map((i) => `${i.resource.resourceType}/${i.resource.id}`)).toContain(ref);
      }
      for (const e of included) {
        expect(e.fullUrl).toBe(`${scaled.iss}/${e.resource.resourceType}/${e.resource.id}`);
        if (e.resource.resourceType === 'Practitioner') practitioners.add(e.resource.id);
      }
      expect(new Set(included.map((i) => i.resource.resourceType))).toEqual(
        new Set(['Practitioner', 'Location', 'HealthcareService']),
      );
      next = bundle.link.find((l) => l.relation === 'next')?.url;
    }
    expect(pages).toBe(3);
    expect(roles.size).toBe(500);
    expect(practitioners.size).toBe(scaledPractice(500).practitioners.length);
  });

  it('refuses a _count it cannot honour, and answers read-only', async () => {
    const { tokens } = await authorise(cis);
    const bad = await fhirGet(cis, '/PractitionerRole?_count=lots', tokens.access_token);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    const post = await fetch(`${cis.iss}/PractitionerRole`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(post.status).toBe(405);
  });
});

describe('the demo practice', () => {
  const practice = demoPractice();
  const hpiis = practice.practitioners.flatMap(
    (p) =>
      (p['identifier'] as
        { system: string; value: string; type: { coding: { code: string }[] } }[] | undefined) ??
      [],
  );

  it('has about 30 practitioners with valid HPI-Is typed NPI, 3 locations and 4 services', () => {
    expect(practice.practitioners.length).toBe(30);
    expect(practice.practitionerRoles.length).toBe(36);
    expect(practice.practitionerRoles.filter((r) => r['active'] === false)).toHaveLength(1);
    expect(practice.locations.length).toBe(3);
    expect(practice.healthcareServices.length).toBe(4);
    for (const id of hpiis) {
      expect(id.system).toBe(HPII_SYSTEM);
      expect(id.type.coding[0]!.code).toBe('NPI');
      expect(luhnValid(id.value)).toBe(true);
    }
    expect(new Set(hpiis.map((i) => i.value)).size).toBe(hpiis.length);
    // Two have no HPI-I recorded: nothing to match them by.
    expect(practice.practitioners.length - hpiis.length).toBe(2);
  });

  it('shares HPI-Is with the demo world (Alice and Farah of data/world.json)', async () => {
    const { readFile } = await import('node:fs/promises');
    const world = JSON.parse(
      await readFile(path.join(import.meta.dirname, '../../../data/world.json'), 'utf8'),
    ) as { identities: { practitioner?: { hpii: string } }[] };
    const portal = world.identities.flatMap((i) => (i.practitioner ? [i.practitioner.hpii] : []));
    expect(hpiis.map((i) => i.value)).toEqual(expect.arrayContaining(portal));
  });

  it('scales to exactly the roles asked for, every role referring to what the practice holds', () => {
    const big = scaledPractice(500);
    expect(big.practitionerRoles.length).toBe(500);
    expect(new Set(big.practitionerRoles.map((r) => r.id)).size).toBe(500);
    const practitionerIds = new Set(big.practitioners.map((p) => `Practitioner/${p.id}`));
    for (const role of big.practitionerRoles)
      expect(practitionerIds.has((role['practitioner'] as { reference: string }).reference)).toBe(
        true,
      );
    for (const p of big.practitioners)
      for (const id of (p['identifier'] as { value: string }[] | undefined) ?? [])
        expect(luhnValid(id.value)).toBe(true);
  });
});

describe('settings', () => {
  it('registers the portal’s two clients by default, or the clients CIS_CLIENTS lists', () => {
    const portal = 'http://localhost:3000';
    expect(clientsFromEnv(undefined, portal)).toEqual(defaultClients(portal));
    expect(
      clientsFromEnv(' ', portal).map((c) => [c.client_id, c.token_endpoint_auth_method]),
    ).toEqual([
      ['provider-connect', 'none'],
      ['provider-connect-jwt', 'private_key_jwt'],
    ]);
    const own = [{ client_id: 'other-app', redirect_uris: ['https://app.example.com.au/cb'] }];
    expect(clientsFromEnv(JSON.stringify(own), portal)).toEqual(own);
    expect(() => clientsFromEnv('{not json', portal)).toThrow(
      'CIS_CLIENTS must be a JSON array of client metadata; it is not valid JSON.',
    );
    expect(() => clientsFromEnv('[{"redirect_uris":[]}]', portal)).toThrow(
      'CIS_CLIENTS must be a JSON array of objects, each with a client_id.',
    );
  });

  it('says why and exits 1 when CIS_CLIENTS cannot be read', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
      {
        env: { ...process.env, NODE_ENV: 'development', CIS_PORT: '1', CIS_CLIENTS: 'nope' },
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'The clinical system did not start: CIS_CLIENTS must be a JSON array',
    );
  });

  it('keeps a launch for 10 minutes', () => {
    const launches = new Launches();
    const id = launches.create(0);
    expect(launches.isLive(id, LAUNCH_TTL_MS)).toBe(true);
    expect(launches.isLive(id, LAUNCH_TTL_MS + 1)).toBe(false);
    expect(launches.isLive('another', 0)).toBe(false);
  });
});

describe('in production', () => {
  it('refuses to start, with one clear line and exit code 1', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'main.ts')],
      { env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
    );
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^The clinical-system stand-in is a development tool and does not run with NODE_ENV=production/,
    );
  });

  it('refuses in process too', async () => {
    const before = process.env['NODE_ENV'];
    process.env['NODE_ENV'] = 'production';
    try {
      await expect(startClinicalSystem({ portalUrl })).rejects.toThrow(/NODE_ENV=production/);
    } finally {
      process.env['NODE_ENV'] = before;
    }
  });
});
