// Delegation: a practitioner's delegates, invitations, consent and the details-update answer
// (docs/product/features.md#delegation).
import { z } from 'zod';
import { constants } from './constants.ts';
import { singleLineText } from './text.ts';
import { delegationStatuses } from './value-lists.ts';

export * from './delegations-paths.ts';

export const DelegationStatus = z.enum(delegationStatuses);
export type DelegationStatus = z.infer<typeof DelegationStatus>;

/** Rows a page of the delegates list holds. */
export const delegationsPageSize = 10;

/** Validation messages of docs/product/features.md#delegation, word for word. */
export const delegationMessages = {
  raRequired: 'Please enter an RA number',
  raDigits: 'The RA number must be 10 digits',
  lastNameRequired: 'Please enter their last name',
  firstNameRequired: 'Please enter their first name',
  emailRequired: 'Please enter their email',
  emailNoAt: 'Please check the email address, an email contains an @ sign',
  emailInvalid: 'Please enter a valid email',
  emailTopLevelDomain: 'Email must have a top level domain',
  consentAssign: 'Please tick the box to consent to delegating all the above',
  consentResend: 'Please tick the box to consent to this person acting on your behalf',
  consentStop: 'Please tick the box to consent to stopping the delegations above',
  delegateTypeRequired: 'Please choose how to find your delegate',
} as const;

/** RA number of the provider-login service: exactly 10 digits. */
export const raNumber = singleLineText({
  min: 1,
  max: constants.raNumberLength,
  required: delegationMessages.raRequired,
  tooLong: delegationMessages.raDigits,
}).regex(/^\d{10}$/, delegationMessages.raDigits);

const lastName = singleLineText({
  min: 1,
  max: 100,
  required: delegationMessages.lastNameRequired,
});
const firstName = singleLineText({
  min: 1,
  max: 100,
  required: delegationMessages.firstNameRequired,
});

/** The email pattern: something, an @, a domain with a top-level part. */
export const delegateEmailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;

/** A delegate's email: required, at most 100 characters, the no-@ message before the general one. */
function delegateEmail(invalid: string) {
  return singleLineText({
    min: 1,
    max: constants.emailMaxLength,
    required: delegationMessages.emailRequired,
    tooLong: invalid,
  }).check((ctx) => {
    const v = ctx.value;
    if (v === '') return;
    if (!v.includes('@'))
      ctx.issues.push({ code: 'custom', message: delegationMessages.emailNoAt, input: v });
    else if (!delegateEmailPattern.test(v))
      ctx.issues.push({ code: 'custom', message: invalid, input: v });
  });
}

/** A consent tick that must be given. */
const consented = (message: string) => z.boolean().refine((v) => v, { message });

/** The consent a practitioner gives: the tick and the version of the text they were shown. */
const consentFields = (message: string) => ({
  consent: consented(message),
  consentVersion: z.number().int().min(1),
});

/** The consent text in force: its version and its items, in order (docs/product/features.md#feature-permissions). */
export const DelegationConsent = z.object({
  version: z.number().int().min(1),
  items: z.array(z.string()),
});
export type DelegationConsent = z.infer<typeof DelegationConsent>;

/** One row of the delegates list (docs/product/features.md#feature-entities Delegate list item). */
export const DelegationListItem = z.object({
  id: z.string().uuid(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string(),
  status: DelegationStatus,
  lastUpdated: z.string(),
  lastLogin: z.string().nullable(),
  authIdentifier: z.string(),
  delegateUserId: z.string().uuid().nullable(),
});
export type DelegationListItem = z.infer<typeof DelegationListItem>;

export const DelegationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  status: DelegationStatus.optional(),
});
export type DelegationsQuery = z.input<typeof DelegationsQuery>;

export const DelegationsPage = z.object({
  items: z.array(DelegationListItem),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().nonnegative(),
});
export type DelegationsPage = z.infer<typeof DelegationsPage>;

/** The invite search form (docs/product/features.md#feature-entities User search request). */
export const DelegateUserSearchRequest = z.object({
  authIdentifier: raNumber,
  familyName: lastName,
});
export type DelegateUserSearchRequest = z.input<typeof DelegateUserSearchRequest>;

