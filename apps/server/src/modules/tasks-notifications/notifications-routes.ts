import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NotificationParams,
  NotificationsPage,
  NotificationsQuery,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { notificationsService } from './notifications-service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { reads } from '#platform/http/route-schema.ts';

/**
 * Notifications: Get notifications, Mark read and Archive of docs/product/features.md#feature-calls
 * (docs/decisions/026-notifications.md). The practitioner is never a parameter: it is the caller's own,
 * or the one they manage.
 */
export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = notificationsService(deps.db);
  // Neither write has a body: anything past 1 KB is refused (413) before it is parsed.
  const route = declareRoutes(app, { tag: 'notifications', bodyLimit: 1_024 });

  route.get(paths.notifications, {
    summary:
      'One page of notifications, newest first: Unread and Read, or Archived (10 a page unless asked)',
    schema: { querystring: NotificationsQuery, 200: NotificationsPage, ...reads },
    handler: (request, caller) => service.list(caller, request.query),
  });

  route.post(paths.markRead, {
    summary: 'Mark an Unread notification Read (Read and Archived stay as they are)',
    schema: { params: NotificationParams, 204: z.null(), ...reads },
    handler: (request, caller) => service.markRead(caller, request.params.externalId),
  });

  route.post(paths.archive, {
    summary: 'Archive a notification (an Archived one stays as it is)',
    schema: { params: NotificationParams, 204: z.null(), ...reads },
    handler: (request, caller) => service.archive(caller, request.params.externalId, request.id),
  });
};
