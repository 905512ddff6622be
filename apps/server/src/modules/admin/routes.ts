import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminApiPaths, DeclineRegistration, PendingRegistrations, Problem } from '@pca/contracts';
import type { AppDeps } from '#lib/deps.ts';
import { requireAuth } from '#modules/auth/authenticate.ts';
import { requireCapability } from '#modules/access/guards.ts';
import { IdParams, security } from '#modules/entities/entity-routes.ts';
import { adminService } from './service.ts';

/** System admin (PcaOperator): the queue of business registrations pending approval. */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const operatorOnly = [deps.authenticate, requireCapability(deps, 'systemAdmin')];

  const service = adminService(deps.db);

  app.get(
    adminApiPaths.registrations,
    {
      preHandler: operatorOnly,
      schema: {
        tags: ['admin'],
        summary: 'Business registrations pending approval (PcaOperator)',
        security,
        response: { 200: PendingRegistrations, 401: Problem, 403: Problem },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ registrations: await service.listPendingRegistrations() }),
  );

  app.post(
    adminApiPaths.approve,
    {
      preHandler: operatorOnly,
      schema: {
        tags: ['admin'],
        summary: 'Approve a registration: the organisation becomes an Approved publisher',
        security,
        params: IdParams,
        response: { 204: z.null(), 401: Problem, 403: Problem, 404: Problem, 409: Problem },
      },
    },
    async (request, reply) => {
      const operator = requireAuth(request).user.id;
      await service.decideRegistration(operator, request.params.id, { approve: true }, request.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    adminApiPaths.decline,
    {
      preHandler: operatorOnly,
      schema: {
        tags: ['admin'],
        summary: 'Decline a registration with a reason: it returns to Pending Submission',
        security,
        params: IdParams,
        body: DeclineRegistration,
        response: {
          204: z.null(),
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request, reply) => {
      const operator = requireAuth(request).user.id;
      await service.decideRegistration(
        operator,
        request.params.id,
        { approve: false, reason: request.body.reason },
        request.id,
      );
      return reply.code(204).send(null);
    },
  );
};
