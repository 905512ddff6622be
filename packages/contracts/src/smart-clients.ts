import { z } from 'zod';
import { Uuid } from './ids.ts';
import { singleLineText } from './text.ts';
import { idPathFiller } from './paths.ts';

/**
 * The portal as a SMART app (docs/product/smart-clients.md, docs/decisions/069-smart-app-launch.md): an
 * organisation's connections to its clinical information systems (CIS), the standalone and EHR launch,
 * and the code exchange, which happens on the server (tokens never reach the browser).
 */

/** API paths of SMART connections: every one is for the connection's organisation's managers (404 otherwise). */
export const smartClientsApiPaths = {
  /** GET ?organisationId=: the organisation's connections, each with the caller's live sign-in. POST: add one. */
  list: '/api/smart-clients',
  /** GET / PUT / DELETE one connection. */
  connection: '/api/smart-clients/:id',
  /** POST: start a standalone launch; answers the CIS's authorisation URL to send the browser to. */
  launch: '/api/smart-clients/:id/launch',
  /** POST { organisationId, iss, launch }: an EHR launch opened by the CIS; answers the authorisation URL. */
  appLaunch: '/api/smart-clients/app-launch',
  /** POST { organisationId, code, state }: exchange the code the CIS returned (on the server). */
  token: '/api/smart-clients/token',
  /** GET, unauthenticated: the portal's public key for private_key_jwt client authentication (RFC 7517). */
  jwks: '/api/smart-clients/jwks.json',
} as const;

/** A connection path with its :id filled in. */
export const smartClientApiPath = idPathFiller(smartClientsApiPaths);

/** The scopes the portal may ask for (docs/decisions/069-smart-app-launch.md). */
export const smartScopes = [
  'openid',
  'fhirUser',
  'launch',
  'offline_access',
  'user/Practitioner.read',
  'user/PractitionerRole.read',
  'user/Location.read',
  'user/HealthcareService.read',
] as const;
export const SmartScope = z.enum(smartScopes, { message: 'Choose scopes from the list' });
export type SmartScope = z.infer<typeof SmartScope>;

/** The scopes as a practice manager reads them. */
export const smartScopeLabels: Record<SmartScope, string> = {
  openid: 'Sign in with the clinical system (openid)',
  fhirUser: 'Know who signed in (fhirUser)',
  launch: 'Open from inside the clinical system (launch)',
  offline_access: 'Stay connected between sign-ins (offline_access)',
  'user/Practitioner.read': 'Read practitioners (user/Practitioner.read)',
  'user/PractitionerRole.read': 'Read practitioner roles (user/PractitionerRole.read)',
  'user/Location.read': 'Read locations (user/Location.read)',
  'user/HealthcareService.read': 'Read healthcare services (user/HealthcareService.read)',
};

/** How the portal proves who it is to the CIS's token endpoint: never a secret typed into the browser. */
export const smartClientAuthMethods = ['public', 'private_key_jwt'] as const;
export const SmartClientAuthMethod = z.enum(smartClientAuthMethods, {
  message: 'Choose how the portal signs in to the clinical system',
});
export type SmartClientAuthMethod = z.infer<typeof SmartClientAuthMethod>;

export const smartClientAuthMethodLabels: Record<SmartClientAuthMethod, string> = {
  public: 'Public client with PKCE (no secret)',
  private_key_jwt: 'Signed with the portal’s key (private_key_jwt)',
};

/** Messages of the connection rules, shared by the form and the API's problems. */
export const smartClientMessages = {
  nameRequired: 'Enter the clinical system’s name',
  issRequired: 'Enter the FHIR base URL',
  issInvalid: 'Enter a web address starting with https://',
  issNotAllowed:
    'The portal cannot reach this address. Use the clinical system’s public https:// address.',
  issUnreachable:
    'The clinical system did not answer at this address. Check the FHIR base URL and try again.',
  issNotSmart:
    'This address did not give a SMART configuration (/.well-known/smart-configuration). Check the FHIR base URL.',
  offlineNotOffered: 'This clinical system does not offer offline_access',
  clientIdRequired: 'Enter the client id the clinical system gave the portal',
  scopesRequired: 'Choose at least one scope',
  notFound: 'The clinical system connection does not exist.',
  organisationNotFound: 'The organisation does not exist.',
  stateInvalid:
    'This sign-in to the clinical system was not started by you in this session, or it has expired. Start again from the organisation’s Clinical systems tab.',
  exchangeFailed:
    'The clinical system did not accept the sign-in. Start again from the organisation’s Clinical systems tab.',
  unknownIss:
    'This clinical system is not connected to this organisation. Ask the organisation’s manager to add it under Clinical systems.',
  reconnect: (name: string) => `Connect to ${name} again`,
  cisFailed: (name: string) => `${name} did not answer. Try again later.`,
} as const;

