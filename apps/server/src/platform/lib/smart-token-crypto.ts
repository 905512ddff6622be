import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { BankAccountKeyRing } from './bank-account-crypto.ts';

// SMART tokens at rest (docs/decisions/069-smart-app-launch.md): the same AES-256-GCM approach as bank
// accounts (docs/decisions/058-bank-account.md) under its own keyring, SMART_TOKEN_KEYS. A fresh 96-bit IV
// per write; the connection, the user and the key id are the associated data, so a row copied onto another
// user or connection fails the tag check instead of handing one person's tokens to another.

/** The keys by id, and the id new ciphertexts are written under. */
export type SmartTokenKeyRing = BankAccountKeyRing;

/** The stored form of one user's tokens (base64 text columns). */
export interface SealedSmartTokens {
  keyId: string;
  iv: string;
  ciphertext: string;
  authTag: string;
}

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
  const keyId = ring.currentKeyId;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.keys.get(keyId)!, iv, { authTagLength: 16 });
  cipher.setAAD(associatedData(smartClientId, userId, keyId));
  const body = JSON.stringify({ accessToken: plain.accessToken, refreshToken: plain.refreshToken });
  const ciphertext = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return {
    keyId,
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    authTag: cipher.getAuthTag().toString('base64'),
  };
}

/** Decrypts stored tokens; SmartTokensUnreadableError when they do not open. */
export function openSmartTokens(
  ring: SmartTokenKeyRing,
  smartClientId: string,
  userId: string,
  sealed: SealedSmartTokens,
): SmartTokensPlain {
  const key = ring.keys.get(sealed.keyId);
  if (!key) throw new SmartTokensUnreadableError(`no key "${sealed.keyId}" is configured`);
  const iv = Buffer.from(sealed.iv, 'base64');
  const tag = Buffer.from(sealed.authTag, 'base64');
  if (iv.length !== 12 || tag.length !== 16)
    throw new SmartTokensUnreadableError('the IV or tag has the wrong length');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAAD(associatedData(smartClientId, userId, sealed.keyId));
    decipher.setAuthTag(tag);
    const text = Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
    const value = JSON.parse(text) as SmartTokensPlain;
    return { accessToken: value.accessToken, refreshToken: value.refreshToken ?? null };
  } catch (error) {
    throw new SmartTokensUnreadableError('the authentication tag does not match', { cause: error });
  }
}
