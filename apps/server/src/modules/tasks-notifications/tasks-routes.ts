import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompleteTaskRequest,
  OnlineFormUrl,
  TasksNotificationsCounts,
  TasksPage,
  TasksQuery,
  VerifyInformationTask,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { tasksService } from './tasks-service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, reads, writes } from '#platform/http/route-schema.ts';

/**
 * Tasks: the Notifications and tasks calls of docs/product/features.md#feature-calls
 * (docs/decisions/025-tasks.md). A task the caller may not act on answers 404 like a missing one.
 */
export const taskRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = tasksService(deps);
  // Task bodies are a few bytes: anything past 4 KB is refused (413) before it is parsed.
  const route = declareRoutes(app, { tag: 'tasks', bodyLimit: 4_096 });

  route.get(paths.counts, {
    summary: 'Open tasks and unread notifications of the own practitioner, or the one managed',
    schema: { 200: TasksNotificationsCounts, ...reads },
    handler: (_request, caller) => service.counts(caller),
  });

  route.get(paths.tasks, {
    summary: 'One page of tasks in a status (10 a page)',
    schema: { querystring: TasksQuery, 200: TasksPage, ...reads },
    handler: (request, caller) => service.list(caller, request.query.status, request.query.page),
  });

  route.get(paths.task, {
    summary: 'A task with its entity’s current values and the partner’s suggestion',
    schema: { params: IdParams, 200: VerifyInformationTask, ...reads },
    handler: (request, caller) => service.get(caller, request.params.id),
  });

  route.post(paths.completeTask, {
    summary:
      'Verify with the suggested value (the entity takes it), or confirm the details are still current: the task is complete',
    schema: { params: IdParams, body: CompleteTaskRequest, 200: VerifyInformationTask, ...writes },
    handler: async (request, caller) => {
      await service.complete(caller, request.params.id, request.id, request.body.choice);
      return service.get(caller, request.params.id);
    },
  });

  route.post(paths.dismissTask, {
    summary: 'Keep the current value: the task is dismissed and the partner told',
    schema: { params: IdParams, 200: VerifyInformationTask, ...writes },
    handler: async (request, caller) => {
      await service.dismiss(caller, request.params.id, request.id);
      return service.get(caller, request.params.id);
    },
  });

  route.get(paths.onlineForm, {
    summary: 'The online form’s address with a signed token naming the task and user (5 minutes)',
    schema: { params: IdParams, 200: OnlineFormUrl, ...writes },
    handler: (request, caller) => service.onlineForm(caller, request.params.id),
  });
};
