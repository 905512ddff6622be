import { and, count, eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { notifications } from '#db/schema/index.ts';

/** Unread notifications of one practitioner. */
export async function countUnreadNotifications(db: Database, practitionerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(eq(notifications.practitionerId, practitionerId), eq(notifications.status, 'Unread')),
    );
  return row?.n ?? 0;
}