/** A user who could be a delegate, as a card shows them. */
export const DelegateCandidate = z.object({
  id: z.string().uuid(),
  authIdentifier: z.string(),
  givenName: z.string(),
  familyName: z.string(),
  email: z.string().nullable(),
  userPhotoData: z.string().nullable(),
});
export type DelegateCandidate = z.infer<typeof DelegateCandidate>;

/**
 * The search's answer. A wrong last name or an open invitation says so and nothing more: no name, email
 * or photo of the user behind the RA number.
 */
export const DelegateUserSearchResult = z.object({
  user: DelegateCandidate.nullable(),
  alreadyInvited: z.boolean(),
  lastNameDoesntMatch: z.boolean(),
});
export type DelegateUserSearchResult = z.infer<typeof DelegateUserSearchResult>;

export const PotentialDelegates = z.object({ users: z.array(DelegateCandidate) });
export type PotentialDelegates = z.infer<typeof PotentialDelegates>;

/** Invite someone by RA number (docs/product/features.md#feature-entities Invite request) with the consent. */
export const InviteDelegateRequest = z.object({
  authIdentifier: raNumber,
  givenName: firstName,
  familyName: lastName,
  email: delegateEmail(delegationMessages.emailInvalid),
  ...consentFields(delegationMessages.consentAssign),
});
export type InviteDelegateRequest = z.input<typeof InviteDelegateRequest>;

/** Add one of the practitioner's connections (Add delegate request) with the consent. */
export const AddDelegateRequest = z.object({
  userId: z.string().uuid(),
  ...consentFields(delegationMessages.consentAssign),
});
export type AddDelegateRequest = z.input<typeof AddDelegateRequest>;

/** Resend an invitation (Resend invitation request) with the consent; the email may be corrected. */
export const ResendInvitationRequest = z.object({
  authIdentifier: raNumber,
  givenName: firstName,
  familyName: lastName,
  email: delegateEmail(delegationMessages.emailTopLevelDomain),
  delegateInvitationId: z.string().uuid(),
  ...consentFields(delegationMessages.consentResend),
});
export type ResendInvitationRequest = z.input<typeof ResendInvitationRequest>;

/** Stop an accepted delegation, with the consent. */
export const StopDelegationRequest = z.object(consentFields(delegationMessages.consentStop));
export type StopDelegationRequest = z.input<typeof StopDelegationRequest>;

/** Re-assign a stopped delegate: the practitioner consents again to the list in force. */
export const ReassignDelegationRequest = z.object(consentFields(delegationMessages.consentAssign));
export type ReassignDelegationRequest = z.input<typeof ReassignDelegationRequest>;

/** The practitioner's answer to a delegate whose details changed (Details-update response request). */
export const DetailsUpdateResponseRequest = z.object({
  acceptDetailsUpdate: z.boolean(),
  delegateInvitationId: z.string().uuid(),
});
export type DetailsUpdateResponseRequest = z.input<typeof DetailsUpdateResponseRequest>;

export const DetailsUpdateResponse = z.object({
  authorisationUpdated: z.boolean(),
  email: z.string(),
  givenName: z.string(),
});
export type DetailsUpdateResponse = z.infer<typeof DetailsUpdateResponse>;

/** What a practitioner can do to a delegation; each moves it from some statuses to one (docs/product/features.md#delegation). */
export const delegationTransitions = {
  stop: { from: ['Accepted'], to: 'Stopped' },
  reassign: { from: ['Stopped'], to: 'Accepted' },
  cancel: { from: ['Invited', 'Pending'], to: 'Cancelled' },
  resend: { from: ['Invited'], to: 'Invited' },
  acceptDetailsUpdate: { from: ['Pending'], to: 'Accepted' },
  declineDetailsUpdate: { from: ['Pending'], to: 'Cancelled' },
} as const satisfies Record<string, { from: readonly DelegationStatus[]; to: DelegationStatus }>;
export type DelegationAction = keyof typeof delegationTransitions;

/** Whether `action` is allowed from `status`: the only transitions the API makes. */
export function canTransition(status: DelegationStatus, action: DelegationAction): boolean {
  return (delegationTransitions[action].from as readonly DelegationStatus[]).includes(status);
}

/** Statuses in which a delegation is live: a second one for the same person is refused. */
export const liveDelegationStatuses = ['Invited', 'Pending', 'Accepted'] as const;

