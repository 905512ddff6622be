import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Problem,
  UserDetail,
  UsersPage,
  UsersQuery,
  UserStatusChange,
  usersApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams } from '#platform/http/route-schema.ts';
import { usersService } from './service.ts';

/** The operator's users (PcaOperator, not while managing; docs/decisions/063-users.md). */
export const usersRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', requireCapability(deps, 'systemAdmin'));

  const service = usersService(deps.db);
  const route = declareRoutes(app, { tag: 'users' });

  route({
    method: 'GET',
    url: usersApiPaths.list,
    summary: 'Users by RA number, name or email, a page at a time (PcaOperator)',
    querystring: UsersQuery,
    response: { 200: UsersPage, 400: Problem, 403: Problem },
    handler: (request) => service.list(request.query),
  });

  route({
    method: 'GET',
    url: usersApiPaths.detail,
    summary: "One user's roles, organisations, delegations and recent audit events (PcaOperator)",
    params: IdParams,
    response: { 200: UserDetail, 403: Problem, 404: Problem },
    handler: (request) => service.detail(request.params.id),
  });

  route({
    method: 'POST',
    url: usersApiPaths.deactivate,
    summary: 'Deactivate a user with a reason: their sessions and delegations end (PcaOperator)',
    params: IdParams,
    body: UserStatusChange,
    response: { 204: z.null(), 400: Problem, 403: Problem, 404: Problem, 409: Problem },
    handler: (request, { user }) =>
      service.deactivate(user.id, request.params.id, request.body.reason, request.id),
  });

  route({
    method: 'POST',
    url: usersApiPaths.reactivate,
    summary: 'Reactivate a user with a reason: they may sign in again (PcaOperator)',
    params: IdParams,
    body: UserStatusChange,
    response: { 204: z.null(), 400: Problem, 403: Problem, 404: Problem, 409: Problem },
    handler: (request, { user }) =>
      service.reactivate(user.id, request.params.id, request.body.reason, request.id),
  });
};
