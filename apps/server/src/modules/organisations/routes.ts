import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meApiPaths, MyOrganisations, Problem } from '@pca/contracts';
import type { AppDeps } from '#lib/deps.ts';
import { accessOf } from '#modules/access/guards.ts';
import { requireAuth } from '#modules/auth/authenticate.ts';

/** The signed-in user's organisation trees ("update all user organisation trees", spec 1 §7). */
export const organisationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    meApiPaths.organisations,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['organisations'],
        summary: 'Organisation trees the user has roles in, with effective roles per node',
        security: [{ bearer: [] }],
        response: { 200: MyOrganisations, 401: Problem },
      },
    },
    async (request, reply) => {
      const { trees } = accessOf(deps, requireAuth(request));
      return reply.header('cache-control', 'no-store').send({ organisations: trees });
    },
  );
};
