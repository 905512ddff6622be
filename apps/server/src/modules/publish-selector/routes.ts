import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Problem, PublishEntities, publishSelectorApiPaths } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { ForbiddenError } from '#platform/errors.ts';
import { accessOf } from '#platform/access/guards.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { publishSelectorService } from './service.ts';
import { signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('publishing');

/** The publish entity selector's list (docs/product/features.md#publish-selector). */
export const publishSelectorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = publishSelectorService(deps.db);

  app.get(
    publishSelectorApiPaths.entities,
    {
      schema: doc('Healthcare services, organisations and locations the user manages', {
        response: { 200: PublishEntities, 403: Problem },
      }),
    },
    async (request, reply) => {
      const { capabilities, scope } = accessOf(deps, requireAuth(request));
      // The business publishing settings card needs both (docs/product/shell.md#welcome).
      if (!capabilities.manageBusinesses || !capabilities.accessPublishing)
        throw new ForbiddenError('Managing business publications needs business management.');
      return reply.send(await service.managedEntities(scope));
    },
  );
};
