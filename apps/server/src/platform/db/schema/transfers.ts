import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { transferEntityTypes, transferStatuses } from '@pca/contracts/transfers-paths.ts';
import { at, createdAt, id, inList } from './columns.ts';
import { healthcareServices } from './healthcare-services.ts';
import { locations } from './locations.ts';
import { organisations } from './organisations.ts';
import { users } from './users.ts';

/** What moved when a transfer completed (docs/decisions/067-transfers.md). */
export interface TransferOutcomeRecord {
  services: string[];
  practitionerRoles: number;
  tasks: number;
  publicationsMoved: number;
  publicationsPaused: Array<{ partnerServiceName: string; entityName: string }>;
}

/**
 * A location or healthcare service an operator moves to another organisation; the receiving organisation's
 * managers accept or decline it (docs/decisions/067-transfers.md). The entity's name is kept so the history
 * reads after the entity is gone; at most one pending transfer per entity.
 */
export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    entityType: text('entity_type', { enum: transferEntityTypes }).notNull(),
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'set null' }),
    healthcareServiceId: uuid('healthcare_service_id').references(() => healthcareServices.id, {
      onDelete: 'set null',
    }),
    entityName: text('entity_name').notNull(),
    fromOrganisationId: uuid('from_organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    toOrganisationId: uuid('to_organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: transferStatuses }).notNull().default('Pending'),
    reason: text('reason').notNull(),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    decidedAt: at('decided_at'),
    declineReason: text('decline_reason'),
    outcome: jsonb('outcome').$type<TransferOutcomeRecord>(),
  },
  (t) => [
    check(
      'transfers_entity_type_check',
      sql.raw(`entity_type IN (${inList(transferEntityTypes)})`),
    ),
    check('transfers_status_check', sql.raw(`status IN (${inList(transferStatuses)})`)),
    check('transfers_one_entity', sql`${t.locationId} IS NULL OR ${t.healthcareServiceId} IS NULL`),
    check('transfers_other_organisation', sql`${t.fromOrganisationId} <> ${t.toOrganisationId}`),
    // One pending transfer per entity: a second start loses on this index, whoever checked first.
    uniqueIndex('transfers_pending_location_unique')
      .on(t.locationId)
      .where(sql`${t.status} = 'Pending' AND ${t.locationId} IS NOT NULL`),
    uniqueIndex('transfers_pending_service_unique')
      .on(t.healthcareServiceId)
      .where(sql`${t.status} = 'Pending' AND ${t.healthcareServiceId} IS NOT NULL`),
    index('transfers_status_created_idx').on(t.status, t.createdAt),
    index('transfers_from_organisation_idx').on(t.fromOrganisationId),
    index('transfers_to_organisation_idx').on(t.toOrganisationId),
  ],
);
