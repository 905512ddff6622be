import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import {
  taskEntityTypes,
  taskKinds,
  taskOutcomes,
  taskPriorityCodes,
  taskStatuses,
} from './enums.ts';
import { partnerServices } from './partner-services.ts';
import { practitioners } from './practitioners.ts';
import { users } from './users.ts';

/** One suggested change in a task (docs/product/features.md#feature-entities: name, displayName, newValue). */
export interface TaskProperty {
  name:
    'AfterHoursPhone' | 'Email' | 'Fax' | 'Phone' | 'Website' | 'NumberOfDays' | 'PreferredName';
  displayName: string;
  newValue: string;
}

/** A property's value once the task was resolved: what the partner service reads back. */
export interface TaskVerifiedValue {
  name: TaskProperty['name'];
  value: string | null;
}

/** Verify-information tasks raised by partner services about an entity the practitioner looks after. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    practitionerId: uuid('practitioner_id').references(() => practitioners.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind', { enum: taskKinds }).notNull().default('VerifyInformation'),
    entityType: text('entity_type', { enum: taskEntityTypes }).notNull(),
    // Polymorphic (organisation, service, location or role), so no foreign key.
    entityId: uuid('entity_id').notNull(),
    status: text('status', { enum: taskStatuses }).notNull().default('NotComplete'),
    priorityCode: text('priority_code', { enum: taskPriorityCodes }).notNull().default('low'),
    partnerServiceId: uuid('partner_service_id').references(() => partnerServices.id, {
      onDelete: 'set null',
    }),
    reason: text('reason').notNull(),
    properties: jsonb('properties').$type<TaskProperty[]>().notNull().default([]),
    // The partner's online form (OnlineForm tasks only); the portal adds a signed token when opening it.
    formUrl: text('form_url'),
    // Set on the tasks the portal creates itself (docs/decisions/027-reminders.md): one task per entity,
    // practitioner and verification, so the reminder job inserting twice adds nothing (ON CONFLICT).
    dedupeKey: text('dedupe_key').unique(),
    // One suggestion a partner submitted through the partner API (docs/decisions/031-fhir-partner-api.md) becomes
    // a task for each person who may verify it; they share this id, which is the partner's FHIR Task id, and the
    // first answer resolves them all.
    partnerRequestId: uuid('partner_request_id'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
    // What the partner service reads back (docs/decisions/025-tasks.md): who resolved it, how, and the
    // values the entity holds afterwards.
    resolvedByUserId: uuid('resolved_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    outcome: text('outcome', { enum: taskOutcomes }),
    verifiedValues: jsonb('verified_values').$type<TaskVerifiedValue[]>(),
  },
  (t) => [
    index('tasks_practitioner_status_idx').on(t.practitionerId, t.status),
    index('tasks_entity_idx').on(t.entityType, t.entityId),
    index('tasks_partner_request_id_idx').on(t.partnerRequestId),
    check('tasks_entity_type_check', sql.raw(`entity_type IN (${inList(taskEntityTypes)})`)),
    check('tasks_status_check', sql.raw(`status IN (${inList(taskStatuses)})`)),
    check('tasks_priority_code_check', sql.raw(`priority_code IN (${inList(taskPriorityCodes)})`)),
    check('tasks_kind_check', sql.raw(`kind IN (${inList(taskKinds)})`)),
    check(
      'tasks_outcome_check',
      sql.raw(`outcome IS NULL OR outcome IN (${inList(taskOutcomes)})`),
    ),
    check(
      'tasks_online_form_url_check',
      sql`${t.kind} <> 'OnlineForm' OR ${t.formUrl} IS NOT NULL`,
    ),
  ],
);
