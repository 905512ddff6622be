import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WorkplaceServiceParams,
  WorkplaceServiceSummary,
  Workplaces,
  workplacesApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { problems } from '#platform/http/route-schema.ts';
import { workplacesService } from './service.ts';

/**
 * My workplaces (docs/decisions/059-my-workplaces.md): reads for the caller's practitioner record or the
 * practitioner they manage as a delegate; the service answers 403 to anyone else on the list, and 404 for a
 * healthcare service the practitioner never held a role at.
 */
export const workplacesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = workplacesService(deps);
  const route = declareRoutes(app, { tag: 'workplaces' });

  route.get(paths.list, {
    summary:
      "The practitioner's roles by healthcare service, active and past (own, or the managed practitioner's)",
    schema: { 200: Workplaces, ...problems(403) },
    handler: (_request, caller) => service.list(caller),
  });

  route.get(paths.service, {
    summary:
      'A healthcare service the practitioner holds or held a role at: details, hours, contact, publications',
    schema: { params: WorkplaceServiceParams, 200: WorkplaceServiceSummary, ...problems(400, 404) },
    handler: (request, caller) => service.summary(caller, request.params.id),
  });
};
