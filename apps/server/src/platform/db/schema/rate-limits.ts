import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * Rate-limit counters (docs/decisions/009-rate-limits.md): one row per limited key (a category and a
 * client address or user id), shared by every API process on the database. A row whose window has
 * ended is reset by the next hit and purged by the store's sweep.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
