import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { partnerServices } from './partner-services.ts';
import { ownerPractitionerId, practitioners } from './practitioners.ts';
import { users } from './users.ts';

/**
 * A practitioner's bank account, encrypted at rest (docs/decisions/058-bank-account.md): AES-256-GCM of the
 * account's JSON under the key named by `key_id`, a fresh 96-bit IV per write, the authentication tag kept
 * beside it, and the practitioner's id and the key id as associated data, so a row copied onto another
 * practitioner does not decrypt. No digit of the account is stored in clear. Base64 text columns.
 */
export const bankAccounts = pgTable('bank_accounts', {
  id: id(),
  practitionerId: uuid('practitioner_id')
    .notNull()
    .unique()
    .references(() => practitioners.id, { onDelete: 'cascade' }),
  keyId: text('key_id').notNull(),
  iv: text('iv').notNull(),
  ciphertext: text('ciphertext').notNull(),
  authTag: text('auth_tag').notNull(),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * A consent to share the bank account with one payer: the version and the exact text shown, who gave it and
 * when, and when it was withdrawn (the row stays as the record). At most one current share per payer.
 */
export const bankAccountShares = pgTable(
  'bank_account_shares',
  {
    id: id(),
    practitionerId: ownerPractitionerId(),
    partnerServiceId: uuid('partner_service_id')
      .notNull()
      .references(() => partnerServices.id, { onDelete: 'cascade' }),
    consentVersion: integer('consent_version').notNull(),
    consentText: text('consent_text').notNull(),
    consentedByUserId: uuid('consented_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    consentedAt: at('consented_at').notNull().defaultNow(),
    withdrawnAt: at('withdrawn_at'),
    withdrawnByUserId: uuid('withdrawn_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('bank_account_shares_current_unique')
      .on(t.practitionerId, t.partnerServiceId)
      .where(sql`${t.withdrawnAt} IS NULL`),
    index('bank_account_shares_partner_service_id_idx').on(t.partnerServiceId),
  ],
);
