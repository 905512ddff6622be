import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { taskEntityTypes, taskPriorityCodes, taskStatuses } from './enums.ts';
import { partnerServices } from './partner-services.ts';
import { practitioners } from './practitioners.ts';

/** One suggested change in a task (docs/product/features.md#feature-entities: name, displayName, newValue). */
export interface TaskProperty {
  name:
    'AfterHoursPhone' | 'Email' | 'Fax' | 'Phone' | 'Website' | 'NumberOfDays' | 'PreferredName';
  displayName: string;
  newValue: string;
}

/** Verify-information tasks raised by partner services about an entity the practitioner looks after. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    practitionerId: uuid('practitioner_id').references(() => practitioners.id, {
      onDelete: 'cascade',
    }),
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
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    index('tasks_practitioner_status_idx').on(t.practitionerId, t.status),
    index('tasks_entity_idx').on(t.entityType, t.entityId),
    check('tasks_entity_type_check', sql.raw(`entity_type IN (${inList(taskEntityTypes)})`)),
    check('tasks_status_check', sql.raw(`status IN (${inList(taskStatuses)})`)),
    check('tasks_priority_code_check', sql.raw(`priority_code IN (${inList(taskPriorityCodes)})`)),
  ],
);
