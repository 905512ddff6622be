// Delegation: a practitioner's delegates, invitations, consent and the details-update answer
// (docs/product/features.md#delegation).
import { z } from 'zod';
import { constants } from './constants.ts';
import { singleLineText } from './text.ts';
import { delegationStatuses } from './value-lists.ts';

import { delegationMessages } from './delegation-rules.ts';
import { Uuid } from './ids.ts';

export * from './delegations-paths.ts';
export * from './delegation-rules.ts';

export const DelegationStatus = z.enum(delegationStatuses);
export type DelegationStatus = z.infer<typeof DelegationStatus>;

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
  id: Uuid,
  givenName: z.string(),
  familyName: z.string(),
  email: z.string(),
  status: DelegationStatus,
  lastUpdated: z.string(),
  lastLogin: z.string().nullable(),
  authIdentifier: z.string(),
  delegateUserId: Uuid.nullable(),
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
  id: Uuid,
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
  userId: Uuid,
  ...consentFields(delegationMessages.consentAssign),
});
export type AddDelegateRequest = z.input<typeof AddDelegateRequest>;

/** Resend an invitation (Resend invitation request) with the consent; the email may be corrected. */
export const ResendInvitationRequest = z.object({
  authIdentifier: raNumber,
  givenName: firstName,
  familyName: lastName,
  email: delegateEmail(delegationMessages.emailTopLevelDomain),
  delegateInvitationId: Uuid,
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
  delegateInvitationId: Uuid,
});
export type DetailsUpdateResponseRequest = z.input<typeof DetailsUpdateResponseRequest>;

export const DetailsUpdateResponse = z.object({
  authorisationUpdated: z.boolean(),
  email: z.string(),
  givenName: z.string(),
});
export type DetailsUpdateResponse = z.infer<typeof DetailsUpdateResponse>;
