import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { delegationStatuses } from './enums.ts';
import { ownerPractitionerId } from './practitioners.ts';
import { users } from './users.ts';

/** A practitioner's delegate: invited by RA number and email, linked to the delegate's user once accepted. */
export const delegations = pgTable(
  'delegations',
  {
    id: id(),
    practitionerId: ownerPractitionerId(),
    delegateUserId: uuid('delegate_user_id').references(() => users.id, { onDelete: 'set null' }),
    raNumber: text('ra_number').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    email: text('email').notNull(),
    status: text('status', { enum: delegationStatuses }).notNull(),
    lastUpdated: at('last_updated').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    // The delegates list: one practitioner's rows, most recently changed first, read in index order.
    index('delegations_practitioner_last_updated_idx').on(
      t.practitionerId,
      t.lastUpdated.desc(),
      t.id,
    ),
    index('delegations_delegate_user_id_idx').on(t.delegateUserId),
    index('delegations_ra_number_idx').on(t.raNumber),
    // One live delegation per practitioner and person: a repeated invite cannot open a second one, even in a race.
    uniqueIndex('delegations_live_ra_number_idx')
      .on(t.practitionerId, t.raNumber)
      .where(sql.raw(`status IN ('Invited', 'Pending', 'Accepted')`)),
    check('delegations_status_check', sql.raw(`status IN (${inList(delegationStatuses)})`)),
  ],
);
