/**
 * Closed value sets stored as text (CHECK-constrained) so adding a value is a plain migration.
 * The lists shared with the API come from the contracts, so the database and the API cannot disagree.
 */
export {
  credentialDocumentMediaTypes,
  credentialDocumentTypes,
  delegationStatuses,
  hiServiceStatuses,
  locationTypeCodes,
  nhsdAppliesTo,
  notificationStatuses,
  organisationStatuses,
  organisationTypes,
  participationApprovalStatuses,
  partnerServiceRoles,
  publisherApprovalStatuses,
  roleTypes,
  taskEntityTypes,
  taskKinds,
  taskOutcomes,
  taskPriorityCodes,
  taskStatuses,
  type TaskEntityType,
} from '@pca/contracts/value-lists.ts';

/** Delivery states of the mail outbox: the server's own, never sent over the API. */
export const mailStatuses = ['Pending', 'Sent', 'Failed'] as const;
