// The profile: basic information, personal contact details, photo, email verification, registering as a
// practitioner and the practitioner profile read view (docs/product/features.md#profile,
// docs/decisions/022-profile-and-email-verification.md).
import { z } from 'zod';
import { constants } from './constants.ts';
import { hpiiMessages, hpiiProblem } from './hpii.ts';
import { optionalSingleLineText, singleLineText } from './text.ts';
import { AhpraPractitionerDetail, ParticipationApprovalStatus, userRecordFields } from './user.ts';
import { registrationEmail, registrationPhone } from './user-registration.ts';
import { Uuid } from './ids.ts';

export * from './profile-paths.ts';
export * from './profile-rules.ts';

// ── Photo (docs/decisions/024-profile-photo.md) ──

export * from './profile-photo-rules.ts';

/** Answer of a photo upload: the stored photo, a 160×160 PNG as a data URL. */
export const ProfilePhoto = z.object({ photoData: z.string() });
export type ProfilePhoto = z.infer<typeof ProfilePhoto>;

// ── Register as a practitioner (docs/decisions/023-register-as-practitioner.md) ──

export * from './hpii.ts';

/**
 * The HPI-I of the register-as-practitioner dialog (docs/product/features.md#feature-validation HPI-I):
 * required, 16 digits, and the Luhn check digit as the additional validator — one message at a time, the
 * zod-free rules of hpii.ts, so a number the HI Service could never know is refused before it is asked.
 */
export const registrationHpii = singleLineText({
  min: 1,
  max: constants.hpiiLength,
  required: hpiiMessages.required,
  tooLong: hpiiMessages.digits,
}).check((ctx) => {
  // Empty and too long already have their message from the text rule above.
  if (ctx.value === '' || ctx.value.length > constants.hpiiLength) return;
  const message = hpiiProblem(ctx.value);
  if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
});

/** The identity step: the HPI-I to check with the HI Service. */
export const HpiiCheckRequest = z.object({ hpii: registrationHpii });
export type HpiiCheckRequest = z.input<typeof HpiiCheckRequest>;

/** A successful identity step: the HI Service knows the HPI-I (the terms step may follow). */
export const HpiiCheckResult = z.object({ hpii: z.string() });
export type HpiiCheckResult = z.infer<typeof HpiiCheckResult>;

/** Messages of the terms step's ticks and of a failed save (docs/product/features.md#feature-errors). */
export const practitionerRegistrationMessages = {
  participationRequired: 'Please tick the box to accept the participation agreement',
  privacyRequired: 'Please tick the box to accept the privacy notice',
  saveFailed: 'Error saving HPI-I number.',
} as const;

/** Saving the terms step: the HPI-I (checked again) with both acceptances. */
export const PractitionerRegistrationRequest = z.object({
  hpii: registrationHpii,
  participationAccepted: z.literal(true, {
    error: practitionerRegistrationMessages.participationRequired,
  }),
  privacyAccepted: z.literal(true, { error: practitionerRegistrationMessages.privacyRequired }),
});
export type PractitionerRegistrationRequest = z.input<typeof PractitionerRegistrationRequest>;

/** A registered practitioner: the User update's response (docs/product/features.md#feature-entities). */
export const PractitionerRegistrationResult = z.object({
  hpii: z.string(),
  practitionerId: Uuid,
});
export type PractitionerRegistrationResult = z.infer<typeof PractitionerRegistrationResult>;

// ── Profile, personal contact details and email verification ──

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
  id: Uuid,
  givenName: z.string(),
  familyName: z.string(),
  authIdentifier: z.string(),
  ...userRecordFields,
  participationApprovalStatus: ParticipationApprovalStatus.nullable(),
  practitionerId: Uuid.nullable(),
  practitionerPreferredName: z.object({ text: z.string() }).nullable(),
  ahpraPractitionerDetails: z.array(AhpraPractitionerDetail),
  personalEmail: z.string().nullable(),
  personalPhone: z.string().nullable(),
  /** The practitioner's recorded sex or gender, when they gave one (null: not given, or no practitioner). */
  recordedSexOrGender: z.enum(['female', 'male', 'other']).nullable(),
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

// ── Recorded sex or gender (docs/decisions/080-hours-all-day-and-rsg.md) ──

/**
 * The codes a practitioner may give as their recorded sex or gender: FHIR's administrative gender, which AU
 * Base's practitioner example and HCPD's `rsg` search use for the individual-recordedSexOrGender extension's
 * value. `unknown` is not offered: a practitioner who prefers not to say gives nothing, and nothing is served.
 */
export const RECORDED_SEX_OR_GENDER_SYSTEM = 'http://hl7.org/fhir/administrative-gender';
export const recordedSexOrGenderCodes = ['female', 'male', 'other'] as const;
export const RecordedSexOrGender = z.enum(recordedSexOrGenderCodes);
export type RecordedSexOrGender = z.infer<typeof RecordedSexOrGender>;
/** Display of each code (FHIR's administrative-gender displays). */
export const recordedSexOrGenderDisplay: Record<RecordedSexOrGender, string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
};

/** Body of Recorded sex or gender's Save ('' is "Prefer not to say": nothing is kept or served). */
export const RecordedSexOrGenderUpdate = z.object({
  recordedSexOrGender: z.union([RecordedSexOrGender, z.literal('')], {
    error: 'Choose one of the options, or Prefer not to say',
  }),
});
export type RecordedSexOrGenderUpdate = z.input<typeof RecordedSexOrGenderUpdate>;

/** Body of the verify-email call: the two query parameters of the mailed link. */
export const VerifyEmailRequest = z.object({
  email: singleLineText({ min: 1, max: constants.emailMaxLength }),
  code: singleLineText({ min: 1, max: 200 }),
});
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequest>;

/** Answer of a successful verification. */
export const VerifyEmailResult = z.object({ email: z.string(), emailConfirmed: z.literal(true) });
export type VerifyEmailResult = z.infer<typeof VerifyEmailResult>;

/** The practitioner profile read view (docs/product/features.md#profile). */
export const PractitionerProfile = z.object({
  id: Uuid,
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
