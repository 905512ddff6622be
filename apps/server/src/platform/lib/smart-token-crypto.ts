import { createHash } from 'node:crypto';
import {
  openJson,
  sealJson,
  type BankAccountKeyRing,
  type SealedValue,
} from './bank-account-crypto.ts';

// SMART tokens at rest (docs/decisions/069-smart-app-launch.md): the same AES-256-GCM approach as bank
// accounts (docs/decisions/058-bank-account.md) under its own keyring, SMART_TOKEN_KEYS. A fresh 96-bit IV
// per write; the connection, the user and the key id are the associated data, so a row copied onto another
// user or connection fails the tag check instead of handing one person's tokens to another.

/** The keys by id, and the id new ciphertexts are written under. */
export type SmartTokenKeyRing = BankAccountKeyRing;

/** The stored form of one user's tokens (base64 text columns). */
export type SealedSmartTokens = SealedValue;

/** The tokens in clear, only ever in memory on the server. */
export interface SmartTokensPlain {
  accessToken: string;
  refreshToken: string | null;
}

/** A ciphertext that does not open: treated as no live token (connect again). */
export class SmartTokensUnreadableError extends Error {}

/** Outside production without SMART_TOKEN_KEYS: one key derived from the data directory (not a secret). */
export function developmentSmartTokenKeys(dataDir: string): SmartTokenKeyRing {
  const key = createHash('sha256')
    .update(`provider-connect development smart-token key\0${dataDir}`)
    .digest();
  return { currentKeyId: 'development', keys: new Map([['development', key]]) };
}

const associatedData = (smartClientId: string, userId: string, keyId: string) =>
  Buffer.from(`smart-tokens:v1:${smartClientId}:${userId}:${keyId}`, 'utf8');

/** Encrypts the tokens of `userId` on `smartClientId` under the ring's current key. */
export function sealSmartTokens(
  ring: SmartTokenKeyRing,
  smartClientId: string,
  userId: string,
  plain: SmartTokensPlain,
): SealedSmartTokens {
  return sealJson(ring, (keyId) => associatedData(smartClientId, userId, keyId), {
    accessToken: plain.accessToken,
    refreshToken: plain.refreshToken,
  });
}

/** Decrypts stored tokens; SmartTokensUnreadableError when they do not open. */
export function openSmartTokens(
  ring: SmartTokenKeyRing,
  smartClientId: string,
  userId: string,
  sealed: SealedSmartTokens,
): SmartTokensPlain {
  const value = openJson(
    ring,
    (keyId) => associatedData(smartClientId, userId, keyId),
    sealed,
    (reason, cause) => new SmartTokensUnreadableError(reason, { cause }),
  ) as SmartTokensPlain;
  return { accessToken: value.accessToken, refreshToken: value.refreshToken ?? null };
}
