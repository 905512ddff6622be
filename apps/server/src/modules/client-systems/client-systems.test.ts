import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, jwtVerify, SignJWT } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import {
  ClientSystemList,
  clientSystemApiPath,
  clientSystemsApiPaths as paths,
  IssuedClientSecret,
  partnerOAuthPaths as oauth,
} from '@pca/contracts';
import { auditEvents, clientSystems } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { ALICE, GEORGE, PRIYA, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { createTestApp } from '../../test/test-app.ts';
import { loadConfig, parseSandboxClient } from '#lib/config.ts';
import { PartnerTokenError, verifyPartnerToken } from '#platform/partner-tokens.ts';
import { provisionSandboxClient } from './sandbox-client.ts';

const { t, as } = useTestApp();
const medifund = demoIds.partnerService('medifund');
const missing = '00000000-0000-4000-8000-000000000000';

const form = 'application/x-www-form-urlencoded';
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

async function register(name = 'MediFund claims gateway') {
  const res = await t.app.inject({
    method: 'POST',
    url: paths.register,
    headers: await as(PRIYA),
    payload: { partnerServiceId: medifund, name },
  });
  expect(res.statusCode).toBe(201);
  expect(res.headers['cache-control']).toBe('no-store');
  return IssuedClientSecret.parse(res.json());
}

const token = (payload: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: oauth.token,
    headers: { 'content-type': form, ...headers },
    payload,
  });

async function accessToken(clientId: string, secret: string) {
  const res = await token('grant_type=client_credentials', {
    authorization: basic(clientId, secret),
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

function expectOAuthError(
  res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown },
  status: number,
  error: string,
) {
  expect(res.statusCode).toBe(status);
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.json()).toMatchObject({ error });
  if (status === 401) expect(res.headers['www-authenticate']).toBe('Basic realm="partner-api"');
}

const refused = async (authorization: string | undefined) => {
  const error = await verifyPartnerToken(t, authorization).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PartnerTokenError);
  expect((error as PartnerTokenError).status).toBe(401);
  return error as PartnerTokenError;
};

describe('client systems: the operator’s list, register, rotate and revoke', () => {
  it('answers 401 to nobody and 403 to everyone but the operator, always as problem+json', async () => {
    const calls = [
      { method: 'GET' as const, url: paths.list },
      {
        method: 'POST' as const,
        url: paths.register,
        payload: { partnerServiceId: medifund, name: 'X' },
      },
      { method: 'POST' as const, url: clientSystemApiPath('rotate', missing) },
      { method: 'POST' as const, url: clientSystemApiPath('revoke', missing) },
    ];
    for (const call of calls) {
      expectProblem(await t.app.inject(call), 401);
      for (const ra of [ALICE, GEORGE])
        expectProblem(await t.app.inject({ ...call, headers: await as(ra) }), 403);
    }
    expect(await t.db.select().from(clientSystems)).toEqual([]);
  });

  it('refuses anyone else before reading the body: a malformed one is 403, not 400', async () => {
    const headers = { ...(await as(ALICE)), 'content-type': 'application/json' };
    for (const payload of ['{"name":', JSON.stringify({ partnerServiceId: 'x', name: '' })])
      expectProblem(
        await t.app.inject({ method: 'POST', url: paths.register, headers, payload }),
        403,
      );
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: clientSystemApiPath('rotate', 'not-a-uuid'),
        headers: await as(ALICE),
      }),
      403,
    );
    expect(await t.db.select().from(clientSystems)).toEqual([]);
  });

  it('registers a client: the secret answered once, only its scrypt hash and hint stored, audited without it', async () => {
    const issued = await register();
    expect(issued.clientId).toMatch(/^medifund-[\w-]{16}$/);
    expect(issued.clientSecret).toMatch(/^[\w-]{43}$/);
    expect(issued.clientSystem).toMatchObject({
      name: 'MediFund claims gateway',
      partnerServiceName: 'MediFund Health Insurance',
      clientId: issued.clientId,
      secretHint: issued.clientSecret.slice(-4),
      revokedAt: null,
    });

    const [row] = await t.db
      .select()
      .from(clientSystems)
      .where(eq(clientSystems.id, issued.clientSystem.id));
    expect(row!.secretHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(row!.secretHash).not.toContain(issued.clientSecret);
    expect(row!.createdByUserId).toBe(demoIds.user('priya'));

    const list = await t.app.inject({ method: 'GET', url: paths.list, headers: await as(PRIYA) });
    expect(list.body).not.toContain(issued.clientSecret);
    expect(list.body).not.toContain(row!.secretHash);
    const parsed = ClientSystemList.parse(list.json());
    expect(parsed.clientSystems.find((c) => c.id === issued.clientSystem.id)).toEqual(
      issued.clientSystem,
    );
    expect(Object.keys(list.json().clientSystems[0] as object)).not.toContain('secretHash');
    expect(parsed.partnerServices.map((p) => p.code)).toContain('medifund');

    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, issued.clientSystem.id));
    expect(audit.map((a) => a.action)).toEqual(['client-system.registered']);
    expect(JSON.stringify(audit)).not.toContain(issued.clientSecret);
    expect(JSON.stringify(audit)).not.toContain(row!.secretHash);
  });

  it('refuses a blank name and an unknown partner service, naming the field', async () => {
    const headers = await as(PRIYA);
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: paths.register,
        headers,
        payload: { partnerServiceId: medifund, name: '  ' },
      }),
      400,
      { field: 'name' },
    );
    expectProblem(
      await t.app.inject({
        method: 'POST',
        url: paths.register,
        headers,
        payload: { partnerServiceId: missing, name: 'Nobody’s client' },
      }),
      400,
      { field: 'partnerServiceId' },
    );
  });

  it('answers 404 for a client system that does not exist', async () => {
    const headers = await as(PRIYA);
    for (const path of ['rotate', 'revoke'] as const)
      expectProblem(
        await t.app.inject({ method: 'POST', url: clientSystemApiPath(path, missing), headers }),
        404,
      );
  });
});

