import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  LogoutResponse,
  Problem,
  SessionToken,
  TokenExchangeRequest,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { authService } from './service.ts';

const serviceOf = (deps: AppDeps) =>
  authService({ db: deps.db, identity: deps.identity, session: deps.config.session });

/** Sign-in: public routes (docs/product/architecture.md#the-system). */
export const signInRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = serviceOf(deps);

  app.get(
    apiPaths.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Start sign-in: redirects the browser to the provider-login service',
        // prompt=login: sign in again even while the provider's session lasts (a mandatory dialog's
        // Cancel, docs/product/rules.md#states).
        querystring: z.object({ prompt: z.enum(['login']).optional() }),
        response: { 302: z.null(), 400: Problem, 502: Problem },
      },
    },
    async (request, reply) => {
      const url = await service.startSignIn({ prompt: request.query.prompt });
      return reply.header('cache-control', 'no-store').redirect(url, 302);
    },
  );

  app.post(
    apiPaths.token,
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the authorisation code for a session token',
        body: TokenExchangeRequest,
        response: { 200: SessionToken, 400: Problem, 403: Problem, 502: Problem },
      },
    },
    async (request, reply) => {
      const token = await service.completeSignIn({ ...request.body, requestId: request.id });
      return reply.header('cache-control', 'no-store').send(token);
    },
  );
};

/** Sign-out: a route of the signed-in /api context. */
export const signOutRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = serviceOf(deps);

  const route = declareRoutes(app, { tag: 'auth' });

  route.post(apiPaths.logout, {
    summary: 'End the session (and get the provider end-session URL)',
    schema: { 200: LogoutResponse },
    handler: (request, { session, user }) =>
      service.signOut({ sessionId: session.id, userId: user.id, requestId: request.id }),
  });
};
