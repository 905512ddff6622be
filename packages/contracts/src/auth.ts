import { z } from 'zod';
import { singleLineText } from './text.ts';

/** The SPA posts the authorisation response it received on /authorization-code/callback. */
export const TokenExchangeRequest = z.object({
  code: singleLineText({ min: 1, max: 2048 }),
  state: singleLineText({ min: 1, max: 512 }),
  /** The issuer the provider named in its response (RFC 9207), checked against the configured one. */
  iss: singleLineText({ max: 512 }).pipe(z.string().url()).optional(),
});
export type TokenExchangeRequest = z.infer<typeof TokenExchangeRequest>;

/** An opaque session token; send it as `Authorization: Bearer <token>`. */
export const SessionToken = z.object({
  token: z.string(),
  idleExpiresAt: z.string().datetime(),
  absoluteExpiresAt: z.string().datetime(),
});
export type SessionToken = z.infer<typeof SessionToken>;

/** Where the browser goes to end the identity provider's session too. */
export const LogoutResponse = z.object({ endSessionUrl: z.string().url().nullable() });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** Problem type returned when an inactive user signs in (docs/product/features.md#inactive-user). */
export const INACTIVE_USER_PROBLEM = 'inactive-user';
