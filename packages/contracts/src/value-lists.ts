/**
 * The portal's closed value lists, defined once: the contracts' schemas, the database's CHECK constraints
 * (apps/server/src/platform/db/schema) and the web all take them from here. zod-free, so any page may import it by path.
 */

/** Role types: PcaOperator is global; the others attach to an organisation or a healthcare service. */
export const roleTypes = [
  'PcaOperator',
  'OrganisationManager',
  'HealthcareServiceManager',
  'Viewer',
] as const;

/** The answer a user gave to the participation agreement. */
export const participationApprovalStatuses = ['Accepted', 'Declined'] as const;

export const organisationTypes = ['ParticipatingOrganisation', 'HiOrganisation'] as const;

export const organisationStatuses = ['Active', 'Cancelled', 'Terminated'] as const;

/** Where a business registration stands with the agency. */
export const publisherApprovalStatuses = [
  'Approved',
  'PendingApproval',
  'PendingSubmission',
] as const;

/** Location types besides a physical address: mobile and virtual. */
export const locationTypeCodes = ['MOBL', 'VI'] as const;

export const delegationStatuses = [
  'Accepted',
  'Rejected',
  'Stopped',
  'Invited',
  'Cancelled',
  'Pending',
] as const;

export const taskEntityTypes = [
  'Organisation',
  'HealthcareService',
  'Location',
  'PractitionerRole',
  'CredentialDocument',
] as const;
export type TaskEntityType = (typeof taskEntityTypes)[number];
export const taskStatuses = ['NotComplete', 'Complete', 'Dismissed'] as const;
export const taskPriorityCodes = ['low', 'urgent'] as const;
/**
 * What a task asks: verify a suggested value, fill in a partner's online form, or confirm that details
 * not verified for 120 days are still current (the portal's own reminder, docs/decisions/027-reminders.md).
 */
export const taskKinds = [
  'VerifyInformation',
  'OnlineForm',
  'ConfirmDetails',
  /** A credential document expires within 30 days (docs/decisions/057-credential-documents.md). */
  'CredentialExpiry',
] as const;
/** How a task was resolved, as recorded for the partner service (docs/decisions/025-tasks.md). */
/** FormSubmitted: the partner reported its online form filled in (docs/decisions/031-fhir-partner-api.md). */
export const taskOutcomes = [
  'SuggestedValueAccepted',
  'CurrentValueKept',
  'FormSubmitted',
] as const;
export const notificationStatuses = ['Unread', 'Read', 'Archived'] as const;

export const partnerServiceRoles = ['directory', 'payer', 'referral'] as const;
export const nhsdAppliesTo = ['si', 'home', 'virtual'] as const;

/** Answers of the HI Service when a practitioner is looked up. */
export const hiServiceStatuses = ['SUCCESS', 'NO_MATCH', 'NOT_ACTIVE', 'NOT_LINKED'] as const;

/** What a credential document is (docs/product/credential-documents.md). */
export const credentialDocumentTypes = [
  'RegistrationCertificate',
  'ProfessionalIndemnityInsurance',
  'Qualification',
  'Other',
] as const;
export type CredentialDocumentType = (typeof credentialDocumentTypes)[number];

/** The file types a credential document may be, as its magic bytes decide. */
export const credentialDocumentMediaTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type CredentialDocumentMediaType = (typeof credentialDocumentMediaTypes)[number];

/**
 * Languages a healthcare service or a practitioner in a role offers besides English
 * (docs/decisions/078-languages-and-billing.md): BCP 47 codes of the NCTS value set `common-languages-australia-2`,
 * which HCPD binds to its practitioner-role-communication extension (required) and AU Base to
 * HealthcareService.communication (extensible). The NCTS publishes the expansion under its licence and no guide's
 * sources carry it, so this list holds the codes the guides' own examples use (HCPD 03.1 and 06.1, AU Base
 * healthcareservice-example3/4, practitionerrole-example0) and the languages most spoken at home in Australia
 * (ABS Census 2021), to be reconciled with the NCTS release as decision 071's concepts are. Sorted by name.
 */