/** Problem types (`/problems/<slug>`) of SMART connections besides the house's (decision 008). */
export const smartClientProblemTypes = {
  /** 400: state unknown, expired, used, or not issued to this session. */
  stateInvalid: '/problems/smart-state-invalid',
  /** 400: the CIS refused the code (replayed, expired…). */
  exchangeFailed: '/problems/smart-exchange-failed',
  /** 404: an EHR launch from an iss that is not a connection of the organisation. */
  unknownIss: '/problems/smart-unknown-iss',
  /** 409: no live token; connect again. */
  reconnect: '/problems/smart-reconnect',
  /** 502: the CIS failed or was late. */
  cisFailed: '/problems/smart-cis-failed',
} as const;

/** A connection as the add and edit forms send it. */
export const SmartClientInput = z.object({
  name: singleLineText({ min: 1, max: 100, required: smartClientMessages.nameRequired }),
  iss: singleLineText({ min: 1, max: 500, required: smartClientMessages.issRequired }).refine(
    (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
    smartClientMessages.issInvalid,
  ),
  clientId: singleLineText({ min: 1, max: 200, required: smartClientMessages.clientIdRequired }),
  authMethod: SmartClientAuthMethod,
  scopes: z.array(SmartScope).min(1, smartClientMessages.scopesRequired).max(smartScopes.length),
});
export type SmartClientInput = z.infer<typeof SmartClientInput>;

/** A new connection: its fields and its organisation. */
export const NewSmartClient = SmartClientInput.extend({ organisationId: Uuid });
export type NewSmartClient = z.infer<typeof NewSmartClient>;

/** What the CIS's SMART configuration says it supports, as stored when the connection was saved. */
export const SmartConfigurationSummary = z.object({
  /** The issuer of its ID tokens when it names one (else the FHIR base URL). */
  issuer: z.string().nullable(),
  authorizationEndpoint: z.string(),
  tokenEndpoint: z.string(),
  capabilities: z.array(z.string()),
  scopesSupported: z.array(z.string()),
  codeChallengeMethods: z.array(z.string()),
  tokenEndpointAuthMethods: z.array(z.string()),
  fetchedAt: z.string(),
});
export type SmartConfigurationSummary = z.infer<typeof SmartConfigurationSummary>;

/** The signed-in user's live sign-in to a connection (null when there is none). */
export const SmartClientSignIn = z.object({
  fhirUser: z.string().nullable(),
  /** When the access token ends (ISO); with a refresh token the portal renews it. */
  expiresAt: z.string(),
  canRefresh: z.boolean(),
  connectedAt: z.string(),
  live: z.boolean(),
});
export type SmartClientSignIn = z.infer<typeof SmartClientSignIn>;

/** One connection. */
export const SmartClient = z.object({
  id: Uuid,
  organisationId: Uuid,
  organisationName: z.string(),
  organisationType: z.enum(['ParticipatingOrganisation', 'HiOrganisation']),
  name: z.string(),
  iss: z.string(),
  clientId: z.string(),
  authMethod: SmartClientAuthMethod,
  scopes: z.array(SmartScope),
  configuration: SmartConfigurationSummary,
  /** What the practice registers in its CIS as the app's launch URL. */
  appLaunchUrl: z.string(),
  /** The redirect URI the CIS must allow. */
  redirectUri: z.string(),
  /** Where the CIS reads the portal's public key (private_key_jwt). */
  jwksUrl: z.string(),
  signIn: SmartClientSignIn.nullable(),
  updatedAt: z.string(),
});
export type SmartClient = z.infer<typeof SmartClient>;

export const SmartClientsQuery = z.object({ organisationId: Uuid });
export type SmartClientsQuery = z.infer<typeof SmartClientsQuery>;

export const SmartClientsList = z.object({ connections: z.array(SmartClient) });
export type SmartClientsList = z.infer<typeof SmartClientsList>;

/** Where to send the browser to authorise (the CIS's authorisation endpoint with PKCE and state). */
export const SmartAuthorization = z.object({ authorizationUrl: z.string() });
export type SmartAuthorization = z.infer<typeof SmartAuthorization>;

/** An EHR launch: the CIS opened …/applaunch?iss=…&launch=… */
export const SmartAppLaunchRequest = z.object({
  organisationId: Uuid,
  iss: singleLineText({ min: 1, max: 500, trim: false }),
  launch: singleLineText({ min: 1, max: 2000, trim: false }),
});
export type SmartAppLaunchRequest = z.infer<typeof SmartAppLaunchRequest>;

/** The code the CIS returned, with its state, posted by the organisation's …/launch page. */
export const SmartTokenRequest = z.object({
  organisationId: Uuid,
  code: singleLineText({ min: 1, max: 4000, trim: false }),
  state: singleLineText({ min: 1, max: 200, trim: false }),
});
export type SmartTokenRequest = z.infer<typeof SmartTokenRequest>;

/**
 * The state of an authorisation request (docs/product/shell.md#smart-callback): `po:` or `hi:`, the
 * organisation's id (characters 3 to 39), then random characters.
 */
export const smartStatePrefix = (type: 'ParticipatingOrganisation' | 'HiOrganisation') =>
  type === 'HiOrganisation' ? 'hi:' : 'po:';
