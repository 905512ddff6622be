import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CompleteTaskRequest,
  OnlineFormUrl,
  Problem,
  TasksNotificationsCounts,
  TasksPage,
  TasksQuery,
  VerifyInformationTask,
  tasksNotificationsApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { tasksService } from './tasks-service.ts';

const IdParams = z.object({ id: z.string().uuid() });
const security = [{ bearer: [] }];
const tags = ['tasks'];
const reads = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const writes = { ...reads, 409: Problem };

/**
 * Tasks: the Notifications and tasks calls of docs/product/features.md#feature-calls
 * (docs/decisions/025-tasks.md). A task the caller may not act on answers 404 like a missing one.
 */
export const taskRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = tasksService(deps);
  // Task bodies are a few bytes: anything past 4 KB is refused (413) before it is parsed.
  const common = { preHandler: deps.authenticate, bodyLimit: 4_096 };

  app.get(
    paths.counts,
    {
      ...common,
      schema: {
        tags,
        summary: 'Open tasks and unread notifications of the own practitioner, or the one managed',
        security,
        response: { 200: TasksNotificationsCounts, ...reads },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(await service.counts(requireAuth(request))),
  );

  app.get(
    paths.tasks,
    {
      ...common,
      schema: {
        tags,
        summary: 'One page of tasks in a status (10 a page)',
        security,
        querystring: TasksQuery,
        response: { 200: TasksPage, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.list(requireAuth(request), request.query.status, request.query.page)),
  );

  app.get(
    paths.task,
    {
      ...common,
      schema: {
        tags,
        summary: 'A task with its entity’s current values and the partner’s suggestion',
        security,
        params: IdParams,
        response: { 200: VerifyInformationTask, ...reads },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.get(requireAuth(request), request.params.id)),
  );

  app.post(
    paths.completeTask,
    {
      ...common,
      schema: {
        tags,
        summary:
          'Verify with the suggested value (the entity takes it), or confirm the details are still current: the task is complete',
        security,
        params: IdParams,
        body: CompleteTaskRequest,
        response: { 200: VerifyInformationTask, ...writes },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await service.complete(auth, request.params.id, request.id, request.body.choice);
      return service.get(auth, request.params.id);
    },
  );

  app.post(
    paths.dismissTask,
    {
      ...common,
      schema: {
        tags,
        summary: 'Keep the current value: the task is dismissed and the partner told',
        security,
        params: IdParams,
        response: { 200: VerifyInformationTask, ...writes },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await service.dismiss(auth, request.params.id, request.id);
      return service.get(auth, request.params.id);
    },
  );

  app.get(
    paths.onlineForm,
    {
      ...common,
      schema: {
        tags,
        summary:
          'The online form’s address with a signed token naming the task and user (5 minutes)',
        security,
        params: IdParams,
        response: { 200: OnlineFormUrl, ...writes },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.onlineForm(requireAuth(request), request.params.id)),
  );
};
