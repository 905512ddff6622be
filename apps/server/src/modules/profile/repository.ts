import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { userName } from '#db/selections.ts';
import type { Database, Transaction } from '#db/client.ts';
import {
  delegations,
  emailVerifications,
  practitionerRegistrations,
  practitioners,
  users,
} from '#db/schema/index.ts';

type Executor = Database | Transaction;

/** Reads and writes of the profile (docs/decisions/022-profile-and-email-verification.md). */
export function profileRepository(db: Database) {
  return {
    /** A user with their practitioner record (if any), in one statement. */
    async findUser(tx: Executor, userId: string) {
      const [row] = await tx
        .select({
          user: users,
          practitioner: {
            id: practitioners.id,
            hpii: practitioners.hpii,
            preferredName: practitioners.preferredName,
            personalEmail: practitioners.personalEmail,
            personalPhone: practitioners.personalPhone,
            recordedSexOrGender: practitioners.recordedSexOrGender,
          },
          lastVerificationAt: sql<Date | string | null>`(
            select max(${emailVerifications.createdAt}) from ${emailVerifications}
             where ${emailVerifications.userId} = ${users.id})`,
        })
        .from(users)
        .leftJoin(practitioners, eq(practitioners.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return row ?? null;
    },

    /** A practitioner record with the user it belongs to (if any). */
    async findPractitioner(practitionerId: string) {
      const [row] = await db
        .select({ practitioner: practitioners, user: users })
        .from(practitioners)
        .leftJoin(users, eq(users.id, practitioners.userId))
        .where(eq(practitioners.id, practitionerId))
        .limit(1);
      return row ?? null;
    },

    registrations(practitionerId: string) {
      return db
        .select({
          professionNumber: practitionerRegistrations.professionNumber,
          profession: practitionerRegistrations.profession,
        })
        .from(practitionerRegistrations)
        .where(eq(practitionerRegistrations.practitionerId, practitionerId))
        .orderBy(asc(practitionerRegistrations.professionNumber));
    },

    /** Whether an Accepted delegation lets `delegateUserId` act for the practitioner. */
    async isActiveDelegate(delegateUserId: string, practitionerId: string) {
      const [row] = await db
        .select({ id: delegations.id })
        .from(delegations)
        .where(
          and(
            eq(delegations.delegateUserId, delegateUserId),
            eq(delegations.practitionerId, practitionerId),
            eq(delegations.status, 'Accepted'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async updateUser(tx: Transaction, userId: string, values: Partial<typeof users.$inferInsert>) {
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    async updatePractitioner(
      tx: Transaction,
      practitionerId: string,
      values: Partial<typeof practitioners.$inferInsert>,
    ) {
      await tx
        .update(practitioners)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(practitioners.id, practitionerId));
    },

    /**
     * Uses a code: marks the unused, unexpired row with this hash and address as used and returns it,
     * or null. One statement, so two clicks on one link cannot both succeed.
     */
    async useVerification(tx: Transaction, codeHash: string, email: string, now: Date) {
      const [row] = await tx
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailVerifications.codeHash, codeHash),
            sql`lower(${emailVerifications.email}) = lower(${email})`,
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, now),
          ),
        )
        .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
      return row ?? null;
    },

    /** The newest verification mailed to a user, for the resend lock. */
    async lastVerification(tx: Executor, userId: string) {
      const [row] = await tx
        .select({ createdAt: emailVerifications.createdAt })
        .from(emailVerifications)
        .where(eq(emailVerifications.userId, userId))
        .orderBy(desc(emailVerifications.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** Takes the user's row lock, so two resends at once are decided one after the other. */
    async lockUser(tx: Transaction, userId: string) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },
  };
}

/** Reads and writes of the photo: one column of the user. */
export function photoRepository(db: Database) {
  return {
    async userExists(userId: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return Boolean(row);
    },
    async setPhoto(tx: Transaction, userId: string, photoData: string | null) {
      const rows = await tx
        .update(users)
        .set({ photoData, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}

/** Reads and writes of registering as a practitioner. */
export function practitionerRegistrationRepository() {
  return {
    /** The user with their practitioner record (if any); `forUpdate` takes the user's row lock. */
    async findUser(tx: Executor, userId: string, forUpdate = false) {
      const query = tx
        .select({
          id: users.id,
          ...userName,
          email: users.email,
          phone: users.phone,
          practitionerId: practitioners.id,
          hpii: practitioners.hpii,
        })
        .from(users)
        .leftJoin(practitioners, eq(practitioners.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      const [row] = forUpdate ? await query.for('update', { of: users }) : await query;
      return row ?? null;
    },

    /** The practitioner record with this HPI-I, and the user it belongs to. */
    async practitionerByHpii(tx: Executor, hpii: string) {
      const [row] = await tx
        .select({ id: practitioners.id, userId: practitioners.userId })
        .from(practitioners)
        .where(eq(practitioners.hpii, hpii))
        .limit(1);
      return row ?? null;
    },

    async linkPractitioner(tx: Transaction, practitionerId: string, userId: string) {
      await tx
        .update(practitioners)
        .set({ userId, updatedAt: new Date() })
        .where(eq(practitioners.id, practitionerId));
    },

    async setHpii(tx: Transaction, practitionerId: string, hpii: string) {
      await tx
        .update(practitioners)
        .set({ hpii, updatedAt: new Date() })
        .where(eq(practitioners.id, practitionerId));
    },

    async insertPractitioner(
      tx: Transaction,
      values: { userId: string; hpii: string; givenName: string; familyName: string },
    ) {
      const [row] = await tx
        .insert(practitioners)
        .values(values)
        .returning({ id: practitioners.id });
      return row!.id;
    },

    async acceptParticipation(tx: Transaction, userId: string) {
      await tx
        .update(users)
        .set({ participationApprovalStatus: 'Accepted', updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
  };
}
