import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, inList } from './columns.ts';
import { credentialDocumentMediaTypes, credentialDocumentTypes } from './enums.ts';
import { organisations } from './organisations.ts';
import { ownerPractitionerId } from './practitioners.ts';
import { users } from './users.ts';

/**
 * A practitioner's credential document (docs/decisions/057-credential-documents.md). The file itself is in
 * the document storage under `storage_key` (a fresh key per upload); the row holds what is shown about it.
 */
export const credentialDocuments = pgTable(
  'credential_documents',
  {
    id: id(),
    practitionerId: ownerPractitionerId(),
    type: text('type', { enum: credentialDocumentTypes }).notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    mediaType: text('media_type', { enum: credentialDocumentMediaTypes }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sha256: text('sha256').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    // The expiry date the 30-day reminder was created for: the reminder job skips a document whose
    // expiry it has already reminded of, so re-runs never duplicate; a new expiry date is reminded again.
    expiryReminderSentFor: date('expiry_reminder_sent_for', { mode: 'string' }),
  },
  (t) => [
    index('credential_documents_practitioner_idx').on(t.practitionerId),
    index('credential_documents_expiry_idx').on(t.expiryDate),
    check(
      'credential_documents_type_check',
      sql.raw(`type IN (${inList(credentialDocumentTypes)})`),
    ),
    check(
      'credential_documents_media_type_check',
      sql.raw(`media_type IN (${inList(credentialDocumentMediaTypes)})`),
    ),
    check('credential_documents_dates_check', sql`${t.expiryDate} > ${t.issueDate}`),
    check('credential_documents_size_check', sql`${t.sizeBytes} > 0`),
  ],
);

/** The organisations whose managers may view a document. */
export const credentialDocumentShares = pgTable(
  'credential_document_shares',
  {
    documentId: uuid('document_id')
      .notNull()
      .references(() => credentialDocuments.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.organisationId] }),
    index('credential_document_shares_organisation_idx').on(t.organisationId),
  ],
);
