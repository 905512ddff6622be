import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random secret (256 bits by default). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Session tokens are stored only as this hash, so a database leak does not leak live sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** PKCE S256 challenge of a verifier. */
export const pkceChallenge = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');
