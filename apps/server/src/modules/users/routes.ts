import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UserDetail, UsersPage, UsersQuery, UserStatusChange, usersApiPaths } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems, writes } from '#platform/http/route-schema.ts';
import { usersService } from './service.ts';

/** The operator's users (PcaOperator, not while managing; docs/decisions/063-users.md). */
export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // At onRequest, after the /api context's authenticate: anyone else is refused before the body is read
  // or validated (docs/decisions/037-server-floors.md).
  app.addHook('onRequest', requireCapability(deps, 'systemAdmin'));

  const service = usersService(deps.db);
  const route = declareRoutes(app, { tag: 'users' });

  route.get(usersApiPaths.list, {
    summary: 'Users by RA number, name or email, a page at a time (PcaOperator)',
    schema: { querystring: UsersQuery, 200: UsersPage, ...problems(400, 403) },
    handler: (request) => service.list(request.query),
  });

  route.get(usersApiPaths.detail, {
    summary: "One user's roles, organisations, delegations and recent audit events (PcaOperator)",
    schema: { params: IdParams, 200: UserDetail, ...problems(403, 404) },
    handler: (request) => service.detail(request.params.id),
  });

  route.post(usersApiPaths.deactivate, {
    summary: 'Deactivate a user with a reason: their sessions and delegations end (PcaOperator)',
    schema: {
      params: IdParams,
      body: UserStatusChange,
      204: z.null(),
      ...writes,
    },
    handler: (request, { user }) =>
      service.deactivate(user.id, request.params.id, request.body.reason, request.id),
  });

  route.post(usersApiPaths.reactivate, {
    summary: 'Reactivate a user with a reason: they may sign in again (PcaOperator)',
    schema: {
      params: IdParams,
      body: UserStatusChange,
      204: z.null(),
      ...writes,
    },
    handler: (request, { user }) =>
      service.reactivate(user.id, request.params.id, request.body.reason, request.id),
  });
};