describe('the token endpoint and verifyPartnerToken', () => {
  it('issues a JWT for HTTP Basic credentials that verifies against /oauth/jwks with the documented claims', async () => {
    const issued = await register('MediFund directory reader');
    const res = await token('grant_type=client_credentials&scope=system%2F*.read', {
      authorization: basic(issued.clientId, issued.clientSecret),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as {
      access_token: string;
      token_type: string;
      expires_in: number;
      scope: string;
    };
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'system/*.read' });

    const jwks = await t.app.inject({ method: 'GET', url: oauth.jwks });
    expect(jwks.statusCode).toBe(200);
    const keys = jwks.json() as { keys: Array<Record<string, unknown>> };
    expect(keys.keys[0]).not.toHaveProperty('d');
    const { payload, protectedHeader } = await jwtVerify(
      body.access_token,
      createLocalJWKSet(keys as never),
      { issuer: t.config.publicUrl, audience: 'fhir' },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: issued.clientId,
      partner: 'medifund',
      client_system_id: issued.clientSystem.id,
      scope: 'system/*.read',
    });
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(payload.exp! - payload.iat!).toBeLessThanOrEqual(3600);

    expect(await verifyPartnerToken(t, `Bearer ${body.access_token}`)).toEqual({
      clientSystemId: issued.clientSystem.id,
      partnerServiceId: medifund,
      partnerCode: 'medifund',
      identifierSystems: [],
    });
  });

  it('accepts the credentials in the form too (RFC 6749 §2.3.1)', async () => {
    const issued = await register('MediFund form client');
    const res = await token(
      new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: issued.clientId,
        client_secret: issued.clientSecret,
      }).toString(),
    );
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 invalid_client to a wrong secret, an unknown client and no credentials', async () => {
    const issued = await register('MediFund wrong secret');
    const wrong = `${issued.clientSecret.slice(0, -1)}${issued.clientSecret.endsWith('A') ? 'B' : 'A'}`;
    expectOAuthError(
      await token('grant_type=client_credentials', {
        authorization: basic(issued.clientId, wrong),
      }),
      401,
      'invalid_client',
    );
    expectOAuthError(
      await token('grant_type=client_credentials', {
        authorization: basic('medifund-nobody', issued.clientSecret),
      }),
      401,
      'invalid_client',
    );
    expectOAuthError(await token('grant_type=client_credentials'), 401, 'invalid_client');
    expectOAuthError(
      await token('grant_type=client_credentials', { authorization: 'Basic !!!' }),
      401,
      'invalid_client',
    );
  });

  it('answers 400 to malformed requests: invalid_request, unsupported_grant_type', async () => {
    const issued = await register('MediFund malformed');
    const auth = { authorization: basic(issued.clientId, issued.clientSecret) };
    expectOAuthError(await token('', auth), 400, 'invalid_request');
    expectOAuthError(await token('scope=x', auth), 400, 'invalid_request');
    expectOAuthError(
      await token('grant_type=client_credentials&grant_type=client_credentials', auth),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await t.app.inject({
        method: 'POST',
        url: oauth.token,
        headers: { 'content-type': 'application/json', ...auth },
        payload: { grant_type: 'client_credentials' },
      }),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await t.app.inject({ method: 'POST', url: oauth.token, headers: auth }),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await token(`grant_type=client_credentials&client_id=${issued.clientId}`, auth),
      400,
      'invalid_request',
    );
    expectOAuthError(await token('grant_type=password', auth), 400, 'unsupported_grant_type');
    expectOAuthError(
      await token('grant_type=client_credentials&scope=a%20%20b', auth),
      400,
      'invalid_scope',
    );
  });

  it('answers every refusal in RFC 6749 §5.2’s shape, never a framework code or a 5xx (issue 30)', async () => {
    const issued = await register('MediFund hostile input');
    const auth = { authorization: basic(issued.clientId, issued.clientSecret) };
    const formOf = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const cases: Array<{
      name: string;
      headers: Record<string, string>;
      payload?: string;
      field?: string;
    }> = [
      {
        name: 'a NUL in client_id',
        headers: { 'content-type': form },
        payload: formOf({
          grant_type: 'client_credentials',
          client_id: 'medifund\u0000x',
          client_secret: 'secret',
        }),
        field: 'client_id',
      },
      {
        name: 'a control character in client_secret',
        headers: { 'content-type': form },
        payload: formOf({
          grant_type: 'client_credentials',
          client_id: issued.clientId,
          client_secret: 'bell\u0007',
        }),
        field: 'client_secret',
      },
      {
        name: 'a NUL in grant_type',
        headers: { 'content-type': form, ...auth },
        payload: 'grant_type=client_credentials%00',
        field: 'grant_type',
      },
      {
        name: 'a NUL in the client id of HTTP Basic',
        headers: { 'content-type': form, authorization: basic('medifund\u0000', 'secret') },
        payload: 'grant_type=client_credentials',
      },
      {
        name: 'malformed JSON',
        headers: { 'content-type': 'application/json', ...auth },
        payload: '{"grant_type":',
      },
      {
        name: 'an empty JSON body',
        headers: { 'content-type': 'application/json', ...auth },
        payload: '',
      },
      {
        name: 'a __proto__ key',
        headers: { 'content-type': 'application/json', ...auth },
        payload: '{"grant_type":"client_credentials","__proto__":{"polluted":true}}',
      },
      {
        name: 'a form that says it is UTF-16',
        headers: { 'content-type': `${form}; charset=utf-16`, ...auth },
        payload: 'grant_type=client_credentials',
      },
      {
        name: 'a form in UTF-16',
        headers: { 'content-type': `${form}; charset=utf-16le` },
        payload: Buffer.from(
          `grant_type=client_credentials&client_id=${issued.clientId}&client_secret=x`,
          'utf16le',
        ).toString('latin1'),
      },
      {
        name: 'JSON in UTF-16',
        headers: { 'content-type': 'application/json; charset=utf-16', ...auth },
        payload: Buffer.from('{"grant_type":"client_credentials"}', 'utf16le').toString('latin1'),
      },
      {
        name: 'a body of another media type',
        headers: { 'content-type': 'text/plain', ...auth },
        payload: 'grant_type=client_credentials',
      },
      {
        name: 'a form over the endpoint’s body limit',
        headers: { 'content-type': form, ...auth },
        payload: `grant_type=client_credentials&scope=${'a'.repeat(9_000)}`,
      },
      {
        name: 'a Content-Length that does not match the body',
        headers: { 'content-type': form, 'content-length': '5', ...auth },
        payload: 'grant_type=client_credentials',
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: oauth.token,
        headers: c.headers,
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
      expect(res.statusCode, c.name).toBe(400);
      expect(String(res.headers['content-type']), c.name).toMatch(/^application\/json/);
      expect(res.headers['cache-control'], c.name).toBe('no-store');
      const body = res.json() as Record<string, unknown>;
      expect(Object.keys(body).sort(), c.name).toEqual(['error', 'error_description']);
      expect(body.error, c.name).toBe('invalid_request');
      expect(body.error_description, c.name).toEqual(expect.any(String));
      expect(res.body, c.name).not.toMatch(/FST_|ERR_/);
      if (c.field) expect(body.error_description, c.name).toContain(c.field);
    }
    // The endpoint still works afterwards: nothing was polluted.
    expect((await token('grant_type=client_credentials', auth)).statusCode).toBe(200);
  });

  it('rotating: the old secret and its tokens stop working, the new ones work; audited', async () => {
    const issued = await register('MediFund rotating');
    const before = await accessToken(issued.clientId, issued.clientSecret);
    const res = await t.app.inject({
      method: 'POST',
      url: clientSystemApiPath('rotate', issued.clientSystem.id),
      headers: await as(PRIYA),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const rotated = IssuedClientSecret.parse(res.json());
    expect(rotated.clientId).toBe(issued.clientId);
    expect(rotated.clientSecret).not.toBe(issued.clientSecret);
    expect(rotated.clientSystem.secretHint).toBe(rotated.clientSecret.slice(-4));

    expectOAuthError(
      await token('grant_type=client_credentials', {
        authorization: basic(issued.clientId, issued.clientSecret),
      }),
      401,
      'invalid_client',
    );
    await refused(`Bearer ${before}`);
    const after = await accessToken(issued.clientId, rotated.clientSecret);
    expect((await verifyPartnerToken(t, `Bearer ${after}`)).clientSystemId).toBe(
      issued.clientSystem.id,
    );
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, issued.clientSystem.id));
    expect(audit.map((a) => a.action)).toContain('client-system.secret-rotated');
    expect(JSON.stringify(audit)).not.toContain(rotated.clientSecret);
  });

  it('revoking: the token endpoint answers invalid_client and earlier tokens are refused; no second revoke', async () => {
    const issued = await register('MediFund revoked');
    const before = await accessToken(issued.clientId, issued.clientSecret);
    const headers = await as(PRIYA);
    const res = await t.app.inject({
      method: 'POST',
      url: clientSystemApiPath('revoke', issued.clientSystem.id),
      headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().revokedAt).toEqual(expect.any(String));

    expectOAuthError(
      await token('grant_type=client_credentials', {
        authorization: basic(issued.clientId, issued.clientSecret),
      }),
      401,
      'invalid_client',
    );
    await refused(`Bearer ${before}`);
    for (const path of ['revoke', 'rotate'] as const)
      expectProblem(
        await t.app.inject({
          method: 'POST',
          url: clientSystemApiPath(path, issued.clientSystem.id),
          headers,
        }),
        409,
      );
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, issued.clientSystem.id));
    expect(audit.map((a) => a.action)).toContain('client-system.revoked');
  });

  it('refuses a missing, malformed, tampered, foreign-key-signed or expired token', async () => {
    const issued = await register('MediFund tampering');
    const good = await accessToken(issued.clientId, issued.clientSecret);
    expect((await refused(undefined)).challenge).toBe('Bearer realm="partner-api"');
    expect((await refused('Bearer not a token')).challenge).toContain('invalid_token');
    await refused(`Basic ${good}`);
    const [head, , signature] = good.split('.');
    const claims = { ...decodeJwt(good), partner: 'nhsd' };
    const forged = Buffer.from(JSON.stringify(claims)).toString('base64url');
    await refused(`Bearer ${head}.${forged}.${signature}`);

    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const sign = (exp: number) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
        .setExpirationTime(exp)
        .sign(privateKey);
    await refused(`Bearer ${await sign(Math.floor(Date.now() / 1000) + 600)}`);
    const expired = await refused(`Bearer ${await sign(Math.floor(Date.now() / 1000) - 600)}`);
    expect(expired.detail).toMatch(/not valid|expired/);
  });
});

