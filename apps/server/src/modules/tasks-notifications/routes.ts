import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '#platform/deps.ts';
import { notificationRoutes } from './notifications-routes.ts';
import { taskRoutes } from './tasks-routes.ts';

/** Tasks and notifications (docs/product/features.md#feature-calls): one plugin in build-app. */
export const tasksNotificationsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(taskRoutes, deps);
  await app.register(notificationRoutes, deps);
};
