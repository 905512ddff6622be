import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { mailStatuses } from './enums.ts';

/**
 * Transactional outbox: mail is written in the business transaction and sent afterwards by the outbox
 * worker (docs/decisions/019-mail-outbox-and-catcher.md).
 */
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
    // When the worker may (next) try to send it: now for a new mail, later after a failure (backoff) and
    // while a worker holds it (its lease) — see apps/server/src/platform/outbox-worker.ts.
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
  },
  (t) => [
    // The worker's query: Pending rows that are due, oldest due first.
    index('mail_outbox_status_next_attempt_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_check', sql.raw(`status IN (${inList(mailStatuses)})`)),
  ],
);
