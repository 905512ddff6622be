import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { ServerConfig } from '#lib/config.ts';

/** The portal's SMART client key: the private key that signs assertions, and its public JWK for the JWKS. */
export interface SmartClientKey {
  privateKey: CryptoKey;
  kid: string;
  publicJwk: JWK;
}

const ALG = 'ES256';

/** Reads a private JWK's text: a clear message when it is not one. */
function parsePrivateJwk(text: string, where: string): JWK {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new Error(`${where} is not a JSON Web Key`);
  }
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string')
    throw new Error(`${where} must be a private P-256 JWK (kty EC, crv P-256, with d) for ES256`);
  return jwk;
}

/** Outside production: the key made the first time and kept in DATA_DIR, so restarts keep it. */
async function developmentJwk(file: string): Promise<JWK> {
  if (existsSync(file)) return parsePrivateJwk(readFileSync(file, 'utf8'), file);
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  mkdirSync(path.dirname(file), { recursive: true });
  // Two processes starting at once may both write: each writes a whole valid key and the last one stays.
  writeFileSync(file, JSON.stringify(jwk), { mode: 0o600 });
  return jwk;
}

async function load(smart: ServerConfig['smart']): Promise<SmartClientKey> {
  const jwk = smart.clientKey
    ? parsePrivateJwk(smart.clientKey, 'SMART_CLIENT_KEY')
    : await developmentJwk(smart.clientKeyFile);
  const kid = jwk.kid ?? (await calculateJwkThumbprint(jwk));
  const privateKey = (await importJWK({ ...jwk, alg: ALG }, ALG)) as CryptoKey;
  const { d: _d, ...publicPart } = jwk;
  const publicJwk: JWK = {
    kty: publicPart.kty,
    crv: publicPart.crv,
    x: publicPart.x,
    y: publicPart.y,
    kid,
    alg: ALG,
    use: 'sig',
  };
  return { privateKey, kid, publicJwk };
}

const loaded = new Map<string, Promise<SmartClientKey>>();

/** The portal's SMART client key, read (or, in development, made) once per process and setting. */
export function smartClientKey(smart: ServerConfig['smart']): Promise<SmartClientKey> {
  const id = smart.clientKey ?? smart.clientKeyFile;
  let key = loaded.get(id);
  if (!key) {
    key = load(smart).catch((error: unknown) => {
      loaded.delete(id);
      throw error;
    });
    loaded.set(id, key);
  }
  return key;
}
