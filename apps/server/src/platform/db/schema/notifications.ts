import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns.ts';
import { notificationStatuses } from './enums.ts';
import { ownerPractitionerId } from './practitioners.ts';

/** Messages to a practitioner; the HTML body is trusted content written by the system, never by users. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    practitionerId: ownerPractitionerId(),
    externalId: text('external_id').notNull().unique(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: notificationStatuses }).notNull().default('Unread'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_practitioner_status_idx').on(t.practitionerId, t.status, t.createdAt),
    check('notifications_status_check', sql.raw(`status IN (${inList(notificationStatuses)})`)),
  ],
);
