/** Closed value sets stored as text (CHECK-constrained) so adding a value is a plain migration. */
export const roleTypes = [
  'PcaOperator',
  'OrganisationManager',
  'HealthcareServiceManager',
  'Viewer',
] as const;
export const participationApprovalStatuses = ['Accepted', 'Declined'] as const;
export const organisationTypes = ['ParticipatingOrganisation', 'HiOrganisation'] as const;
export const publisherApprovalStatuses = [
  'Approved',
  'PendingApproval',
  'PendingSubmission',
] as const;
export const organisationStatuses = ['Active', 'Cancelled', 'Terminated'] as const;
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
] as const;
export const taskStatuses = ['NotComplete', 'Complete', 'Dismissed'] as const;
export const taskPriorityCodes = ['low', 'urgent'] as const;
export const notificationStatuses = ['Unread', 'Read', 'Archived'] as const;
export const partnerServiceRoles = ['directory', 'payer', 'referral'] as const;
export const nhsdAppliesTo = ['si', 'home', 'virtual'] as const;
export const hiServiceStatuses = ['SUCCESS', 'NO_MATCH', 'NOT_ACTIVE', 'NOT_LINKED'] as const;
export const mailStatuses = ['Pending', 'Sent', 'Failed'] as const;

export type TaskEntityType = (typeof taskEntityTypes)[number];
