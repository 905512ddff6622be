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
import { IdParams, problems } from '#platform/http/route-schema.ts';
import { adminService } from './service.ts';

/** System admin (PcaOperator): the operator's home and the queue of business registrations pending approval. */
export const adminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // At onRequest, after the /api context's authenticate: anyone else is refused before the body is read
  // or validated (docs/decisions/037-server-floors.md).
  app.addHook('onRequest', requireCapability(deps, 'systemAdmin'));

  const service = adminService(deps.db);
  const route = declareRoutes(app, { tag: 'admin' });

  route.get(adminApiPaths.summary, {
    summary: "The operator's home: what exists or waits in each operator area (PcaOperator)",
    schema: { 200: AdminSummary, 403: Problem },
    handler: () => service.summary(),
  });

  route.get(adminApiPaths.registrations, {
    summary: 'Business registrations pending approval (PcaOperator)',
    schema: { 200: PendingRegistrations, 403: Problem },
    handler: async () => ({ registrations: await service.listPendingRegistrations() }),
  });

  route.post(adminApiPaths.approve, {
    summary: 'Approve a registration: the organisation becomes an Approved publisher',
    schema: { params: IdParams, 204: z.null(), ...problems(403, 404, 409) },
    handler: (request, { user }) =>
      service.decideRegistration(user.id, request.params.id, { approve: true }, request.id),
  });

  route.post(adminApiPaths.decline, {
    summary: 'Decline a registration with a reason: it returns to Pending Submission',
    schema: {
      params: IdParams,
      body: DeclineRegistration,
      204: z.null(),
      ...problems(400, 401, 403, 404, 409),
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
