import { menuVisibility, type NotificationsPage } from '@pca/contracts';
import type { Database } from '#db/client.ts';
import { appendAudit } from '#platform/audit.ts';
import { ForbiddenError, NotFoundError } from '#platform/errors.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { notificationsRepository } from './notifications-repository.ts';

/**
 * Whose notifications the caller reads: the practitioner they manage, else their own practitioner record
 * (docs/product/features.md#tasks-and-notifications: the list is for the practitioner being managed) —
 * the rule of the header bell's count. Managing was checked against an Accepted delegation by
 * `authenticate` on this very request (docs/decisions/020-delegation.md). Those who may not see the bell
 * may not read what it counts (403); someone with no practitioner to read for gets null.
 */
function practitionerOf(auth: AuthContext): string | null {
  const user = auth.currentUser;
  const { notificationsBell } = menuVisibility({
    user,
    participatingOrganisations: [],
    config: { vcfcImportAllowed: false },
  });
  if (!notificationsBell)
    throw new ForbiddenError('Notifications are not available to this account.');
  return user.managingPractitioner?.id ?? user.practitionerId;
}

const notFound = () => new NotFoundError('Notification not found.');

/** Notifications: list, mark read, archive (docs/decisions/026-notifications.md). */
export function notificationsService(db: Database) {
  const repo = notificationsRepository(db);

  return {
    /** One page, newest first: Unread and Read, or Archived. Nobody to read for: an empty list. */
    async list(
      auth: AuthContext,
      query: { archived: boolean; page: number; pageSize: number },
    ): Promise<NotificationsPage> {
      const practitionerId = practitionerOf(auth);
      if (!practitionerId) return { items: [], total: 0 };
      const { items, total } = await repo.page(
        practitionerId,
        query.archived,
        query.page,
        query.pageSize,
      );
      return {
        items: items.map(({ createdAt, ...item }) => ({
          ...item,
          created: createdAt.toISOString(),
        })),
        total,
      };
    },

    /**
     * Opening an Unread notification makes it Read; Read and Archived stay as they are. Not audited:
     * opening a message changes no record anyone relies on (docs/decisions/026-notifications.md).
     */
    async markRead(auth: AuthContext, externalId: string) {
      const practitionerId = practitionerOf(auth);
      if (!practitionerId) throw notFound();
      const result = await db.transaction((tx) =>
        repo.transition(tx, practitionerId, externalId, ['Unread'], 'Read'),
      );
      if (!result) throw notFound();
    },

    /**
     * Archiving hides a notification from the practitioner's list, perhaps done by their delegate: it is
     * audited, in the same transaction, when it changes the status.
     */
    async archive(auth: AuthContext, externalId: string, requestId: string) {
      const practitionerId = practitionerOf(auth);
      if (!practitionerId) throw notFound();
      const result = await db.transaction(async (tx) => {
        const moved = await repo.transition(
          tx,
          practitionerId,
          externalId,
          ['Unread', 'Read'],
          'Archived',
        );
        if (moved?.changed)
          await appendAudit(tx, {
            actorUserId: auth.user.id,
            actingForPractitionerId:
              auth.currentUser.managingPractitioner?.id === practitionerId ? practitionerId : null,
            action: 'notification.archive',
            entityType: 'notification',
            entityId: moved.id,
            changedFields: { externalId, status: 'Archived' },
            requestId,
          });
        return moved;
      });
      if (!result) throw notFound();
    },
  };
}
