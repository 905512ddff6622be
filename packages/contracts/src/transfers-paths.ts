// Paths of transfers live apart from the schemas so a page can import them without loading zod.

/**
 * API paths of transfers (docs/product/transfers.md, docs/decisions/067-transfers.md): an operator moves a
 * location or a healthcare service to another organisation; the receiving organisation's managers accept it.
 */
export const transfersApiPaths = {
  /** GET: transfers the caller may see (the operator: every one; a manager: their organisations'); POST: start one (operator). */
  list: '/api/transfers',
  /** GET: the organisations, locations and services an operator may choose from (operator). */
  options: '/api/transfers/options',
  /** GET: one transfer. */
  transfer: '/api/transfers/:id',
  /** POST: the receiving organisation's manager accepts: the entity moves. */
  accept: '/api/transfers/:id/accept',
  /** POST { reason }: the receiving organisation's manager declines. */
  decline: '/api/transfers/:id/decline',
  /** POST: the operator withdraws a pending transfer. */
  cancel: '/api/transfers/:id/cancel',
} as const;

/** A transfer's path (`accept`, `decline`, `cancel` or the transfer itself) with its :id filled in. */
export const transferApiPath = (id: string, action?: 'accept' | 'decline' | 'cancel'): string =>
  (action ? transfersApiPaths[action] : transfersApiPaths.transfer).replace(
    ':id',
    encodeURIComponent(id),
  );

/** What can be transferred. */
export const transferEntityTypes = ['Location', 'HealthcareService'] as const;
export type TransferEntityType = (typeof transferEntityTypes)[number];

/** Where a transfer stands. */
export const transferStatuses = ['Pending', 'Completed', 'Declined', 'Cancelled'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

const transferStatusText: Record<TransferStatus, string> = {
  Pending: 'Waiting for the receiving organisation',
  Completed: 'Completed',
  Declined: 'Declined',
  Cancelled: 'Withdrawn by the operator',
};

/** What the transfers pages say (docs/product/transfers.md). */
/** The list's length: every pending transfer and the newest past ones, up to this many in all. */
export const transfersListLimit = 200;

export const transferMessages = {
  /** Under the list, when older past transfers were left out. */
  olderNotShown: (limit: number) =>
    `Only the newest ${limit} transfers are shown. Older ones are in the audit trail.`,
  /** A transfer's status where when and by whom it was decided are not known. */
  status: transferStatusText,
  /**
   * A decided transfer's status with when and by whom. Only the operator withdraws one, so a withdrawal still
   * says so (a receiving manager may not know the name), once: not "by the operator … by Priya Raman".
   */
  decided: (status: TransferStatus, date: string, by: string) =>
    status === 'Cancelled'
      ? `Withdrawn by the operator, ${by}, on ${date}`
      : `${transferStatusText[status]} on ${date} by ${by}`,
  withdrawTitle: (entityName: string) => `Withdraw the transfer of ${entityName}?`,
  withdrawWarning: (receiver: string, giver: string) =>
    `${receiver} will no longer be able to accept it, and it stays with ${giver}.`,
  withdrawConfirm: 'Withdraw transfer',
  withdrawn: (entityName: string) => `The transfer of ${entityName} is withdrawn`,
  chooseOrganisationFirst: 'Choose the organisation first',
  /** The hint of an empty list of what to transfer, once the organisation is chosen. */
  nothingToTransfer: (organisation: string, type: TransferEntityType | 'either') =>
    `${organisation} has no ${
      type === 'Location'
        ? 'locations'
        : type === 'HealthcareService'
          ? 'healthcare services'
          : 'locations or healthcare services'
    } to transfer.`,
} as const;
