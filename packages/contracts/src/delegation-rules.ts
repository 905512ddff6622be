// Delegation rules and wording that pages show without validating anything: statuses, transitions, row
// actions, chips, alerts, messages. zod-free, so the delegates list imports it by path without loading zod
// (docs/decisions/018-critical-path-javascript.md). delegations.ts re-exports it.
import type { delegationStatuses } from './value-lists.ts';

/** A delegation's status (docs/product/features.md#delegation). */
export type DelegationStatus = (typeof delegationStatuses)[number];

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
        message: `${person.givenName}'s full name has been updated.`,
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
