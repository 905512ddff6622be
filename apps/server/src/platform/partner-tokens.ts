import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import {
  calculateJwkThumbprint,
  errors as joseErrors,
  exportJWK,
  jwtVerify,
  SignJWT,
  type JWK,
} from 'jose';
import { clientSystemConstants } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import type { ServerConfig } from '#lib/config.ts';
import { HttpError } from '#platform/errors.ts';
import { clientCheck } from './partner-tokens-repository.ts';

// Access tokens of the partner API (docs/decisions/030-publishing-to-partners.md, "Client systems and tokens"):
// JWTs signed and verified with jose, with a key pair from PARTNER_TOKEN_PRIVATE_KEY or, when unset, one made
// at start and kept in memory.

type Algorithm = 'ES256' | 'EdDSA';

interface SigningKeys {
  alg: Algorithm;
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: JWK;
}

/** Who a verified partner token speaks for. */
export interface PartnerCaller {
  clientSystemId: string;
  partnerServiceId: string;
  partnerCode: string;
  /** The identifier systems the partner uses (docs/decisions/064-partner-services.md); none when absent. */
  identifierSystems?: string[];
}

/** The client a token is issued to (what the token endpoint read when it checked the secret). */
export interface TokenClient {
  id: string;
  clientId: string;
  partnerCode: string;
  secretIssuedAt: Date;
}

/** 401 for a missing, malformed, expired, revoked or rotated-away partner token (RFC 6750 §3). */
export class PartnerTokenError extends HttpError {
  /** The WWW-Authenticate challenge to answer with. */
  readonly challenge: string;
  constructor(detail: string, missing = false) {
    super(401, 'Unauthorized', detail, 'invalid-token');
    this.challenge = missing
      ? 'Bearer realm="partner-api"'
      : 'Bearer realm="partner-api", error="invalid_token"';
  }
}

function algorithmOf(key: KeyObject): Algorithm {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1')
    return 'ES256';
  throw new Error(
    'PARTNER_TOKEN_PRIVATE_KEY must be a P-256 (ES256) or Ed25519 (EdDSA) private key',
  );
}

/** The private key of PARTNER_TOKEN_PRIVATE_KEY: PKCS8 PEM, or a private JWK as JSON. */
function configuredKey(value: string): KeyObject {
  const trimmed = value.trim();
  return trimmed.startsWith('{')
    ? createPrivateKey({ key: JSON.parse(trimmed) as JsonWebKey, format: 'jwk' })
    : createPrivateKey({ key: trimmed, format: 'pem' });
}

async function loadKeys(config: ServerConfig): Promise<SigningKeys> {
  const privateKey = config.partnerTokens.privateKey
    ? configuredKey(config.partnerTokens.privateKey)
    : generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const alg = algorithmOf(privateKey);
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { alg, kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg, use: 'sig' } };
}

// One key pair per app (its configuration object), shared by the token endpoint and every verifier.
const keysOf = new WeakMap<ServerConfig, Promise<SigningKeys>>();
const keys = (config: ServerConfig) => {
  let found = keysOf.get(config);
  if (!found) keysOf.set(config, (found = loadKeys(config)));
  return found;
};

/** The JWT type of an online form's token: never taken for an access token (`at+jwt`), nor the reverse. */
export const ONLINE_FORM_TOKEN_TYPE = 'online-form+jwt';

/** How long the signed token on an online form's address is good for. */
export const ONLINE_FORM_TOKEN_TTL_SECONDS = 300;

/**
 * The token on the address of a partner's online form (docs/decisions/025-tasks.md, amended 26 November 2026):
 * signed with the partner API's key, so the partner checks it against /oauth/jwks, and addressed to that one
 * partner (`aud` its code) — no secret is shared, and no partner can make a token another partner accepts.
 * `task` is the id the partner knows the task by (its request's), `sub` the person who opened the form.
 */
