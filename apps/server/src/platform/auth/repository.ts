import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { authRequests, sessions, users } from '#db/schema/index.ts';
import type { Executor } from '#platform/audit.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Data access for sign-in: pending authorisation requests, users by RA number, sessions. */
export function authRepository(db: Database) {
  return {
    async saveAuthRequest(row: typeof authRequests.$inferInsert) {
      // Expired requests are swept here rather than by a timer, so no API process keeps state.
      await db.delete(authRequests).where(lt(authRequests.expiresAt, new Date()));
      await db.insert(authRequests).values(row);
    },

    /** Takes (reads and deletes) a pending request, so a state can be used once only. */
    async takeAuthRequest(state: string, now: Date) {
      const [row] = await db.delete(authRequests).where(eq(authRequests.state, state)).returning();
      return row && row.expiresAt > now ? row : null;
    },

    async findUserByRaNumber(tx: Executor & Pick<Database, 'select'>, raNumber: string) {
      const [row] = await tx.select().from(users).where(eq(users.raNumber, raNumber)).limit(1);
      return row ?? null;
    },

    /** Adds a user at their first sign-in. */
    async insertUser(tx: Pick<Database, 'insert'>, values: typeof users.$inferInsert) {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },

    /** Refreshes the names from the identity provider and records the sign-in time. */
    async recordSignIn(
      tx: Pick<Database, 'update'>,
      userId: string,
      values: { givenName: string; familyName: string; lastLoginAt: Date },
    ) {
      await tx.update(users).set(values).where(eq(users.id, userId));
    },

    /** Opens a session; only the token's hash is stored. */
    async insertSession(tx: Pick<Database, 'insert'>, values: typeof sessions.$inferInsert) {
      const [created] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
      return created!.id;
    },

    async revokeSession(tx: Pick<Database, 'update'>, id: string, now: Date) {
      const [row] = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .returning();
      return row ?? null;
    },
  };
}
