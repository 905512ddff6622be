import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Problem, PublishEntities, publishSelectorApiPaths } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { ForbiddenError } from '#platform/errors.ts';
import { accessOf } from '#platform/access/guards.ts';
import { publishSelectorService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';

/** The publish entity selector's list (docs/product/features.md#publish-selector). */
export const publishSelectorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = publishSelectorService(deps.db);
  const route = declareRoutes(app, { tag: 'publishing' });

  route.get(publishSelectorApiPaths.entities, {
    summary: 'Healthcare services, organisations and locations the user manages',
    schema: { 200: PublishEntities, 403: Problem },
    handler: (_request, caller) => {
      const { capabilities, scope } = accessOf(deps, caller);
      // The business publishing settings card needs both (docs/product/shell.md#welcome).
      if (!capabilities.manageBusinesses || !capabilities.accessPublishing)
        throw new ForbiddenError('Managing business publications needs business management.');
      return service.managedEntities(scope);
    },
  });
};
