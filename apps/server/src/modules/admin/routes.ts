import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminApiPaths, DeclineRegistration, PendingRegistrations, Problem } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { IdParams, signedInSchema } from '#platform/http/route-schema.ts';
import { adminService } from './service.ts';

const doc = signedInSchema('admin');

/** System admin (PcaOperator): the queue of business registrations pending approval. */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', requireCapability(deps, 'systemAdmin'));

  const service = adminService(deps.db);

  app.get(
    adminApiPaths.registrations,
    {
      schema: doc('Business registrations pending approval (PcaOperator)', {
        response: { 200: PendingRegistrations, 403: Problem },
      }),
    },
    async () => ({ registrations: await service.listPendingRegistrations() }),
  );

  app.post(
    adminApiPaths.approve,
    {
      schema: doc('Approve a registration: the organisation becomes an Approved publisher', {
        params: IdParams,
        response: { 204: z.null(), 403: Problem, 404: Problem, 409: Problem },
      }),
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
      schema: doc('Decline a registration with a reason: it returns to Pending Submission', {
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
      }),
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
