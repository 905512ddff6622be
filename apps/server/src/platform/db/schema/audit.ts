import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, id } from './columns.ts';

/** Append-only audit trail; ids carry no foreign keys so the history outlives what it describes. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    at: at('at').notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actingForPractitionerId: uuid('acting_for_practitioner_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    changedFields: jsonb('changed_fields').$type<Record<string, unknown>>().notNull().default({}),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_events_entity_idx').on(t.entityType, t.entityId),
    index('audit_events_at_idx').on(t.at),
  ],
);
