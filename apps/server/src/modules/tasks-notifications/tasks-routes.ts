import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { IdParams, problems, signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('tasks');
const reads = problems(400, 403, 404);
const writes = { ...reads, 409: Problem };

/**
 * Tasks: the Notifications and tasks calls of docs/product/features.md#feature-calls
 * (docs/decisions/025-tasks.md). A task the caller may not act on answers 404 like a missing one.
 */
export const taskRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = tasksService(deps);
  // Task bodies are a few bytes: anything past 4 KB is refused (413) before it is parsed.
  const common = { bodyLimit: 4_096 };

  app.get(
    paths.counts,
    {
      ...common,
      schema: doc(
        'Open tasks and unread notifications of the own practitioner, or the one managed',
        {
          response: { 200: TasksNotificationsCounts, ...reads },
        },
      ),
    },
    async (request, reply) => reply.send(await service.counts(requireAuth(request))),
  );

  app.get(
    paths.tasks,
    {
      ...common,
      schema: doc('One page of tasks in a status (10 a page)', {
        querystring: TasksQuery,
        response: { 200: TasksPage, ...reads },
      }),
    },
    async (request) => service.list(requireAuth(request), request.query.status, request.query.page),
  );

  app.get(
    paths.task,
    {
      ...common,
      schema: doc('A task with its entity’s current values and the partner’s suggestion', {
        params: IdParams,
        response: { 200: VerifyInformationTask, ...reads },
      }),
    },
    async (request) => service.get(requireAuth(request), request.params.id),
  );

  app.post(
    paths.completeTask,
    {
      ...common,
      schema: doc(
        'Verify with the suggested value (the entity takes it), or confirm the details are still current: the task is complete',
        {
          params: IdParams,
          body: CompleteTaskRequest,
          response: { 200: VerifyInformationTask, ...writes },
        },
      ),
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
      schema: doc('Keep the current value: the task is dismissed and the partner told', {
        params: IdParams,
        response: { 200: VerifyInformationTask, ...writes },
      }),
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
      schema: doc(
        'The online form’s address with a signed token naming the task and user (5 minutes)',
        {
          params: IdParams,
          response: { 200: OnlineFormUrl, ...writes },
        },
      ),
    },
    async (request) => service.onlineForm(requireAuth(request), request.params.id),
  );
};
