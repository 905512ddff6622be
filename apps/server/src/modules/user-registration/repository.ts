import { and, eq, inArray, sql } from 'drizzle-orm';
import { practitionerName } from '#db/selections.ts';
import type { Database } from '#db/client.ts';
import { auditEvents, delegations, practitioners, users } from '#db/schema/index.ts';

/** Anything that runs queries: the database or a transaction. */
type Executor = Pick<Database, 'select' | 'insert' | 'update'>;

/** Data access of user registration. */
export function registrationRepository(db: Database) {
  return {
    /** A delegate invitation with its inviting practitioner and that practitioner's user email. */
    async findInvitation(id: string) {
      const [row] = await db
        .select({
          id: delegations.id,
          status: delegations.status,
          raNumber: delegations.raNumber,
          email: delegations.email,
          invitedGivenName: delegations.givenName,
          invitedFamilyName: delegations.familyName,
          practitionerId: practitioners.id,
          ...practitionerName,
          preferredName: practitioners.preferredName,
          practitionerUserEmail: users.email,
        })
        .from(delegations)
        .innerJoin(practitioners, eq(practitioners.id, delegations.practitionerId))
        .leftJoin(users, eq(users.id, practitioners.userId))
        .where(eq(delegations.id, id))
        .limit(1);
      return row ?? null;
    },

    /** Whether the user accepted the privacy notice before: registering, or accepting a delegation. */
    async hasAcceptedPrivacyNotice(userId: string) {
      const rows = await db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.actorUserId, userId),
            inArray(auditEvents.action, ['user.register', 'delegation.accept']),
            sql`${auditEvents.changedFields}->>'acceptedPrivacyNotice' = 'true'`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Whether the user has an Accepted delegation. */
    async isApprovedDelegate(userId: string) {
      const rows = await db
        .select({ id: delegations.id })
        .from(delegations)
        .where(and(eq(delegations.delegateUserId, userId), eq(delegations.status, 'Accepted')))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether the user is a practitioner (has a practitioner record with an HPI-I). */
    async isPractitioner(userId: string) {
      const [row] = await db
        .select({ hpii: practitioners.hpii })
        .from(practitioners)
        .where(eq(practitioners.userId, userId))
        .limit(1);
      return Boolean(row?.hpii);
    },

    /** Updates the user's own fields. */
    async updateUser(tx: Executor, userId: string, values: Partial<typeof users.$inferInsert>) {
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /** Moves an invitation from Invited to a final answer; false when it was no longer Invited. */
    async answerInvitation(
      tx: Executor,
      id: string,
      status: 'Accepted' | 'Pending' | 'Rejected',
      delegateUserId: string,
    ) {
      const updated = await tx
        .update(delegations)
        .set({ status, delegateUserId, lastUpdated: new Date() })
        .where(and(eq(delegations.id, id), eq(delegations.status, 'Invited')))
        .returning({ id: delegations.id });
      return updated.length === 1;
    },
  };
}
