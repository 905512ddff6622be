import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { participationApprovalStatuses } from './enums.ts';

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
  () => [
    check(
      'users_participation_approval_status_check',
      sql.raw(
        `participation_approval_status IS NULL OR participation_approval_status IN (${inList(participationApprovalStatuses)})`,
      ),
    ),
  ],
);
