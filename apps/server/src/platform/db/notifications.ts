import { randomUUID } from 'node:crypto';
import { sanitiseNotificationHtml } from '#lib/sanitise-notification.ts';
import type { Database, Transaction } from './client.ts';
import { notifications } from './schema/index.ts';

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
