import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, id } from './columns.ts';

/**
 * Append-only audit trail; ids carry no foreign keys so the history outlives what it describes.
 * `organisation_id` and `subject_practitioner_id` say whose trail a row belongs to, filled when it is
 * written (platform/audit.ts): the audit-events page reads each trail newest first through the three
 * (who, at, id) indexes (docs/decisions/061-audit-events.md).
 */
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
    /** The organisation the entity belongs to (its managers see the row). */
    organisationId: uuid('organisation_id'),
    /** The practitioner the change was about, or made for (they and their delegates see the row). */
    subjectPractitionerId: uuid('subject_practitioner_id'),
  },
  // Ascending (who, at, id): read backwards they give ORDER BY at DESC, id DESC as written (DESC means
  // NULLS FIRST, which a "DESC NULLS LAST" index does not give, so the planner would not use it).
  (t) => [
    index('audit_events_entity_idx').on(t.entityType, t.entityId),
    index('audit_events_at_idx').on(t.at),
    index('audit_events_actor_at_idx')
      .on(t.actorUserId, t.at, t.id)
      .where(sql`${t.actorUserId} IS NOT NULL`),
    index('audit_events_subject_at_idx')
      .on(t.subjectPractitionerId, t.at, t.id)
      .where(sql`${t.subjectPractitionerId} IS NOT NULL`),
    index('audit_events_organisation_at_idx')
      .on(t.organisationId, t.at, t.id)
      .where(sql`${t.organisationId} IS NOT NULL`),
  ],
);
