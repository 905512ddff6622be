// Paths live apart from the schemas so a page can import them without loading zod.
import { idPathFiller } from './paths.ts';

/**
 * API paths of the profile: the User register, Practitioner register and Healthcare identifier calls of
 * docs/product/features.md#feature-calls, with the photo and email verification
 * (docs/decisions/022-profile-and-email-verification.md). `:id` is a user id, except on the practitioner
 * profile, where it is a practitioner id.
 */
export const profileApiPaths = {
  /** GET: a user's profile — the caller's own, or that of the practitioner the caller is managing. */
  profile: '/api/profile/:id',
  /** PUT { email, phone }: basic information; a changed email is mailed a verification link. */
  basicInformation: '/api/profile/:id/basic-information',
  /** PUT { personalEmail, personalPhone }: the practitioner record's personal contact details. */
  personalContactDetails: '/api/profile/:id/personal-contact-details',
  /** PUT { recordedSexOrGender }: the practitioner record's recorded sex or gender ('' for none). */
  recordedSexOrGender: '/api/profile/:id/recorded-sex-or-gender',
  /** PUT image/png or image/jpeg (≤ 5 MB): the photo, re-encoded 160×160; DELETE removes it. */
  photo: '/api/profile/:id/photo',
  /** POST: mail another verification link (at most one every 5 minutes). */
  emailVerification: '/api/profile/:id/email-verification',
  /** POST { hpii }: the identity step of registering as a practitioner (HI Service check). */
  hpiiCheck: '/api/profile/:id/hpii-check',
  /** POST { hpii, participationAccepted, privacyAccepted }: register as a practitioner. */
  practitionerRegistration: '/api/profile/:id/practitioner-registration',
  /** POST { email, code }: verify an email address from the mailed link (no session needed). */
  verifyEmail: '/api/verify-email',
  /** GET: the practitioner profile read view (the practitioner, or a delegate managing them). */
  practitionerProfile: '/api/practitioner-profile/:id',
} as const;

/** A profile path with its :id filled in. */
export const profileApiPath = idPathFiller(profileApiPaths);
