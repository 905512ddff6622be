import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/**
 * One row per periodic job shared by every API process (docs/decisions/027-reminders.md): a process runs
 * the job only after claiming its row while due (`FOR UPDATE SKIP LOCKED`, moving `next_run_at` on), so
 * several processes on one database run it once per interval.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: at('next_run_at').notNull().defaultNow(),
  lastStartedAt: at('last_started_at'),
  lastFinishedAt: at('last_finished_at'),
  lastError: text('last_error'),
});
