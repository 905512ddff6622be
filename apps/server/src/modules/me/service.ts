import { and, asc, eq } from 'drizzle-orm';
import { initialsOf, type CurrentUser } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import {
  delegations,
  practitionerRegistrations,
  practitioners,
  roleMemberships,
} from '#db/schema/index.ts';
import type { AuthContext } from '#modules/auth/authenticate.ts';

/** Builds the current user of spec 1 §3 / spec 2 §3 from the database. */
export async function loadCurrentUser(
  db: Database,
  { user, session }: AuthContext,
): Promise<CurrentUser> {
  const [practitioner] = await db
    .select()
    .from(practitioners)
    .where(eq(practitioners.userId, user.id))
    .limit(1);
  const [registrations, roles, invitation, acceptedDelegation, managed] = await Promise.all([
    practitioner
      ? db
          .select({
            professionNumber: practitionerRegistrations.professionNumber,
            profession: practitionerRegistrations.profession,
          })
          .from(practitionerRegistrations)
          .where(eq(practitionerRegistrations.practitionerId, practitioner.id))
          .orderBy(asc(practitionerRegistrations.professionNumber))
      : Promise.resolve([]),
    db
      .select({
        type: roleMemberships.roleType,
        organisationId: roleMemberships.organisationId,
        healthcareServiceId: roleMemberships.healthcareServiceId,
      })
      .from(roleMemberships)
      .where(eq(roleMemberships.userId, user.id)),
    // An invitation is matched by RA number, so a first sign-in finds it even without the emailed link.
    db
      .select({ id: delegations.id })
      .from(delegations)
      .where(and(eq(delegations.raNumber, user.raNumber), eq(delegations.status, 'Invited')))
      .orderBy(asc(delegations.createdAt))
      .limit(1),
    db
      .select({ id: delegations.id })
      .from(delegations)
      .where(and(eq(delegations.delegateUserId, user.id), eq(delegations.status, 'Accepted')))
      .limit(1),
    session.managingPractitionerId
      ? db
          .select()
          .from(practitioners)
          .where(eq(practitioners.id, session.managingPractitionerId))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const managedPractitioner = managed[0];

  return {
    id: user.id,
    authIdentifier: user.raNumber,
    givenName: user.givenName,
    familyName: user.familyName,
    initials: initialsOf(user.givenName, user.familyName),
    email: user.email,
    emailConfirmed: user.emailConfirmed,
    phone: user.phone,
    hpii: practitioner?.hpii ?? null,
    photoData: user.photoData,
    showHelper: user.showHelper,
    isActive: user.isActive,
    isProfileComplete: user.isProfileComplete,
    isPractitioner: Boolean(practitioner?.hpii),
    isApprovedPractitionerDelegate: acceptedDelegation.length > 0,
    delegateInvitationId: invitation[0]?.id ?? null,
    prodaDetailsMatchedPca: user.prodaDetailsMatchedPca,
    participationApprovalStatus:
      (user.participationApprovalStatus as CurrentUser['participationApprovalStatus']) ?? null,
    practitionerId: practitioner?.id ?? null,
    practitionerPreferredName: practitioner?.preferredName
      ? { text: practitioner.preferredName }
      : null,
    ahpraPractitionerDetails: registrations,
    roles,
    managingPractitioner: managedPractitioner
      ? {
          id: managedPractitioner.id,
          givenName: managedPractitioner.givenName,
          familyName: managedPractitioner.familyName,
          userPhotoData: managedPractitioner.photoData ?? null,
        }
      : null,
  };
}