describe('the token endpoint’s rate limit', () => {
  it('counts token requests per client address: past the limit, 429 as problem+json', async () => {
    const limited = await createTestApp({ RATE_LIMIT_TOKEN: '2/1m' });
    try {
      const call = () =>
        limited.app.inject({
          method: 'POST',
          url: oauth.token,
          headers: { 'content-type': form, authorization: basic('unknown-client', 'x') },
          payload: 'grant_type=client_credentials',
        });
      expect((await call()).statusCode).toBe(401);
      expect((await call()).statusCode).toBe(401);
      expectProblem(await call(), 429, { type: 'rate-limited' });
    } finally {
      await limited.close();
    }
  });
});

describe('the development partner sandbox’s client system', () => {
  it('is registered on first start and given each run’s new secret; the old one stops working', async () => {
    const first = 'a'.repeat(43);
    const second = 'b'.repeat(43);
    const sandbox = { partnerCode: 'medifund', clientId: 'medifund-sandbox-test' };
    await provisionSandboxClient(t.db, { ...sandbox, secret: first });
    expect(
      (
        await token('grant_type=client_credentials', {
          authorization: basic(sandbox.clientId, first),
        })
      ).statusCode,
    ).toBe(200);
    await provisionSandboxClient(t.db, { ...sandbox, secret: second });
    expectOAuthError(
      await token('grant_type=client_credentials', {
        authorization: basic(sandbox.clientId, first),
      }),
      401,
      'invalid_client',
    );
    expect(
      (
        await token('grant_type=client_credentials', {
          authorization: basic(sandbox.clientId, second),
        })
      ).statusCode,
    ).toBe(200);
    const rows = await t.db
      .select()
      .from(clientSystems)
      .where(eq(clientSystems.clientId, sandbox.clientId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secretHash).not.toContain(second);
    expect(rows[0]!.partnerServiceId).toBe(medifund);
  });

  it('is refused in production and needs a long secret', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        OIDC_CLIENT_SECRET: 'x'.repeat(40),
        OIDC_ISSUER: 'https://login.example',
        PARTNER_SANDBOX_CLIENT: `medifund:id:${'s'.repeat(40)}`,
      }),
    ).toThrow(/development only/);
    expect(() => parseSandboxClient('medifund:id:short')).toThrow(/at least 32/);
    expect(parseSandboxClient(undefined)).toBeUndefined();
  });
});
