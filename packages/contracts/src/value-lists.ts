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
