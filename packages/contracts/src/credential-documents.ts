// A practitioner's credential documents (docs/decisions/057-credential-documents.md): registration
// certificates, insurance and qualifications, each shared with the organisations the practitioner chooses
// (docs/product/credential-documents.md).
import { z } from 'zod';
import { credentialDocumentMediaTypes, credentialDocumentTypes } from './value-lists.ts';
import { ISO_DATE, isCalendarDate } from './dates.ts';
import { Uuid } from './ids.ts';
import { multiLineText, singleLineText } from './text.ts';
import {
  credentialDocumentLimits as limits,
  credentialDocumentMessages as messages,
} from './credential-documents-paths.ts';

export * from './credential-documents-paths.ts';

/** A calendar date that exists (yyyy-mm-dd), from 1900 to 2199 (docs/product/credential-documents.md). */
const documentDate = (required: string) =>
  z
    .string()
    .trim()
    .min(1, required)
    .regex(ISO_DATE, messages.dateFormat)
    .refine(isCalendarDate, messages.dateFormat)
    // yyyy-mm-dd strings compare as the dates they name; what is not one has its message above.
    .refine((value) => !ISO_DATE.test(value) || value >= limits.earliestDate, messages.dateTooEarly)
    .refine((value) => !ISO_DATE.test(value) || value <= limits.latestDate, messages.dateTooLate);

/** The details a practitioner gives a document: the upload's first part, and the body of Edit. */
export const CredentialDocumentDetails = z
  .object({
    type: z.enum(credentialDocumentTypes, { error: messages.typeRequired }),
    title: singleLineText({ max: 120 }),
    description: multiLineText({ max: 1000 }),
    issueDate: documentDate(messages.issueDateRequired),
    expiryDate: documentDate(messages.expiryDateRequired),
    /** The organisations whose managers may view it (the practitioner's own, where they hold a role). */
    organisationIds: z
      .array(Uuid)
      .max(50)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each organisation once'),
  })
  .check((ctx) => {
    const { issueDate, expiryDate } = ctx.value;
    if (expiryDate <= issueDate)
      ctx.issues.push({
        code: 'custom',
        message: messages.expiryAfterIssue,
        path: ['expiryDate'],
        input: expiryDate,
      });
  });
export type CredentialDocumentDetails = z.infer<typeof CredentialDocumentDetails>;

/** Where a document stands by its expiry date (today in Sydney). */
export const CredentialDocumentStatus = z.enum(['current', 'expires-soon', 'expired']);
export type CredentialDocumentStatus = z.infer<typeof CredentialDocumentStatus>;

/** An organisation a document is, or may be, shared with. */
export const CredentialDocumentOrganisation = z.object({ id: Uuid, name: z.string() });
export type CredentialDocumentOrganisation = z.infer<typeof CredentialDocumentOrganisation>;

/** The stored file's description (never its content). */
const fileFields = {
  fileName: z.string(),
  mediaType: z.enum(credentialDocumentMediaTypes),
  sizeBytes: z.number().int().positive(),
};

/** One of the practitioner's documents. */
export const CredentialDocument = z.object({
  id: Uuid,
  type: z.enum(credentialDocumentTypes),
  title: z.string(),
  description: z.string(),
  issueDate: z.string(),
  expiryDate: z.string(),
  status: CredentialDocumentStatus,
  ...fileFields,
  sharedWith: z.array(CredentialDocumentOrganisation),
  updatedAt: z.string(),
});
export type CredentialDocument = z.infer<typeof CredentialDocument>;

/** The practitioner's documents, whom they are for, and the organisations they may be shared with. */
export const CredentialDocuments = z.object({
  practitioner: z.object({ id: Uuid, givenName: z.string(), familyName: z.string() }),
  /** True when a delegate is acting for the practitioner. */
  managing: z.boolean(),
  organisations: z.array(CredentialDocumentOrganisation),
  items: z.array(CredentialDocument),
});
export type CredentialDocuments = z.infer<typeof CredentialDocuments>;

/** A document as an organisation's managers see it. */
export const SharedCredentialDocument = z.object({
  id: Uuid,
  practitioner: z.object({ id: Uuid, name: z.string() }),
  type: z.enum(credentialDocumentTypes),
  title: z.string(),
  issueDate: z.string(),
  expiryDate: z.string(),
  status: CredentialDocumentStatus,
  ...fileFields,
});
export type SharedCredentialDocument = z.infer<typeof SharedCredentialDocument>;

/** The documents shared with one organisation. */
export const SharedCredentialDocuments = z.object({
  organisation: CredentialDocumentOrganisation,
  items: z.array(SharedCredentialDocument),
});
export type SharedCredentialDocuments = z.infer<typeof SharedCredentialDocuments>;

export const CredentialDocumentParams = z.object({ id: Uuid });
export const OrganisationCredentialDocumentsParams = z.object({ organisationId: Uuid });
