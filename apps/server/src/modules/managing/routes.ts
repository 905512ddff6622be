import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DelegatePractitioners,
  ManagedPractitioner,
  Problem,
  shellApiPaths,
  StartManagingRequest,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { managingService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { reads } from '#platform/http/route-schema.ts';

/** Managing another practitioner: the delegate's practitioners, start and stop (docs/product/rules.md#states, docs/product/rules.md#calls). */
export const managingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = managingService(deps.db);
  const route = declareRoutes(app, { tag: 'managing' });

  route.get(shellApiPaths.managedPractitioners, {
    summary: 'Practitioners the caller is an accepted delegate of',
    schema: { 200: DelegatePractitioners, 403: Problem },
    handler: async (_request, caller) => ({ practitioners: await service.practitionersOf(caller) }),
  });

  route.put(shellApiPaths.managing, {
    summary: 'Start managing a practitioner (checked against an accepted delegation)',
    schema: { body: StartManagingRequest, 200: ManagedPractitioner, ...reads },
    handler: (request, caller) => service.start(caller, request.body.practitionerId, request.id),
  });

  route.delete(shellApiPaths.managing, {
    summary: 'Stop managing: switch back to My account',
    schema: { 204: z.null() },
    handler: (request, caller) => service.stop(caller, request.id),
  });
};
