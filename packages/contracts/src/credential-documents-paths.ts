// Paths, limits and messages of credential documents live apart from the schemas so a page can import them
// without loading zod (docs/decisions/057-credential-documents.md).
import type { CredentialDocumentType } from './value-lists.ts';

/**
 * API paths of credential documents. The list, the upload and a document's own routes act for the caller's
 * practitioner record or the practitioner they manage as a delegate; a document's file is also readable by
 * the managers of the organisations it is shared with; anyone else gets 404.
 */
export const credentialDocumentApiPaths = {
  /** GET: the practitioner's documents and the organisations they may share with; POST multipart: upload one. */
  list: '/api/credential-documents',
  /** GET: one document; PUT { details }: change its details and sharing; DELETE: remove it. */
  item: '/api/credential-documents/:id',
  /** GET: the file itself (an attachment); PUT multipart: replace it. */
  file: '/api/credential-documents/:id/file',
  /** GET: the documents shared with an organisation, for its OrganisationManagers. */
  organisation: '/api/credential-documents/organisations/:organisationId',
} as const;

const fill = (path: string, name: string, value: string) =>
  path.replace(`:${name}`, encodeURIComponent(value));

/** A document's path, or its file's. */
export const credentialDocumentApiPath = (id: string) =>
  fill(credentialDocumentApiPaths.item, 'id', id);
export const credentialDocumentFileApiPath = (id: string) =>
  fill(credentialDocumentApiPaths.file, 'id', id);
export const organisationCredentialDocumentsApiPath = (organisationId: string) =>
  fill(credentialDocumentApiPaths.organisation, 'organisationId', organisationId);

/** The upload's limits: at most 10 MB, more than zero bytes. */
export const credentialDocumentLimits = {
  maxBytes: 10 * 1024 * 1024,
  /** Days before its expiry when a document is 'Expires soon' and its reminder task is created. */
  expiresSoonDays: 30,
  /**
   * The dates a document may carry (yyyy-mm-dd, inclusive): a year typed with two digits in a date field
   * (25 for 2025) reaches the form as 0025, and is refused rather than kept as a document of year 25.
   */
  earliestDate: '1900-01-01',
  latestDate: '2199-12-31',
} as const;

/** The multipart field names of an upload: the details (JSON) first, then the file. */
export const credentialDocumentParts = { details: 'details', file: 'file' } as const;

/** Problem types (`/problems/<slug>`) of an upload besides the house's (decision 008). */
export const credentialDocumentProblemTypes = {
  empty: '/problems/credential-document-empty',
  tooBig: '/problems/credential-document-too-big',
  fileType: '/problems/credential-document-type',
  unsafe: '/problems/credential-document-unsafe',
  incomplete: '/problems/credential-document-incomplete',
  noPractitioner: '/problems/no-practitioner',
} as const;

/** How each type reads. */
export const credentialDocumentTypeLabels: Record<CredentialDocumentType, string> = {
  RegistrationCertificate: 'Registration certificate',
  ProfessionalIndemnityInsurance: 'Professional indemnity insurance',
  Qualification: 'Qualification',
  Other: 'Other',
};

/** Every text of the credential document pages and API (docs/product/credential-documents.md). */
export const credentialDocumentMessages = {
  listTitle: 'Credential documents',
  listIntro:
    'Keep your registration, insurance and qualification documents here, and choose which of your organisations may view each one.',
  listIntroManaging: (name: string) =>
    `Keep ${name}'s registration, insurance and qualification documents here, and choose which of their organisations may view each one.`,
  addTitle: 'Add credential document',
  editTitle: 'Edit credential document',
  add: 'Add credential document',
  empty: 'No credential documents have been added yet.',
  loading: 'Loading credential documents',
  loadThing: 'the credential documents',
  save: 'Save',
  upload: 'Upload',
  cancel: 'Cancel',
  edit: 'Edit',
  download: 'Download',
  remove: 'Remove',
  removeTitle: 'Remove this credential document?',
  removeBody: (name: string) =>
    `${name} will be removed, and the organisations it is shared with will no longer be able to view it.`,
  removeConfirm: 'Remove document',
  removed: (name: string) => `${name} was removed.`,
  added: (name: string) => `${name} was added.`,
  saved: (name: string) => `${name} was saved.`,
  typeLabel: 'Document type',
  typeRequired: 'Select a document type',
  typePlaceholder: 'Select a document type',
  titleLabel: 'Title',
  descriptionLabel: 'Description',
  issueDateLabel: 'Issue date',
  issueDateRequired: 'Enter the issue date',
  expiryDateLabel: 'Expiry date',
  expiryDateRequired: 'Enter the expiry date',
  expiryAfterIssue: 'The expiry date must be after the issue date',
  dateFormat: 'Enter a date as YYYY-MM-DD',
  dateTooEarly: 'Enter a date on or after 1 January 1900',
  dateTooLate: 'Enter a date on or before 31 December 2199',
  fileLabel: 'File',
  fileHint: 'A PDF, PNG or JPEG file of 10 MB or less.',
  replaceFileLabel: 'Replace the file',
  fileRequired: 'Choose a file to upload',
  currentFile: 'Current file',
  shareLabel: 'Organisations that may view this document',
  shareHint: 'Their organisation managers can view and download it. Nobody else can.',
  noOrganisations:
    'You have no current practitioner roles, so there are no organisations to share with yet.',
  sharedWith: 'Who may view',
  sharedWithNobody: 'Only you and your delegates',
  expiresSoon: 'Expires soon',
  expired: 'Expired',
  current: 'Current',
  fileName: 'File name',
  size: 'Size',
  issued: 'Issued',
  expires: 'Expires',
  type: 'Type',
  practitioner: 'Practitioner',
  sharedTab: 'Credential documents',
  sharedIntro:
    'Credential documents the practitioners of this organisation have shared with it. Only its organisation managers can view them.',
  sharedEmpty: 'No practitioner has shared a credential document with this organisation.',
  notFound: 'This credential document does not exist, or you cannot view it.',
  // Problem details; the file field shows them.
  fileEmpty: 'The file is empty. Choose a file that has something in it.',
  fileTooBig: 'The file is larger than 10 MB. Choose a smaller file.',
  fileType: 'The file type is not supported. Upload a PDF, PNG or JPEG file.',
  fileExecutable:
    'This file is a program, not a document, whatever its name says. Upload a PDF, PNG or JPEG file.',
  fileScript:
    'This PDF contains JavaScript or actions that run when it is opened, which we cannot accept. Save it again without them (for example, print it to PDF) and upload that.',
  fileEmbedded:
    'This PDF contains embedded files or launches other programs, which we cannot accept. Save it again without them (for example, print it to PDF) and upload that.',
  fileIncomplete: 'The file is incomplete or damaged. Upload it again.',
  noPractitioner:
    'Credential documents belong to a practitioner. Register as a practitioner, or manage a practitioner you are a delegate of.',
  notShareable: 'Choose only organisations where the practitioner holds a current role.',
  /** The reminder task (docs/decisions/057-credential-documents.md). */
  expiryTaskReason: (name: string, date: string) =>
    `${name} expires on ${date}. Upload the renewed document, or change its dates, so the organisations that rely on it keep a current copy.`,
} as const;
