import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { keyContactRoles } from '@pca/contracts/key-contacts.ts';
import { at, createdAt, id, inList } from './columns.ts';
import { organisations } from './organisations.ts';

/**
 * Key contacts of a participating organisation (docs/decisions/060-key-contacts.md): exactly one of an
 * organisation's contacts is its primary contact, and the partial unique index below holds "at most
 * one" even when two requests race; the service holds "at least one".
 */
export const keyContacts = pgTable(
  'key_contacts',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role', { enum: keyContactRoles }).notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('key_contacts_organisation_id_idx').on(t.organisationId),
    uniqueIndex('key_contacts_one_primary_idx').on(t.organisationId).where(sql.raw('is_primary')),
    check('key_contacts_role_check', sql.raw(`role IN (${inList(keyContactRoles)})`)),
  ],
);
