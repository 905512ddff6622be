/**
 * The partner API (docs/decisions/031-fhir-partner-api.md): FHIR R4 reads and searches of what was published
 * to the calling partner. Zod-free on purpose, like the other `*-paths.ts` files.
 */
export const fhirApiPaths = {
  base: '/fhir',
  metadata: '/fhir/metadata',
} as const;

/**
 * The partner API's own operation: a partner asks for a practitioner's personal contact details
 * (`POST /fhir/Practitioner/{id}/$request-personal-contact`; docs/product/publishing.md#personal-contact-requests,
 * docs/decisions/048-partner-asks-for-personal-contact.md).
 */
export const fhirRequestPersonalContact = {
  name: 'request-personal-contact',
  path: (practitionerId: string) =>
    `/fhir/Practitioner/${practitionerId}/$request-personal-contact`,
  /** Its OperationDefinition, served beside the CapabilityStatement (no token needed). */
  definition: '/fhir/OperationDefinition/request-personal-contact',
} as const;

/** The resource types the partner API serves, in the CapabilityStatement's order. */
export const fhirResourceTypes = [
  'Organization',
  'Location',
  'HealthcareService',
  'Practitioner',
  'PractitionerRole',
  // HCPD's responder SHALL serve both (docs/decisions/072-endpoint-and-provenance.md).
  'Endpoint',
  'Provenance',
] as const;
export type FhirResourceType = (typeof fhirResourceTypes)[number];

/** Identifier systems: the Healthcare Identifiers (AU Base) and this portal's own ids. */
export const fhirIdentifierSystems = {
  hpio: 'http://ns.electronichealth.net.au/id/hi/hpio/1.0',
  hpii: 'http://ns.electronichealth.net.au/id/hi/hpii/1.0',
  abn: 'http://hl7.org.au/id/abn',
  nhsdService: 'https://www.healthdirect.gov.au/nhsd/id/healthcare-service',
} as const;

/** The FHIR JSON media type every answer carries unless XML is asked for. */
export const fhirJson = 'application/fhir+json';

/** The FHIR XML media type (`_format=xml` or an Accept header that prefers it). */
export const fhirXml = 'application/fhir+xml';

/** Page sizes of a search: `_count` defaults to 20 and is capped at 100. */
export const fhirPaging = { defaultCount: 20, maxCount: 100 } as const;

/**
 * The partner API's bank-account operation (docs/decisions/058-bank-account.md): a payer reads the bank accounts
 * practitioners share with it, only while the consent stands. `GET /fhir/Practitioner/$bank-account` lists
 * every current share with the calling payer; `GET /fhir/Practitioner/{id}/$bank-account` reads one (404 when
 * not shared).
 */
export const fhirBankAccount = {
  name: 'bank-account',
  list: '/fhir/Practitioner/$bank-account',
  path: (practitionerId: string) => `/fhir/Practitioner/${practitionerId}/$bank-account`,
  definition: '/fhir/OperationDefinition/bank-account',
} as const;
