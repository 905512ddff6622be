/**
 * What the clinical system says about itself: the SMART App Launch 2 discovery document
 * (`{iss}/.well-known/smart-configuration`) and the FHIR CapabilityStatement (`{iss}/metadata`) with the SMART
 * security extension. Capabilities list only what this stand-in does (docs/decisions/068-clinical-system-stand-in.md).
 */

/** Scopes the clinical system grants (SMART v1 `.read` and v2 `.rs` forms of each resource read). */
export const RESOURCE_TYPES = [
  'Practitioner',
  'PractitionerRole',
  'Location',
  'HealthcareService',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const SCOPES = [
  'openid',
  'fhirUser',
  'launch',
  'offline_access',
  ...RESOURCE_TYPES.flatMap((t) => [`user/${t}.read`, `user/${t}.rs`, `user/${t}.r`]),
];

/** The authorisation server's endpoints, under the clinical system's own address. */
export const authorisationPaths = {
  authorization: '/authorize',
  token: '/token',
  jwks: '/jwks',
  introspection: '/token/introspection',
  revocation: '/token/revocation',
  userinfo: '/userinfo',
} as const;

/** The SMART configuration document of the FHIR server at `iss`, whose authorisation server is at `url`. */
export function smartConfiguration(url: string, iss: string) {
  return {
    issuer: url,
    jwks_uri: `${url}${authorisationPaths.jwks}`,
    authorization_endpoint: `${url}${authorisationPaths.authorization}`,
    token_endpoint: `${url}${authorisationPaths.token}`,
    introspection_endpoint: `${url}${authorisationPaths.introspection}`,
    revocation_endpoint: `${url}${authorisationPaths.revocation}`,
    userinfo_endpoint: `${url}${authorisationPaths.userinfo}`,
    grant_types_supported: ['authorization_code', 'refresh_token'],
    response_types_supported: ['code'],
    token_endpoint_auth_methods_supported: ['none', 'private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256', 'RS384', 'ES256', 'ES384'],
    scopes_supported: SCOPES,
    code_challenge_methods_supported: ['S256'],
    capabilities: [
      'launch-ehr',
      'launch-standalone',
      'client-public',
      'client-confidential-asymmetric',
      'sso-openid-connect',
      'permission-offline',
      'permission-user',
      'permission-v1',
      'permission-v2',
    ],
    fhir_base: iss,
  };
}

/** The CapabilityStatement of the FHIR server at `iss` (R4), naming its OAuth endpoints. */
export function capabilityStatement(url: string, iss: string) {
  const include = [
    'PractitionerRole:practitioner',
    'PractitionerRole:location',
    'PractitionerRole:service',
  ];
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-27',
    kind: 'instance',
    software: { name: 'Provider Connect clinical-system stand-in' },
    implementation: {
      description: 'Development stand-in for a practice clinical system',
      url: iss,
    },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: true,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: `${url}${authorisationPaths.authorization}` },
                { url: 'token', valueUri: `${url}${authorisationPaths.token}` },
                { url: 'introspect', valueUri: `${url}${authorisationPaths.introspection}` },
                { url: 'revoke', valueUri: `${url}${authorisationPaths.revocation}` },
              ],
            },
          ],
        },
        resource: RESOURCE_TYPES.map((type) => ({
          type,
          interaction:
            type === 'PractitionerRole'
              ? [{ code: 'read' }, { code: 'search-type' }]
              : [{ code: 'read' }],
          ...(type === 'PractitionerRole'
            ? {
                searchInclude: include,
                searchParam: [
                  { name: '_count', type: 'number' },
                  { name: 'active', type: 'token' },
                ],
              }
            : {}),
        })),
      },
    ],
  };
}
