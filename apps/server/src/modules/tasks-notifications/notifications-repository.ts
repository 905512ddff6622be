import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '#db/client.ts';
import { notifications } from '#db/schema/index.ts';
import { sanitiseNotificationHtml } from './sanitise-notification.ts';

type Executor = Database | Transaction;
type NotificationStatus = (typeof notifications.$inferSelect)['status'];

/** What a notification is stored from; the message is HTML from whoever wrote it, not yet trusted. */
export interface NewNotification {
  practitionerId: string;
  subject: string;
  message: string;
  /** Issued here when absent; the seed gives its own stable ones. */
  externalId?: string;
  status?: NotificationStatus;
  id?: string;
  createdAt?: Date;
}

/**
 * THE way a notification is stored (docs/decisions/026-notifications.md): its message goes through the
 * allow-list sanitiser here, so every row the API serves is safe HTML whoever wrote it — the seed, the
 * reminder job, a partner. Nothing else inserts into `notifications`.
 */
export async function storeNotification(
  tx: Executor,
  input: NewNotification | readonly NewNotification[],
  options: {
    /**
     * A notification whose external id is already stored is skipped (INSERT … ON CONFLICT DO NOTHING)
     * and not returned: the reminder job's way of telling once (docs/decisions/027-reminders.md).
     */
    ignoreDuplicates?: boolean;
  } = {},
) {
  const rows = (Array.isArray(input) ? input : [input]) as readonly NewNotification[];
  if (!rows.length) return [];
  const insert = tx.insert(notifications).values(
    rows.map((n) => ({
      ...(n.id ? { id: n.id } : {}),
      ...(n.createdAt ? { createdAt: n.createdAt } : {}),
      practitionerId: n.practitionerId,
      externalId: n.externalId ?? `NTF-${randomUUID()}`,
      subject: n.subject.trim(),
      message: sanitiseNotificationHtml(n.message),
      status: n.status ?? 'Unread',
    })),
  );
  return (
    options.ignoreDuplicates
      ? insert.onConflictDoNothing({ target: notifications.externalId })
      : insert
  ).returning({ id: notifications.id, externalId: notifications.externalId });
}

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
