import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * Feedback sent from /give-feedback (docs/decisions/062-feedback.md), signed in or not: kept here and
 * mailed to the support address through the outbox in the same transaction.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    rating: integer('rating').notNull(),
    comments: text('comments').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    requestId: text('request_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_created_at_idx').on(t.createdAt),
    check('feedback_rating_check', sql.raw('rating BETWEEN 1 AND 5')),
  ],
);