/** Row-menu actions of the delegates list by status, in menu order (docs/product/features.md#delegation). */
export const delegationRowActions: Record<
  DelegationStatus,
  ReadonlyArray<'stop' | 'reassign' | 'resend' | 'cancel'>
> = {
  Accepted: ['stop'],
  Stopped: ['reassign'],
  Pending: ['cancel'],
  Invited: ['resend', 'cancel'],
  Cancelled: [],
  Rejected: [],
};

/** The chip of a status: its label and tone (Accepted shows as Active). */
export const delegationStatusChips: Record<
  DelegationStatus,
  { label: string; tone: 'success' | 'warning' | 'secondary' | 'neutral' }
> = {
  Accepted: { label: 'Active', tone: 'success' },
  Stopped: { label: 'Stopped', tone: 'warning' },
  Pending: { label: 'Pending', tone: 'secondary' },
  Invited: { label: 'Invited', tone: 'secondary' },
  Cancelled: { label: 'Cancelled', tone: 'neutral' },
  Rejected: { label: 'Rejected', tone: 'neutral' },
};

/** "James' invite", "Alice's invite": the possessive rule of docs/product/features.md#delegation */
export const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

/** What happened, for the success alert on the delegates list (docs/product/features.md#delegation). */
export type DelegationOutcome =
  'added' | 'invited' | 'resent' | 'stopped' | 'cancelled' | 'detailsUpdated' | 'detailsDeclined';

/** The success alert of an outcome: title and message. */
export function delegationSuccessAlert(
  outcome: DelegationOutcome,
  person: { givenName: string; email: string },
): { title: string; message: string } {
  const listSent = `An email was sent to ${person.email} with a list of delegations`;
  const informed = `An email was sent to ${person.email} to inform them.`;
  switch (outcome) {
    case 'detailsUpdated':
      return {
        title: 'Successfully updated',
        message: `${possessive(person.givenName)} full name has been updated.`,
      };
    case 'added':
      return { title: 'Successfully added delegate', message: listSent };
    case 'invited':
      return { title: 'Successfully sent invite', message: listSent };
    case 'resent':
      return { title: 'Successfully resent invite', message: listSent };
    case 'stopped':
      return {
        title: 'Successfully stopped delegation',
        message: `An email was sent to ${person.email} to confirm you stopped delegation`,
      };
    case 'cancelled':
      return { title: 'Successfully cancelled delegation', message: informed };
    case 'detailsDeclined':
      return { title: 'Successfully declined updates', message: informed };
  }
}

/** Sorry messages of the invite search (docs/product/features.md#delegation). */
export const delegateSearchMessages = {
  alreadyInvited: {
    title: 'Sorry, the user has already been invited.',
    message: 'Please wait for the user to respond to the invitation.',
  },
  noMatch: {
    title: "Sorry, we couldn't find a match.",
    message: 'Please check the last name that you entered is correct.',
  },
  noEmailMatch:
    "Sorry, we couldn't find a match. Please enter a new email. We will email the invitation on your behalf.",
} as const;

/** Texts of the delegation pages (docs/product/features.md#delegation). */
export const delegationTexts = {
  listIntro:
    'Delegate your Provider Connect Australia administration work to your practice or business manager.',
  listEmpty: 'No delegates',
  listLoading: 'Loading practitioner delegates..',
  detailsUpdateSpinner: 'Recording response to details update..',
  consentAssign: 'I consent to delegating all the above',
  consentResend: 'I consent to this person acting on my behalf',
  consentStop: 'I consent to stop the delegations above',
  stopIntro: 'If you proceed, access to the following tasks will cease.',
  inviteEmailHint: 'Invite email will be sent on your behalf',
  manageAccountsEmpty: 'You have not been assigned as a delegate yet.',
  delegateCan: [
    'Upload credential documents',
    'Complete their tasks',
    'Consent on their behalf',
    'Share their bank detail with payer organisations',
    'Publish their bank account and personal contact details',
  ],
} as const;

/** Whether two names are the same person's as typed: case and surrounding spaces aside, accents count. */
export const sameName = (a: string, b: string) =>
  a.trim().localeCompare(b.trim(), 'en-AU', { sensitivity: 'accent' }) === 0;
