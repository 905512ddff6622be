// The profile: basic information, personal contact details, photo, email verification, registering as a
// practitioner and the practitioner profile read view (docs/product/features.md#profile,
// docs/decisions/022-profile-and-email-verification.md).
import { z } from 'zod';
import { constants } from './constants.ts';
import { optionalSingleLineText } from './text.ts';
import { AhpraPractitionerDetail, ParticipationApprovalStatus } from './user.ts';
import { registrationEmail, registrationPhone } from './user-registration.ts';

export * from './profile-paths.ts';

// ── Photo (docs/decisions/024-profile-photo.md) ──

// ── Register as a practitioner (docs/decisions/023-register-as-practitioner.md) ──

// ── Profile, personal contact details and email verification ──

/** Messages of the profile (docs/product/features.md#profile). */
export const profileMessages = {
  saved: 'Successfully updated your profile',
  detailsSaved: 'Successfully updated your details',
  saveFailed: 'Error saving basic information.',
  resendLocked: 'Verification email resend time has not expired',
  resendLockedWarning: 'Please wait before requesting another verification',
  verifying: 'Verifying email..',
  verifiedTitle: 'Email Verified',
  verified: 'Your email has been successfully verified.',
  verifyFailed: 'Email verification failed. Please ensure the verification link is correct.',
  preferredNameHint: 'Your preferred name may be changed in the government services portal.',
  personalContactDetailsText:
    'Your personal contact details are only shared with organisations that you or your delegate choose.',
  hpiiValidating: 'The H P I I is being validated',
  hpiiValid: 'HPI-I is valid',
  hpiiNotRetrievable: 'Unable to retrieve the HPI-I.',
} as const;

/** Personal email: optional, but a valid address on a domain with a top-level part when given. */
const personalEmail = optionalSingleLineText(constants.emailMaxLength, 'Must be valid email').regex(
  /^$|^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/,
  'Must be valid email',
);
/** Personal phone: optional, the profile phone pattern when given. */
const personalPhone = optionalSingleLineText(
  constants.phoneMaxLength,
  'Please enter a 6 or 10 digit number starting with 0 or 1',
).regex(/^$|^[01](\d{5}|\d{9})$/, 'Please enter a 6 or 10 digit number starting with 0 or 1');

/**
 * A user's profile as the profile page shows it: the User register's user with the practitioner record's
 * personal contact details (docs/product/features.md#feature-entities).
 */
export const Profile = z.object({
  id: z.string().uuid(),
  givenName: z.string(),
  familyName: z.string(),
  authIdentifier: z.string(),
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phone: z.string().nullable(),
  hpii: z.string().nullable(),
  photoData: z.string().nullable(),
  participationApprovalStatus: ParticipationApprovalStatus.nullable(),
  practitionerId: z.string().uuid().nullable(),
  practitionerPreferredName: z.object({ text: z.string() }).nullable(),
  ahpraPractitionerDetails: z.array(AhpraPractitionerDetail),
  personalEmail: z.string().nullable(),
  personalPhone: z.string().nullable(),
  /** Whether the caller is this user (a delegate managing them sees, but may change only some parts). */
  isOwnProfile: z.boolean(),
  /** Until when 'Resend validation email' is locked (ISO date-time), or null. */
  emailVerificationResendLockedUntil: z.string().nullable(),
});
export type Profile = z.infer<typeof Profile>;

/** Body of Basic information's Save. */
export const BasicInformationUpdate = z.object({
  email: registrationEmail,
  phone: registrationPhone,
});
export type BasicInformationUpdate = z.input<typeof BasicInformationUpdate>;

/** Body of Personal contact details' Save ('' clears a value). */
export const PersonalContactDetailsUpdate = z.object({
  personalEmail: personalEmail,
  personalPhone: personalPhone,
});
export type PersonalContactDetailsUpdate = z.input<typeof PersonalContactDetailsUpdate>;

/** Body of the verify-email call: the two query parameters of the mailed link. */
export const VerifyEmailRequest = z.object({
  email: z.string().trim().min(1).max(constants.emailMaxLength),
  code: z.string().trim().min(1).max(200),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;

/** Answer of a successful verification. */
export const VerifyEmailResult = z.object({ email: z.string(), emailConfirmed: z.literal(true) });
export type VerifyEmailResult = z.infer<typeof VerifyEmailResult>;

/** The practitioner profile read view (docs/product/features.md#profile). */
export const PractitionerProfile = z.object({
  id: z.string().uuid(),
  givenName: z.string(),
  familyName: z.string(),
  preferredName: z.string().nullable(),
  /** The provider-login ID (RA number) of the practitioner's user, when they have one. */
  authIdentifier: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hpii: z.string().nullable(),
  registrations: z.array(AhpraPractitionerDetail),
  personalEmail: z.string().nullable(),
  personalPhone: z.string().nullable(),
});
export type PractitionerProfile = z.infer<typeof PractitionerProfile>;
