import { z } from 'zod';
import { multiLineText } from './text.ts';
import { Uuid } from './ids.ts';

/** The operators' approval queue of business registrations. */
/** API paths of the operators' approval queue. */
export const adminApiPaths = {
  /** GET: the operator's queue of registrations pending approval. */
  registrations: '/api/admin/registrations',
  /** POST: approve a pending registration. */
  approve: '/api/admin/registrations/:id/approve',
  /** POST { reason }: decline a pending registration (it returns to Pending Submission). */
  decline: '/api/admin/registrations/:id/decline',
  /** GET: the operator's home, what exists or waits in every operator area. */
  summary: '/api/admin/summary',
} as const;

/**
 * The operator's home (docs/product/users.md#the-operators-home): a count per operator area, read in one
 * statement. Areas whose tables other work adds are optional, so the home shows them without a count
 * until the summary reads them.
 */
export const AdminSummary = z.object({
  /** Business registrations waiting for approval. */
  pendingRegistrations: z.number().int().nonnegative(),
  users: z.object({
    total: z.number().int().nonnegative(),
    inactive: z.number().int().nonnegative(),
  }),
  partnerServices: z.number().int().nonnegative(),
  informationUseStatements: z.number().int().nonnegative(),
  /** Partner identifier systems. */
  identifierSystems: z.number().int().nonnegative(),
  /** Publications to partners: organisations' and practitioners' together. */
  publications: z.number().int().nonnegative(),
  /** Transfers waiting for the receiving business to answer. */
  pendingTransfers: z.number().int().nonnegative(),
  clientSystems: z.number().int().nonnegative(),
});
export type AdminSummary = z.infer<typeof AdminSummary>;

/** One registration in the operator's approval queue. */
export const PendingRegistration = z.object({
  id: Uuid,
  name: z.string(),
  businessName: z.string().nullable(),
  abn: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  primaryLocation: z.string().nullable(),
  dateCreated: z.string(),
  managers: z.array(z.string()),
});
export type PendingRegistration = z.infer<typeof PendingRegistration>;
export const PendingRegistrations = z.object({ registrations: z.array(PendingRegistration) });
export type PendingRegistrations = z.infer<typeof PendingRegistrations>;

export const DeclineRegistration = z.object({
  reason: multiLineText({ min: 1, max: 1000, required: 'Enter the reason for declining' }),
});
export type DeclineRegistration = z.infer<typeof DeclineRegistration>;
