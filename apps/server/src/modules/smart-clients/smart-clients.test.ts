import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SmartClientsList, smartClientMessages, type NewSmartClient } from '@pca/contracts';
import { smartClients, smartClientTokens } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { sessionContextLookup } from '#platform/auth/session-context.ts';
import { hashToken } from '#lib/tokens.ts';
import { freePort } from '@pca/identity-provider/free-port';
import { ALICE, GEORGE, useTestApp } from '../../test/use-test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { smartClientsService } from './service.ts';
import { checkCisUrl, isPrivateAddress } from './cis-http.ts';

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
