import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
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

    /**
     * Completes the profile unless it already is; false when it was. The session was read at the start of
     * the request, so a second request sent at once passes the service's own check: this one does not.
     */
    async completeProfile(
      tx: Executor,
      userId: string,
      values: { email: string; phone: string; emailConfirmed: boolean },
    ) {
      const updated = await tx
        .update(users)
        .set({ ...values, isProfileComplete: true, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.isProfileComplete, false)))
        .returning({ id: users.id });
      return updated.length > 0;
    },

    /** Records the participation answer unless there is one already; false when there was. */
    async answerParticipation(tx: Executor, userId: string) {
      const updated = await tx
        .update(users)
        .set({ participationApprovalStatus: 'Accepted', updatedAt: new Date() })
        .where(and(eq(users.id, userId), isNull(users.participationApprovalStatus)))
        .returning({ id: users.id });
      return updated.length > 0;
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
