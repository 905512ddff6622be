import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meApiPaths, MyOrganisations, Problem } from '@pca/contracts';
import type { AppDeps } from '#app/deps.ts';
import { requireAuth } from '#modules/auth/authenticate.ts';
import { loadAccessScope } from '#lib/access.ts';
import { loadMyOrganisations } from './my-organisations.ts';

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
      const { user } = requireAuth(request);
      const scope = await loadAccessScope(deps.db, user.id);
      return reply
        .header('cache-control', 'no-store')
        .send({ organisations: await loadMyOrganisations(deps.db, scope) });
    },
  );
};
