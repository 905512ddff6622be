import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { clientSystemConstants } from '@pca/contracts';

// Client secrets are 32 random bytes; only a scrypt hash with its own salt is stored, written
// `scrypt$N$r$p$salt$hash` so the parameters can be raised later without breaking stored hashes
// (docs/decisions/030-publishing-to-partners.md, "Client systems and tokens").

const PARAMS = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(secret: string, salt: Buffer, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new client secret: base64url of 32 random bytes (43 characters). */
export const generateSecret = () =>
  randomBytes(clientSystemConstants.secretBytes).toString('base64url');

/** A new client id: the partner's code and 12 random bytes, so a log line says whose client it is. */
export const generateClientId = (partnerCode: string) =>
  `${partnerCode}-${randomBytes(12).toString('base64url')}`;

/** The secret's last characters, shown to operators. */
export const secretHint = (secret: string) => secret.slice(-clientSystemConstants.secretHintLength);

/** `scrypt$N$r$p$salt$hash` of a secret, with a new random salt. */
export async function hashSecret(secret: string) {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(secret, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Whether `secret` matches a stored hash; a malformed hash matches nothing. Constant-time comparison. */
export async function verifySecret(secret: string, stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(secret, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no secret matches, checked for unknown client ids so they take as long as known ones. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashSecret(generateSecret()));
