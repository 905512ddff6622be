import { and, asc, eq } from 'drizzle-orm';
import type { ManagedPractitioner } from '@pca/contracts';
import { practitionerName } from '#db/selections.ts';
import type { Database } from '#db/client.ts';
import { delegations, practitioners, sessions, users } from '#db/schema/index.ts';

/** Data access for managing another practitioner: accepted delegations and the session's managed practitioner. */
export function managingRepository(db: Database) {
  return {
    /** Practitioners the user is an Accepted delegate of, by family then given name. */
    async practitionersForDelegate(userId: string): Promise<ManagedPractitioner[]> {
      return db
        .select({
          id: practitioners.id,
          ...practitionerName,
          // The photo is the practitioner's user's (docs/decisions/024-profile-photo.md).
          userPhotoData: users.photoData,
        })
        .from(delegations)
        .innerJoin(practitioners, eq(practitioners.id, delegations.practitionerId))
        .leftJoin(users, eq(users.id, practitioners.userId))
        .where(and(eq(delegations.delegateUserId, userId), eq(delegations.status, 'Accepted')))
        .orderBy(asc(practitioners.familyName), asc(practitioners.givenName));
    },

    /** Sets (or clears, with null) the practitioner the session acts for. */
    async setManaging(
      tx: Pick<Database, 'update'>,
      sessionId: string,
      practitionerId: string | null,
    ) {
      await tx
        .update(sessions)
        .set({ managingPractitionerId: practitionerId })
        .where(eq(sessions.id, sessionId));
    },
  };
}
