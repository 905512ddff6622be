import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminSummary,
  adminApiPaths,
  DeclineRegistration,
  PendingRegistrations,
  Problem,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams } from '#platform/http/route-schema.ts';
import { adminService } from './service.ts';

/** System admin (PcaOperator): the operator's home and the queue of business registrations pending approval. */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', requireCapability(deps, 'systemAdmin'));

  const service = adminService(deps.db);
  const route = declareRoutes(app, { tag: 'admin' });

  route({
    method: 'GET',
    url: adminApiPaths.summary,
    summary: "The operator's home: what exists or waits in each operator area (PcaOperator)",
    response: { 200: AdminSummary, 403: Problem },
    handler: () => service.summary(),
  });

  route({
    method: 'GET',
    url: adminApiPaths.registrations,
    summary: 'Business registrations pending approval (PcaOperator)',
    response: { 200: PendingRegistrations, 403: Problem },
    handler: async () => ({ registrations: await service.listPendingRegistrations() }),
  });

  route({
    method: 'POST',
    url: adminApiPaths.approve,
    summary: 'Approve a registration: the organisation becomes an Approved publisher',
    params: IdParams,
    response: { 204: z.null(), 403: Problem, 404: Problem, 409: Problem },
    handler: (request, { user }) =>
      service.decideRegistration(user.id, request.params.id, { approve: true }, request.id),
  });

  route({
    method: 'POST',
    url: adminApiPaths.decline,
    summary: 'Decline a registration with a reason: it returns to Pending Submission',
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
    handler: (request, { user }) =>
      service.decideRegistration(
        user.id,
        request.params.id,
        { approve: false, reason: request.body.reason },
        request.id,
      ),
  });
};
