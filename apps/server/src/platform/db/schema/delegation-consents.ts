import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { delegations } from './delegations.ts';
import { users } from './users.ts';

/**
 * The consent text a practitioner agrees to when delegating, versioned: a new wording is a new row, and
 * every consent names the version it was given to (docs/decisions/020-delegation.md).
 */
export const delegationConsentTexts = pgTable('delegation_consent_texts', {
  version: integer('version').primaryKey(),
  items: jsonb('items').$type<string[]>().notNull(),
  createdAt: createdAt(),
});

/** One consent given: to which delegation, for which action, to which version of the text, by whom, when. */
export const delegationConsents = pgTable(
  'delegation_consents',
  {
    id: id(),
    delegationId: uuid('delegation_id')
      .notNull()
      .references(() => delegations.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    consentVersion: integer('consent_version')
      .notNull()
      .references(() => delegationConsentTexts.version),
    consentedByUserId: uuid('consented_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    consentedAt: at('consented_at').notNull().defaultNow(),
  },
  (t) => [index('delegation_consents_delegation_id_idx').on(t.delegationId)],
);