export async function signOnlineFormToken(
  config: ServerConfig,
  claims: { partnerCode: string; task: string; userId: string },
) {
  const k = await keys(config);
  return new SignJWT({ task: claims.task })
    .setProtectedHeader({ alg: k.alg, kid: k.kid, typ: ONLINE_FORM_TOKEN_TYPE })
    .setIssuer(config.partnerTokens.issuer)
    .setAudience(claims.partnerCode)
    .setSubject(claims.userId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${ONLINE_FORM_TOKEN_TTL_SECONDS}s`)
    .sign(k.privateKey);
}

/** The claim naming the secret a token was issued with (its issue time, in ms): rotation changes it. */
const SECRET_CLAIM = 'secret_issued_at';

/** Issues, verifies and publishes the keys of the partner API's access tokens. */
export function partnerTokenService(deps: { db: Database; config: ServerConfig }) {
  const { issuer, audience } = deps.config.partnerTokens;
  // Prepared on the first check: the token endpoint and the key set never check a token.
  let check: ReturnType<typeof clientCheck> | undefined;
  return {
    /** The public key set (RFC 7517) the tokens verify against. */
    async jwks() {
      return { keys: [(await keys(deps.config)).publicJwk] };
    },

    /** A signed access token for a client whose secret was just checked. */
    async issue(client: TokenClient, scope?: string) {
      const k = await keys(deps.config);
      const lifetime = clientSystemConstants.tokenLifetimeSeconds;
      const accessToken = await new SignJWT({
        partner: client.partnerCode,
        client_system_id: client.id,
        [SECRET_CLAIM]: client.secretIssuedAt.getTime(),
        ...(scope ? { scope } : {}),
      })
        .setProtectedHeader({ alg: k.alg, kid: k.kid, typ: 'at+jwt' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(client.clientId)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${lifetime}s`)
        .sign(k.privateKey);
      return { accessToken, expiresIn: lifetime };
    },

    /**
     * The caller of an `Authorization: Bearer …` header, or a PartnerTokenError (401). Besides the signature,
     * issuer, audience and expiry, one read by primary key refuses a token whose client has since been revoked
     * or whose secret has since been rotated.
     */
    async verify(authorization: string | undefined): Promise<PartnerCaller> {
      const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(authorization?.trim() ?? '');
      if (!match) throw new PartnerTokenError('An access token is required.', !authorization);
      const k = await keys(deps.config);
      let payload;
      try {
        ({ payload } = await jwtVerify(match[1]!, k.publicKey, {
          issuer,
          audience,
          algorithms: [k.alg],
          typ: 'at+jwt',
          requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JOSEError)
          throw new PartnerTokenError(
            error instanceof joseErrors.JWTExpired
              ? 'The access token has expired.'
              : 'The access token is not valid.',
          );
        throw error;
      }
      const id = payload.client_system_id;
      if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id))
        throw new PartnerTokenError('The access token is not valid.');
      const [client] = await (check ??= clientCheck(deps.db)).execute({ id });
      if (
        !client ||
        client.revokedAt ||
        client.clientId !== payload.sub ||
        client.secretIssuedAt.getTime() !== payload[SECRET_CLAIM]
      )
        throw new PartnerTokenError('The access token is no longer valid.');
      return {
        clientSystemId: id,
        partnerServiceId: client.partnerServiceId,
        partnerCode: client.partnerCode,
        identifierSystems: client.identifierSystems,
      };
    },
  };
}

/**
 * The partner an `Authorization` header's access token speaks for; throws a PartnerTokenError (401, with its
 * WWW-Authenticate challenge) otherwise. A one-off check: the partner API's routes keep one
 * `partnerTokenService` for every request.
 */
export const verifyPartnerToken = (
  deps: { db: Database; config: ServerConfig },
  authorizationHeader: string | undefined,
) => partnerTokenService(deps).verify(authorizationHeader);
