import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { mailStatuses } from './enums.ts';

/** Transactional outbox: mail is written in the business transaction and sent afterwards by a worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: mailStatuses }).notNull().default('Pending'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
    check('mail_outbox_status_check', sql.raw(`status IN (${inList(mailStatuses)})`)),
  ],
);
