import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** What loadConfig throws for this environment (start-server.ts prints it after `Cannot start: `). */
function refusal(env: NodeJS.ProcessEnv) {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('loadConfig did not refuse');
}

const ecKey = () => generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;

/** Everything production needs (docs/production.md). */
const production = {
  NODE_ENV: 'production',
  OIDC_ISSUER: 'https://login.example.gov.au',
  OIDC_CLIENT_SECRET: 'x'.repeat(40),
  BANK_ACCOUNT_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64')}`,
  SMART_CLIENT_KEY: JSON.stringify(ecKey().export({ format: 'jwk' })),
  PUBLIC_URL: 'https://providerconnect.example.gov.au',
  DATABASE_URL: 'postgres://pca@db.example.gov.au:5432/pca',
  PARTNER_TOKEN_PRIVATE_KEY: ecKey().export({ type: 'pkcs8', format: 'pem' }).toString(),
};

describe('production settings', () => {
  it('starts with everything docs/production.md says to set', () => {
    const config = loadConfig(production);
    expect(config.publicUrl).toBe('https://providerconnect.example.gov.au');
    expect(config.oidc.redirectUri).toBe(
      'https://providerconnect.example.gov.au/authorization-code/callback',
    );
    expect(config.partnerTokens.issuer).toBe('https://providerconnect.example.gov.au');
    expect(config.databaseUrl).toBe(production.DATABASE_URL);
    expect(config.partnerTokens.privateKey).toBe(production.PARTNER_TOKEN_PRIVATE_KEY);
  });

  it.each([
    // Else the sign-in callback, mail links and token issuer would name http://localhost:3000, and HSTS be off.
    ['PUBLIC_URL', /^PUBLIC_URL must be set in production: /],
    // Else each process would keep its own embedded PGlite: the data split behind the proxy.
    ['DATABASE_URL', /^DATABASE_URL must be set in production: /],
    // Else each process would sign partner tokens with its own key, which no other process accepts.
    ['PARTNER_TOKEN_PRIVATE_KEY', /^PARTNER_TOKEN_PRIVATE_KEY must be set in production: /],
  ])('refuses to start without %s, in one line naming it', (name, said) => {
    const message = refusal({ ...production, [name]: undefined });
    expect(message).toMatch(said);
    expect(message).not.toContain('\n');
    // Outside production it stays optional, with a development default.
    expect(() =>
      loadConfig({ ...production, NODE_ENV: 'development', [name]: undefined }),
    ).not.toThrow();
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) =>
    loadConfig({ NODE_ENV: 'test', TRUST_PROXY: value }).trustProxy;

  it('takes what Fastify’s trustProxy takes: a hop count, true or false, or addresses and CIDR blocks', () => {
    expect(trustProxy('true')).toBe(true);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    const twoHops = trustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(trustProxy('10.0.0.0/8, 192.0.2.7,fd00::/8,loopback')).toEqual([
      '10.0.0.0/8',
      '192.0.2.7',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['yes', '10.0.0.0/33', '10.0.0.1,proxy.example', '1.5', ''])(
    'refuses %j in one line naming the variable (not a stack from Fastify at start)',
    (value) => {
      const message = refusal({ NODE_ENV: 'test', TRUST_PROXY: value });
      expect(message).toMatch(/^TRUST_PROXY: expected a hop count, true, false, or addresses/);
      expect(message).not.toContain('\n');
    },
  );
});
