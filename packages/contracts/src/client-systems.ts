// Client systems (docs/decisions/030-publishing-to-partners.md): a partner service's OAuth 2.0 client for the
// partner API. Operators register, rotate and revoke them; a secret is answered once and never again.
import { z } from 'zod';
import { clientSystemConstants } from './client-systems-paths.ts';
import { singleLineText } from './text.ts';
import { Uuid, uuid } from './ids.ts';

export * from './client-systems-paths.ts';

/** One client system as listed: never its secret or its hash, only the secret's last four characters. */
export const ClientSystem = z.object({
  id: Uuid,
  name: z.string(),
  partnerServiceId: Uuid,
  partnerServiceName: z.string(),
  clientId: z.string(),
  secretHint: z.string(),
  secretIssuedAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientSystem = z.infer<typeof ClientSystem>;

/** A partner service a client system may be registered for. */
export const ClientSystemPartner = z.object({
  id: Uuid,
  code: z.string(),
  name: z.string(),
});
export type ClientSystemPartner = z.infer<typeof ClientSystemPartner>;

/** The client systems, newest first, and the partner services to register one for. */
export const ClientSystemList = z.object({
  clientSystems: z.array(ClientSystem),
  partnerServices: z.array(ClientSystemPartner),
});
export type ClientSystemList = z.infer<typeof ClientSystemList>;

export const RegisterClientSystem = z.object({
  partnerServiceId: uuid('Select a partner service'),
  name: singleLineText({
    min: 1,
    max: clientSystemConstants.nameMaxLength,
    required: 'Enter the client system’s name',
  }),
});
export type RegisterClientSystem = z.infer<typeof RegisterClientSystem>;

/**
 * A client system with its secret, answered once when it is registered or its secret rotated: the portal
 * keeps only a hash and the hint, so this answer is the only place the secret ever appears.
 */
export const IssuedClientSecret = z.object({
  clientSystem: ClientSystem,
  clientId: z.string(),
  clientSecret: z.string(),
});
export type IssuedClientSecret = z.infer<typeof IssuedClientSecret>;

/** A parameter of the token request: the text rule's characters, compared exactly (never trimmed). */
const oauthParameter = (min: number, max: number) => singleLineText({ min, max, trim: false });

/**
 * The token request's parameters (RFC 6749 §4.4.2; client authentication §2.3.1 in the body or HTTP Basic).
 * A control character in any of them is invalid_request (docs/decisions/054-canonical-ids-and-oauth-errors.md).
 */
export const PartnerTokenRequest = z.object({
  grant_type: oauthParameter(1, 100),
  scope: oauthParameter(0, 1000).optional(),
  client_id: oauthParameter(1, 200).optional(),
  client_secret: oauthParameter(1, 200).optional(),
});
export type PartnerTokenRequest = z.infer<typeof PartnerTokenRequest>;

/** RFC 6749 §5.1. */
export const PartnerTokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().positive(),
  scope: z.string().optional(),
});
export type PartnerTokenResponse = z.infer<typeof PartnerTokenResponse>;

/** RFC 6749 §5.2. */
export const OAuthError = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_grant_type',
    'invalid_scope',
  ]),
  error_description: z.string().optional(),
});
export type OAuthError = z.infer<typeof OAuthError>;

/** RFC 7517 §5: the public keys that verify access tokens. */
export const PartnerJwks = z.object({
  keys: z.array(z.record(z.string(), z.unknown())),
});
export type PartnerJwks = z.infer<typeof PartnerJwks>;
