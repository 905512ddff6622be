import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminApiPaths, DeclineRegistration, PendingRegistrations, Problem } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { IdParams, security } from '#platform/entities/entity-routes.ts';
import { decideRegistration, listPendingRegistrations } from './service.ts';

/** System admin (PcaOperator): the queue of business registrations pending approval. */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const operatorOnly = [deps.authenticate, requireCapability(deps, 'systemAdmin')];

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
        .send({ registrations: await listPendingRegistrations(deps.db) }),
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
      await decideRegistration(deps.db, operator, request.params.id, { approve: true }, request.id);
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
      await decideRegistration(
        deps.db,
        operator,
        request.params.id,
        { approve: false, reason: request.body.reason },
        request.id,
      );
      return reply.code(204).send(null);
    },
  );
};