export const LANGUAGE_SYSTEM = 'urn:ietf:bcp:47';
export const languageOptions = [
  ['ar', 'Arabic'],
  ['asf', 'Auslan'],
  ['bn', 'Bengali'],
  ['my', 'Burmese'],
  ['yue', 'Cantonese'],
  ['hr', 'Croatian'],
  ['prs', 'Dari'],
  ['nl', 'Dutch'],
  ['fil', 'Filipino'],
  ['fr', 'French'],
  ['de', 'German'],
  ['el', 'Greek'],
  ['gu', 'Gujarati'],
  ['he', 'Hebrew'],
  ['hi', 'Hindi'],
  ['hu', 'Hungarian'],
  ['id', 'Indonesian'],
  ['it', 'Italian'],
  ['ja', 'Japanese'],
  ['km', 'Khmer'],
  ['ko', 'Korean'],
  ['rop', 'Kriol'],
  ['mk', 'Macedonian'],
  ['ms', 'Malay'],
  ['ml', 'Malayalam'],
  ['mt', 'Maltese'],
  ['cmn', 'Mandarin'],
  ['ne', 'Nepali'],
  ['fa', 'Persian'],
  ['pjt', 'Pitjantjatjara'],
  ['pl', 'Polish'],
  ['pt', 'Portuguese'],
  ['pa', 'Punjabi'],
  ['ru', 'Russian'],
  ['sm', 'Samoan'],
  ['sr', 'Serbian'],
  ['si', 'Sinhala'],
  ['so', 'Somali'],
  ['es', 'Spanish'],
  ['sw', 'Swahili'],
  ['tl', 'Tagalog'],
  ['ta', 'Tamil'],
  ['te', 'Telugu'],
  ['th', 'Thai'],
  ['tcs', 'Torres Strait Creole (Yumplatok)'],
  ['tr', 'Turkish'],
  ['uk', 'Ukrainian'],
  ['ur', 'Urdu'],
  ['vi', 'Vietnamese'],
  ['wbp', 'Warlpiri'],
].map(([code, display]) => ({ code: code!, display: display! }));
export const languageCodes = languageOptions.map((l) => l.code);
/** A language's name by its code (the code itself for one no longer listed). */
export const languageName = (code: string) =>
  languageOptions.find((l) => l.code === code)?.display ?? code;

/**
 * How a healthcare service bills (HealthcareService.serviceProvisionCode; HCPD's `hsbilling` searches it): HCPD
 * binds its value set `hc-service-provision-code-vs` (required), which takes BBO, FAP and NFE from AU Base's
 * service-provision-conditions code system and MIX from HCPD's own hc-service-provision-code-cs — each code with
 * its own system, exactly as the IG's value set composes them. `display` is the code system's; `label` is what
 * the portal's screens say. In the order a practice reads them.
 */
const SERVICE_PROVISION_CONDITIONS =
  'http://terminology.hl7.org.au/CodeSystem/service-provision-conditions';
const HC_SERVICE_PROVISION_CODE =
  'http://digitalhealth.gov.au/fhir/hcpd/CodeSystem/hc-service-provision-code-cs';
export const billingOptions = [
  {
    code: 'BBO',
    system: SERVICE_PROVISION_CONDITIONS,
    display: 'Bulk Billing Only',
    label: 'Bulk billing only',
  },
  {
    code: 'MIX',
    system: HC_SERVICE_PROVISION_CODE,
    display: 'Mixed Billing',
    label: 'Mixed billing: bulk billing available with conditions, fees may apply',
  },
  { code: 'FAP', system: SERVICE_PROVISION_CONDITIONS, display: 'Fees Apply', label: 'Fees apply' },
  { code: 'NFE', system: SERVICE_PROVISION_CONDITIONS, display: 'No Fee', label: 'No fee' },
] as const;
export const billingCodes = billingOptions.map((b) => b.code);
export type BillingCode = (typeof billingOptions)[number]['code'];
