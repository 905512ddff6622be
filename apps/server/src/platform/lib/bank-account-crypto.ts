import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// Bank accounts at rest (docs/decisions/058-bank-account.md): AES-256-GCM from node:crypto under a key of
// configuration, named by an id stored with each ciphertext so keys can rotate (`npm run
// bank-accounts:reencrypt`). Every write takes a fresh random 96-bit IV; the associated data binds the
// ciphertext to its practitioner and key id, so a row copied onto another practitioner, or relabelled with
// another key, fails the tag check instead of decrypting.

/** The keys by id, and the id new ciphertexts are written under. */
export interface BankAccountKeyRing {
  currentKeyId: string;
  keys: ReadonlyMap<string, Buffer>;
}

/** The stored form of one encrypted account (base64 text columns). */
export type SealedBankAccount = SealedValue;

/** The account in clear, only ever in memory. */
export interface BankAccountPlain {
  accountName: string;
  bsb: string;
  accountNumber: string;
}

/** A ciphertext that does not open: an unknown key id, or a tag that does not match (tampered or swapped). */
export class BankAccountUnreadableError extends Error {}

const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Reads BANK_ACCOUNT_KEYS (`<id>:<base64 of 32 bytes>`, comma-separated) and BANK_ACCOUNT_KEY_ID (the key new
 * writes use; the last one listed when unset). Throws with a message naming what is wrong. Other keyrings of
 * the same shape (SMART_TOKEN_KEYS, docs/decisions/069-smart-app-launch.md) pass their own variable names.
 */
export function parseBankAccountKeys(
  keys: string,
  currentKeyId?: string,
  names: { keys: string; keyId: string } = {
    keys: 'BANK_ACCOUNT_KEYS',
    keyId: 'BANK_ACCOUNT_KEY_ID',
  },
): BankAccountKeyRing {
  const map = new Map<string, Buffer>();
  for (const entry of keys
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.indexOf(':');
    const id = entry.slice(0, at);
    if (at < 1 || !KEY_ID.test(id))
      throw new Error(
        `${names.keys} must be <key id>:<base64 key>[,…] with ids of letters, digits, . _ -`,
      );
    const key = Buffer.from(entry.slice(at + 1), 'base64');
    if (key.length !== 32)
      throw new Error(`${names.keys}: key "${id}" must be 32 bytes (base64 of 32 random bytes)`);
    if (map.has(id)) throw new Error(`${names.keys}: key id "${id}" is listed twice`);
    map.set(id, key);
  }
  if (map.size === 0) throw new Error(`${names.keys} holds no key`);
  const current = currentKeyId ?? [...map.keys()].at(-1)!;
  if (!map.has(current)) throw new Error(`${names.keyId} "${current}" is not one of ${names.keys}`);
  return { currentKeyId: current, keys: map };
}

/**
 * Outside production without BANK_ACCOUNT_KEYS: one key derived from the data directory, so a development
 * database and its PGlite files keep opening. It is not a secret (anyone who knows the path can derive it);
 * production refuses to start without its own keys.
 */
export function developmentBankAccountKeys(dataDir: string): BankAccountKeyRing {
  const key = createHash('sha256')
    .update(`provider-connect development bank-account key\0${dataDir}`)
    .digest();
  return { currentKeyId: 'development', keys: new Map([['development', key]]) };
}

const associatedData = (practitionerId: string, keyId: string) =>
  Buffer.from(`bank-account:v1:${practitionerId}:${keyId}`, 'utf8');

/** A stored AES-256-GCM ciphertext: the key id, IV, ciphertext and tag as base64 text columns. */
export interface SealedValue {
  keyId: string;
  iv: string;
  ciphertext: string;
  authTag: string;
}

/**
 * Encrypts `value` as JSON under the ring's current key with a fresh 96-bit IV; `aad(keyId)` is the associated
 * data that binds it to its row (bank accounts here, SMART tokens in smart-token-crypto.ts).
 */
export function sealJson(
  ring: BankAccountKeyRing,
  aad: (keyId: string) => Buffer,
  value: unknown,
): SealedValue {
  const keyId = ring.currentKeyId;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.keys.get(keyId)!, iv, { authTagLength: 16 });
  cipher.setAAD(aad(keyId));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    keyId,
    iv: iv.toString('base64'),
    ciphertext: ciphertext.toString('base64'),
    authTag: cipher.getAuthTag().toString('base64'),
  };
}

/** Decrypts what `sealJson` wrote; `unreadable(reason)` is thrown when it does not open. */
export function openJson(
  ring: BankAccountKeyRing,
  aad: (keyId: string) => Buffer,
  sealed: SealedValue,
  unreadable: (reason: string, cause?: unknown) => Error,
): unknown {
  const key = ring.keys.get(sealed.keyId);
  if (!key) throw unreadable(`no key "${sealed.keyId}" is configured`);
  const iv = Buffer.from(sealed.iv, 'base64');
  const tag = Buffer.from(sealed.authTag, 'base64');
  if (iv.length !== 12 || tag.length !== 16) throw unreadable('the IV or tag has the wrong length');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: 16 });
    decipher.setAAD(aad(sealed.keyId));
    decipher.setAuthTag(tag);
    const text = Buffer.concat([
      decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
      decipher.final(),
    ]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw unreadable('the authentication tag does not match', error);
  }
}

/** Encrypts `plain` for `practitionerId` under the ring's current key, with a fresh IV. */
export function sealBankAccount(
  ring: BankAccountKeyRing,
  practitionerId: string,
  plain: BankAccountPlain,
): SealedBankAccount {
  return sealJson(ring, (keyId) => associatedData(practitionerId, keyId), {
    accountName: plain.accountName,
    bsb: plain.bsb,
    accountNumber: plain.accountNumber,
  });
}

/** Decrypts a stored account of `practitionerId`; BankAccountUnreadableError when it does not open. */
export function openBankAccount(
  ring: BankAccountKeyRing,
  practitionerId: string,
  sealed: SealedBankAccount,
): BankAccountPlain {
  const value = openJson(
    ring,
    (keyId) => associatedData(practitionerId, keyId),
    sealed,
    (reason, cause) => new BankAccountUnreadableError(reason, { cause }),
  ) as BankAccountPlain;
  return { accountName: value.accountName, bsb: value.bsb, accountNumber: value.accountNumber };
}
