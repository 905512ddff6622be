// Paths live apart from the schemas so a page can import them without loading zod.
import { idPathFiller } from './paths.ts';

/**
 * API paths of tasks and notifications: the Notifications and tasks calls of
 * docs/product/features.md#feature-calls. Every list and count is of the caller's own practitioner, or
 * of the practitioner they manage (docs/product/features.md#feature-permissions).
 */
export const tasksNotificationsApiPaths = {
  /** GET: the tab counts — open tasks and unread notifications. */
  counts: '/api/tasks-notifications/counts',
  /** GET ?status=NotComplete|Complete|Dismissed&page=: one page of tasks. */
  tasks: '/api/tasks',
  /** GET: a verify-information task with its entity's current values and the partner's suggestion. */
  task: '/api/tasks/:id',
  /** POST { choice: 'suggested' }: take the suggested value (entity updated, task completed, audited). */
  completeTask: '/api/tasks/:id/complete',
  /** POST: keep the current value (the task is dismissed, the partner told). */
  dismissTask: '/api/tasks/:id/dismiss',
  /** GET: the online form's address, with a short-lived signed token naming the task and user. */
  onlineForm: '/api/tasks/:id/online-form',
  /** GET ?archived=true|false&page=&pageSize=: one page of notifications. */
  notifications: '/api/notifications',
  /** POST: mark a notification read (by its externalId). */
  markRead: '/api/notifications/:externalId/read',
  /** POST: archive a notification (by its externalId). */
  archive: '/api/notifications/:externalId/archive',
} as const;

type ExternalIdPath = 'markRead' | 'archive';

/** A task path with its :id filled in. */
export const taskApiPath = idPathFiller(tasksNotificationsApiPaths);

/** A notification path with its :externalId filled in. */
export const notificationApiPath = (path: ExternalIdPath, externalId: string) =>
  tasksNotificationsApiPaths[path].replace(':externalId', encodeURIComponent(externalId));
