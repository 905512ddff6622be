import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

/**
 * Email verification codes (docs/decisions/022-profile-and-email-verification.md): one row per mailed
 * link. The code itself is never stored, only its hash; a row verifies once (`used_at`) and expires.
 * The newest row of a user also dates the 5-minute resend lock.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was mailed to: verifying it confirms only that address. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    /** When the code was used, or superseded by a newer one. */
    usedAt: at('used_at'),
  },
  (t) => [index('email_verifications_user_created_idx').on(t.userId, t.createdAt)],
);
