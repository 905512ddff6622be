import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { notifications } from '#db/schema/index.ts';

type NotificationStatus = (typeof notifications.$inferSelect)['status'];

const visibleIn = (archived: boolean): NotificationStatus[] =>
  archived ? ['Archived'] : ['Unread', 'Read'];

/** Reads and status changes of one practitioner's notifications. */
export function notificationsRepository(db: Database) {
  return {
    /**
     * One page, newest first, and the filter's total. Both read the index on (practitioner_id, status,
     * created_at); the id breaks ties so pages never overlap.
     */
    async page(practitionerId: string, archived: boolean, page: number, pageSize: number) {
      const where = and(
        eq(notifications.practitionerId, practitionerId),
        inArray(notifications.status, visibleIn(archived)),
      );
      const [items, [total]] = await Promise.all([
        db
          .select({
            externalId: notifications.externalId,
            subject: notifications.subject,
            message: notifications.message,
            status: notifications.status,
            createdAt: notifications.createdAt,
          })
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(notifications).where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /**
     * Moves the practitioner's notification `externalId` to `to` when it is in one of `from`; answers the
     * row's status afterwards, or null when the practitioner has no such notification.
     */
    async transition(
      tx: Transaction,
      practitionerId: string,
      externalId: string,
      from: NotificationStatus[],
      to: NotificationStatus,
    ) {
      const mine = and(
        eq(notifications.externalId, externalId),
        eq(notifications.practitionerId, practitionerId),
      );
      const [moved] = await tx
        .update(notifications)
        .set({ status: to })
        .where(and(mine, inArray(notifications.status, from)))
        .returning({ id: notifications.id });
      if (moved) return { id: moved.id, changed: true as const };
      const [row] = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(mine)
        .limit(1);
      return row ? { id: row.id, changed: false as const } : null;
    },
  };
}
