// Paths, masks and wording of a practitioner's bank account (docs/product/bank-account.md,
// docs/decisions/058-bank-account.md). zod-free, like the other `*-paths.ts` files, so a page can import them
// without loading zod.

/**
 * API paths of a practitioner's bank account. Each acts for the practitioner named in the path: the caller's
 * own practitioner record, or the practitioner they manage as a delegate whose consent includes sharing bank
 * details; anyone else gets 404.
 */
export const bankAccountApiPaths = {
  /** GET: the account (masked), the payers offered and the shares; PUT { accountName, bsb, accountNumber }: save. */
  account: '/api/bank-account/:practitionerId',
  /** POST { partnerServiceId, consentVersion, consent: true }: share with a payer. */
  shares: '/api/bank-account/:practitionerId/shares',
  /** DELETE: withdraw the consent to share with that payer. */
  share: '/api/bank-account/:practitionerId/shares/:partnerServiceId',
} as const;

export const bankAccountApiPath = (practitionerId: string) =>
  bankAccountApiPaths.account.replace(':practitionerId', encodeURIComponent(practitionerId));
export const bankAccountSharesApiPath = (practitionerId: string) =>
  bankAccountApiPaths.shares.replace(':practitionerId', encodeURIComponent(practitionerId));
export const bankAccountShareApiPath = (practitionerId: string, partnerServiceId: string) =>
  bankAccountApiPaths.share
    .replace(':practitionerId', encodeURIComponent(practitionerId))
    .replace(':partnerServiceId', encodeURIComponent(partnerServiceId));

/** Problem types (`/problems/<slug>`) the bank account answers besides the house's (decision 008). */
export const bankAccountProblemTypes = {
  /** 409: sharing before an account is saved. */
  noAccount: '/problems/bank-account-missing',
  /** 409: consent given to a version of the consent text that is no longer the current one. */
  consentNotCurrent: '/problems/bank-account-consent-not-current',
  /** 409: already shared with that payer. */
  alreadyShared: '/problems/bank-account-already-shared',
  /** 500: the stored account cannot be decrypted (unknown key, or the row was changed outside the portal). */
  unreadable: '/problems/bank-account-unreadable',
} as const;

/** A BSB as shown: `000-000`. */
export const formatBsb = (bsb: string) => `${bsb.slice(0, 3)}-${bsb.slice(3)}`;

/** An account number as shown after saving: its last four digits behind four dots (••••5678). */
export const maskAccountNumber = (accountNumber: string) => `••••${accountNumber.slice(-4)}`;

/** A BSB as the audit trail records it: the bank's three digits, the branch masked (062-•••). */
export const maskBsbForAudit = (bsb: string) => `${bsb.slice(0, 3)}-•••`;

/**
 * The consent a practitioner (or their delegate) gives to share the bank account with one payer, versioned:
 * a new wording is a new version, and each share records the version and the exact text shown
 * (docs/decisions/058-bank-account.md).
 */
export const bankAccountConsent = {
  version: 1,
  text: (payer: string) =>
    `I consent to Provider Connect Australia sharing this bank account (account name, BSB and account number) with ${payer}, together with the practitioner's name and HPI-I, so that ${payer} can pay claims for their services. ${payer} reads it through the partner API only while this consent stands. I can withdraw this consent at any time, and ${payer} will no longer be able to read it.`,
} as const;

/** Every text of the bank account page and API (docs/product/bank-account.md). */
export const bankAccountMessages = {
  title: 'Bank account',
  intro:
    'The account payer organisations such as health funds pay your claims into. It is stored encrypted and shared only with the payers you consent to.',
  introManaging: (name: string) =>
    `The account payer organisations such as health funds pay ${name}'s claims into. It is stored encrypted and shared only with the payers consented to.`,
  loading: 'Loading bank account..',
  loadError: 'There was an error while loading the bank account.',
  saveError: 'There was an error while saving the bank account.',
  shareError: 'There was an error while sharing the bank account.',
  withdrawError: 'There was an error while withdrawing the consent.',
  none: 'No bank account has been added yet.',
  add: 'Add bank account',
  edit: 'Edit',
  editTitle: 'Replace bank account',
  editHint: 'Enter the whole account again. The new details replace the saved ones.',
  save: 'Save',
  cancel: 'Cancel',
  accountNameLabel: 'Account name',
  bsbLabel: 'BSB',
  bsbHint: '6 digits, for example 062-000',
  accountNumberLabel: 'Account number',
  accountNumberHint: '6 to 9 digits',
  accountNameRequired: 'Enter the account name',
  bsbRequired: 'Enter the BSB',
  bsbInvalid: 'Enter a BSB of 6 digits, for example 062-000',
  accountNumberRequired: 'Enter the account number',
  accountNumberInvalid: 'Enter an account number of 6 to 9 digits',
  saved: 'The bank account was saved.',
  lastUpdated: (date: string) => `Last updated ${date}`,
  sharingTitle: 'Sharing with payers',
  sharingIntro:
    'Payer organisations such as health funds can read the bank account only while you consent to share it with them.',
  noPayers: 'There are no payer organisations to share with.',
  sharingNeedsAccount: 'Add a bank account before sharing it.',
  shared: 'Shared',
  notShared: 'Not shared',
  sharedSince: (date: string, version: number) =>
    `Shared since ${date} (consent version ${version})`,
  share: (payer: string) => `Share with ${payer}`,
  consentHeading: (payer: string) => `Consent to share with ${payer}`,
  consentLabel: 'I consent to sharing the bank account as above',
  consentRequired: 'Please tick the box to consent to sharing the bank account',
  confirmShare: 'Share',
  withdraw: 'Withdraw consent',
  sharedWith: (payer: string) => `The bank account is now shared with ${payer}.`,
  withdrawn: (payer: string) => `Consent withdrawn: ${payer} can no longer read the bank account.`,
  /** A delegate managing the practitioner whose delegation's consent does not include bank details. */
  noDelegateConsentTitle: 'No consent to manage bank details',
  noDelegateConsent: (name: string) =>
    `${name} has not given you consent to manage and share their bank details. They give it when they assign you as their delegate and consent to the list that includes sharing bank details with payer organisations.`,
  // Problem details.
  notFound: 'There is no bank account here for you.',
  payerNotFound: 'This payer organisation is not offered.',
  shareNotFound: 'The bank account is not shared with this payer organisation.',
  noAccount: 'Add a bank account before sharing it.',
  consentNotCurrent:
    'The consent text has changed since it was shown. Read the current text and consent again.',
  alreadyShared: 'The bank account is already shared with this payer organisation.',
  unreadable:
    'The saved bank account cannot be read. Enter the account again, or contact support if this continues.',
} as const;
