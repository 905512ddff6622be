import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NotificationParams,
  NotificationsPage,
  NotificationsQuery,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { notificationsService } from './notifications-service.ts';
import { problems, signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('notifications');
const answers = problems(400, 403, 404);

/**
 * Notifications: Get notifications, Mark read and Archive of docs/product/features.md#feature-calls
 * (docs/decisions/026-notifications.md). The practitioner is never a parameter: it is the caller's own,
 * or the one they manage.
 */
export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = notificationsService(deps.db);
  // Neither write has a body: anything past 1 KB is refused (413) before it is parsed.
  const common = { bodyLimit: 1_024 };

  app.get(
    paths.notifications,
    {
      ...common,
      schema: doc(
        'One page of notifications, newest first: Unread and Read, or Archived (10 a page unless asked)',
        {
          querystring: NotificationsQuery,
          response: { 200: NotificationsPage, ...answers },
        },
      ),
    },
    async (request, reply) => reply.send(await service.list(requireAuth(request), request.query)),
  );

  app.post(
    paths.markRead,
    {
      ...common,
      schema: doc('Mark an Unread notification Read (Read and Archived stay as they are)', {
        params: NotificationParams,
        response: { 204: z.null(), ...answers },
      }),
    },
    async (request, reply) => {
      await service.markRead(requireAuth(request), request.params.externalId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    paths.archive,
    {
      ...common,
      schema: doc('Archive a notification (an Archived one stays as it is)', {
        params: NotificationParams,
        response: { 204: z.null(), ...answers },
      }),
    },
    async (request, reply) => {
      await service.archive(requireAuth(request), request.params.externalId, request.id);
      return reply.status(204).send(null);
    },
  );
};
