// Paths, constants and messages of client systems live apart from the schemas so a page can import them without
// loading zod (docs/decisions/030-publishing-to-partners.md, "Client systems and tokens").
import { idPathFiller } from './paths.ts';

/** API paths of the operators' client systems: every one answers 403 to anyone but a PcaOperator. */
export const clientSystemsApiPaths = {
  /** GET: every client system (never a secret, only its hint) and the partner services one may be registered for. */
  list: '/api/client-systems',
  /** POST { partnerServiceId, name }: registers a client system; answers its client id and secret, once. */
  register: '/api/client-systems',
  /** POST: issues a new secret (the old one stops working at once); answers it, once. */
  rotate: '/api/client-systems/:id/rotate-secret',
  /** POST: revokes the client system: its secret and every token issued to it stop working. */
  revoke: '/api/client-systems/:id/revoke',
} as const;

/** The OAuth 2.0 endpoints partners call (RFC 6749 client credentials; RFC 7517 key set). */
export const partnerOAuthPaths = {
  /** POST application/x-www-form-urlencoded grant_type=client_credentials: an access token. */
  token: '/oauth/token',
  /** GET: the public keys that verify the partner API's access tokens. */
  jwks: '/oauth/jwks',
} as const;

/** A client systems path with its :id filled in. */
export const clientSystemApiPath = idPathFiller(clientSystemsApiPaths);

/** Business constants of client systems and their tokens. */
export const clientSystemConstants = {
  /** Random bytes of a secret (base64url: 43 characters). */
  secretBytes: 32,
  /** Characters of the secret kept in the clear so an operator can tell which secret a partner holds. */
  secretHintLength: 4,
  /** Lifetime of an access token, in seconds (at most an hour). */
  tokenLifetimeSeconds: 3600,
  /** The audience of the partner API's access tokens. */
  audience: 'fhir',
  nameMaxLength: 200,
} as const;

/** Every message of the client systems page. */
export const clientSystemMessages = {
  title: 'Client systems',
  intro:
    'A client system lets a partner service read what is published to it through the partner API. Each has a client ID and a secret (OAuth 2.0 client credentials).',
  empty: 'There are no client systems yet.',
  secretOnce: 'You will not see this secret again',
  secretOnceDetail:
    'Copy the secret now and give it to the partner securely. Only its last four characters are kept.',
  rotateTitle: (name: string) => `Rotate the secret of ${name}`,
  /** The Rotate secret button's accessible name: it starts with the visible text (WCAG 2.5.3 Label in Name). */
  rotateLabel: (name: string) => `Rotate secret for ${name}`,
  revokeLabel: (name: string) => `Revoke ${name}`,
  rotateWarning:
    'The current secret and every access token issued with it stop working at once. The partner must use the new secret.',
  revokeTitle: (name: string) => `Revoke ${name}`,
  revokeWarning:
    'The client system’s secret and every access token issued to it stop working at once. This cannot be undone.',
  revoked: 'Revoked',
  revokedTitle: (name: string) => `${name} is revoked`,
  revokedDetail: 'Its secret and every access token issued to it no longer work.',
  active: 'Active',
} as const;
