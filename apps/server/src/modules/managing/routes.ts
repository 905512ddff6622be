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
import { requireAuth } from '#platform/auth/authenticate.ts';
import { managingService } from './service.ts';
import { signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('managing');

/** Managing another practitioner: the delegate's practitioners, start and stop (docs/product/rules.md#states, docs/product/rules.md#calls). */
export const managingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = managingService(deps.db);

  app.get(
    shellApiPaths.managedPractitioners,
    {
      schema: doc('Practitioners the caller is an accepted delegate of', {
        response: { 200: DelegatePractitioners, 403: Problem },
      }),
    },
    async (request) => ({ practitioners: await service.practitionersOf(requireAuth(request)) }),
  );

  app.put(
    shellApiPaths.managing,
    {
      schema: doc('Start managing a practitioner (checked against an accepted delegation)', {
        body: StartManagingRequest,
        response: {
          200: ManagedPractitioner,
          400: Problem,
          403: Problem,
          404: Problem,
        },
      }),
    },
    async (request) => service.start(requireAuth(request), request.body.practitionerId, request.id),
  );

  app.delete(
    shellApiPaths.managing,
    {
      schema: doc('Stop managing: switch back to My account', {
        response: { 204: z.null() },
      }),
    },
    async (request, reply) => {
      await service.stop(requireAuth(request), request.id);
      return reply.status(204).send(null);
    },
  );
};
