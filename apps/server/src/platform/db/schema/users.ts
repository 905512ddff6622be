import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { participationApprovalStatuses } from './enums.ts';

/**
 * What the operator's search matches: RA number, "given family" and email, lower-cased, in one text. The
 * search and its trigram index must use this very expression.
 */
export const usersSearchText = sql.raw(
  `(lower(ra_number || ' ' || given_name || ' ' || family_name || ' ' || coalesce(email, '')))`,
);

/** Portal users: one per RA number (the provider-login identity). */
export const users = pgTable(
  'users',
  {
    id: id(),
    raNumber: text('ra_number').notNull().unique(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    email: text('email'),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    isProfileComplete: boolean('is_profile_complete').notNull().default(false),
    participationApprovalStatus: text('participation_approval_status', {
      enum: participationApprovalStatuses,
    }),
    showHelper: boolean('show_helper').notNull().default(true),
    photoData: text('photo_data'),
    prodaDetailsMatchedPca: boolean('proda_details_matched_pca').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    lastLoginAt: at('last_login_at'),
  },
  (t) => [
    // The operator's search (docs/decisions/063-users.md): any part of the RA number, name or email,
    // through trigrams (pg_trgm, created by migration 0019). The expression is the one the search uses.
    index('users_search_trgm_idx').using('gin', sql`${usersSearchText} gin_trgm_ops`),
    // The list's orders, read in index order when nothing is searched.
    index('users_name_idx').on(t.familyName, t.givenName, t.id),
    index('users_email_idx').on(t.email, t.id),
    // Most recent first (never signed in last); read backwards, oldest first with "never" before them.
    index('users_last_login_idx').on(t.lastLoginAt.desc().nullsLast(), t.id.desc()),
    // A search of digits is the start of an RA number: a prefix range of this index, whatever the collation.
    index('users_ra_number_prefix_idx').using('btree', sql`ra_number text_pattern_ops`),
    check(
      'users_participation_approval_status_check',
      sql.raw(
        `participation_approval_status IS NULL OR participation_approval_status IN (${inList(participationApprovalStatuses)})`,
      ),
    ),
  ],
);
