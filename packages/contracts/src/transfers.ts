import { z } from 'zod';
import { Uuid, uuid } from './ids.ts';
import { multiLineText } from './text.ts';
import { transferEntityTypes, transferStatuses } from './transfers-paths.ts';

export * from './transfers-paths.ts';

/** One organisation taking part in a transfer. */
export const TransferOrganisation = z.object({ id: Uuid, name: z.string() });

/** A publication that did not keep publishing when its entity moved (docs/decisions/067-transfers.md). */
export const PausedPublication = z.object({
  partnerServiceName: z.string(),
  entityName: z.string(),
});
export type PausedPublication = z.infer<typeof PausedPublication>;

/** What moved when a transfer completed. */
export const TransferOutcome = z.object({
  services: z.array(z.string()),
  practitionerRoles: z.number().int(),
  tasks: z.number().int(),
  publicationsMoved: z.number().int(),
  publicationsPaused: z.array(PausedPublication),
});
export type TransferOutcome = z.infer<typeof TransferOutcome>;

/** One transfer, as the operator and both organisations' managers see it. */
export const Transfer = z.object({
  id: Uuid,
  entityType: z.enum(transferEntityTypes),
  entityId: Uuid.nullable(),
  entityName: z.string(),
  from: TransferOrganisation,
  to: TransferOrganisation,
  status: z.enum(transferStatuses),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  outcome: TransferOutcome.nullable(),
  /** What the caller may do with it now. */
  canAccept: z.boolean(),
  canDecline: z.boolean(),
  canCancel: z.boolean(),
});
export type Transfer = z.infer<typeof Transfer>;

/**
 * Transfers, pending first then newest, at most `transfersListLimit`; `olderNotShown` says older past ones were
 * left out (their history stays in the audit trail).
 */
export const Transfers = z.object({ transfers: z.array(Transfer), olderNotShown: z.boolean() });
export type Transfers = z.infer<typeof Transfers>;

/** Start a transfer (operator). */
export const StartTransfer = z.object({
  entityType: z.enum(transferEntityTypes, { error: 'Choose a location or a healthcare service' }),
  entityId: uuid('Choose what to transfer'),
  toOrganisationId: uuid('Choose the receiving organisation'),
  reason: multiLineText({ min: 1, max: 1000, required: 'Enter why it is being transferred' }),
});
export type StartTransfer = z.infer<typeof StartTransfer>;

/** Decline a transfer (the receiving organisation's manager). */
export const DeclineTransfer = z.object({
  reason: multiLineText({ min: 1, max: 1000, required: 'Enter the reason for declining' }),
});
export type DeclineTransfer = z.infer<typeof DeclineTransfer>;

/** What an operator may choose from: every live organisation, with its locations and services. */
export const TransferOptions = z.object({
  organisations: z.array(
    z.object({
      id: Uuid,
      name: z.string(),
      type: z.string(),
      locations: z.array(z.object({ id: Uuid, name: z.string() })),
      services: z.array(z.object({ id: Uuid, name: z.string(), locationId: Uuid.nullable() })),
    }),
  ),
});
export type TransferOptions = z.infer<typeof TransferOptions>;
