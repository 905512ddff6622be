// Registering a user: the register-user dialog, delegate invitations and the participation agreement.
import { z } from 'zod';
import { constants } from './constants.ts';
import { singleLineText } from './text.ts';
import { Uuid } from './ids.ts';

export * from './user-registration-paths.ts';

/** Profile email (docs/product/features.md#feature-validation Profile): required, a valid address on a domain with a top-level part. */
export const registrationEmail = singleLineText({
  min: 1,
  max: constants.emailMaxLength,
  required: 'Please enter your email',
  tooLong: 'Must be valid email',
}).regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/, 'Must be valid email');

/** Profile phone (docs/product/features.md#feature-validation Profile): 6 or 10 digits starting with 0 or 1. */
export const registrationPhone = singleLineText({
  min: 1,
  max: constants.phoneMaxLength,
  required: 'Please enter your phone number',
  tooLong: 'Please enter a 6 or 10 digit number starting with 0 or 1',
}).regex(/^[01](\d{5}|\d{9})$/, 'Please enter a 6 or 10 digit number starting with 0 or 1');

/** A consent tick that must be given. */
const mustAccept = (message: string) => z.boolean().refine((v) => v, { message });

/** Body of the register-user dialog. */
export const RegisterUserRequest = z.object({
  email: registrationEmail,
  phone: registrationPhone,
  acceptTermsOfUse: mustAccept('You must accept the terms of use'),
  acceptPrivacyNotice: mustAccept('You must accept the privacy notice'),
});
export type RegisterUserRequest = z.input<typeof RegisterUserRequest>;

/** The consent list a practitioner gives their delegate (docs/product/features.md#feature-permissions), in order. */
export const delegateConsentList = [
  'Give authority to communicate with organisations',
  'Upload credential documents and give organisations access to view',
  'Share bank details with payer organisations such as health funds',
  'Manage tasks sent by organisations',
  'Consent on my behalf when sharing information including personal contact details',
] as const;

/** A delegate invitation as its invitee sees it. */
export const DelegateInvitation = z.object({
  id: Uuid,
  invitedEmail: z.string(),
  inviter: z.object({
    practitionerId: Uuid,
    givenName: z.string(),
    familyName: z.string(),
    preferredName: z.string().nullable(),
  }),
  consents: z.array(z.string()),
});
export type DelegateInvitation = z.infer<typeof DelegateInvitation>;

/** Body accepting a delegate invitation: the delegate's contact details and their agreement. */
export const AcceptDelegateInvitationRequest = z.object({
  email: registrationEmail,
  phone: registrationPhone,
  acceptDelegation: mustAccept('You must accept to act as a delegate'),
  acceptTermsOfUse: mustAccept('You must accept the terms of use'),
  acceptPrivacyNotice: mustAccept('You must accept the privacy notice'),
});
export type AcceptDelegateInvitationRequest = z.input<typeof AcceptDelegateInvitationRequest>;

/**
 * Body accepting a delegate invitation when the profile is already complete (docs/decisions/092-invitation-for-a-complete-profile.md):
 * the delegation consent only. The profile's email and phone stay as they are, and the terms of use and
 * privacy notice were accepted when the profile was completed.
 */
export const AcceptDelegateInvitationAsRegisteredUserRequest = z.object({
  acceptDelegation: mustAccept('You must accept to act as a delegate'),
});
export type AcceptDelegateInvitationAsRegisteredUserRequest = z.input<
  typeof AcceptDelegateInvitationAsRegisteredUserRequest
>;

/**
 * Body of the accept-participation dialog. The privacy notice is left out when the person accepted it in
 * the dialog just before (registering, or accepting a delegation: issue 30, not asked twice in a row); the
 * server then finds that acceptance on record, or refuses.
 */
export const AcceptParticipationRequest = z.object({
  acceptParticipationAgreement: mustAccept('You must accept the participation agreement'),
  acceptPrivacyNotice: mustAccept('You must accept the privacy notice').optional(),
});
export type AcceptParticipationRequest = z.input<typeof AcceptParticipationRequest>;

/** The dialog's form when it asks for the privacy notice too. */
export const AcceptParticipationWithPrivacyRequest = AcceptParticipationRequest.extend({
  acceptPrivacyNotice: mustAccept('You must accept the privacy notice'),
});

/** Outcome of a delegate-invitation answer. */
export const DelegateInvitationOutcome = z.object({
  id: Uuid,
  status: z.enum(['Accepted', 'Pending', 'Rejected']),
});
export type DelegateInvitationOutcome = z.infer<typeof DelegateInvitationOutcome>;
