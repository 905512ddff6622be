import { z } from 'zod';
import { UserRole } from './roles.ts';
import { participationApprovalStatuses } from './value-lists.ts';
import { Uuid } from './ids.ts';

/** Participation approval statuses a user can hold (null until the user accepts participation). */
export const ParticipationApprovalStatus = z.enum(participationApprovalStatuses);
export type ParticipationApprovalStatus = z.infer<typeof ParticipationApprovalStatus>;

/** A professional registration (AHPRA) of a practitioner. */
export const AhpraPractitionerDetail = z.object({
  professionNumber: z.string(),
  profession: z.string(),
});

/** The practitioner a delegate is currently managing (docs/product/rules.md#entities). */
export const ManagedPractitioner = z.object({
  id: Uuid,
  givenName: z.string(),
  familyName: z.string(),
  userPhotoData: z.string().nullable(),
});
export type ManagedPractitioner = z.infer<typeof ManagedPractitioner>;

/**
 * The User register's fields that both the signed-in user and the profile carry: email (confirmed or not),
 * phone, HPI-I and photo (docs/product/features.md#feature-entities).
 */
export const userRecordFields = {
  email: z.string().nullable(),
  emailConfirmed: z.boolean(),
  phone: z.string().nullable(),
  hpii: z.string().nullable(),
  photoData: z.string().nullable(),
};

/** The signed-in user: the user fields of docs/product/rules.md#entities and docs/product/features.md#feature-entities, with roles and practitioner links. */
export const CurrentUser = z.object({
  id: Uuid,
  authIdentifier: z.string().regex(/^\d{10}$/),
  givenName: z.string(),
  familyName: z.string(),
  initials: z.string(),
  ...userRecordFields,
  showHelper: z.boolean(),
  isActive: z.boolean(),
  isProfileComplete: z.boolean(),
  isPractitioner: z.boolean(),
  isApprovedPractitionerDelegate: z.boolean(),
  delegateInvitationId: Uuid.nullable(),
  prodaDetailsMatchedPca: z.boolean(),
  participationApprovalStatus: ParticipationApprovalStatus.nullable(),
  practitionerId: Uuid.nullable(),
  practitionerPreferredName: z.object({ text: z.string() }).nullable(),
  ahpraPractitionerDetails: z.array(AhpraPractitionerDetail),
  roles: z.array(UserRole),
  managingPractitioner: ManagedPractitioner.nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

export { initialsOf } from './initials.ts';
