import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { authRequests, sessions, users } from '#db/schema/index.ts';
import type { Executor } from '#lib/audit.ts';

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
