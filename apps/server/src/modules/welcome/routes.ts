import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Problem,
  SetupHelperStatus,
  SignUpBanner,
  SiteOrganisations,
  welcomeApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { welcomeService } from './service.ts';

/** Reads of the welcome dashboard: the sign-up banner and setting up a site. */
export const welcomeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = welcomeService(deps.db);
  const meta = { tags: ['welcome'], security: [{ bearer: [] }] };

  app.get(
    welcomeApiPaths.signUpBanner,
    {
      preHandler: deps.authenticate,
      schema: {
        ...meta,
        summary: 'The most recently created publisher organisation of the user',
        response: { 200: SignUpBanner, 401: Problem },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send(service.signUpBanner(requireAuth(request))),
  );

  app.get(
    welcomeApiPaths.siteOrganisations,
    {
      preHandler: deps.authenticate,
      schema: {
        ...meta,
        summary: 'Organisations the user may set up a site for',
        response: { 200: SiteOrganisations, 401: Problem },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ organisations: service.siteOrganisations(requireAuth(request)) }),
  );

  app.get(
    welcomeApiPaths.setupHelper,
    {
      preHandler: deps.authenticate,
      schema: {
        ...meta,
        summary: 'Setup-helper tile states of a site organisation, from its real data',
        params: z.object({ organisationId: z.string().uuid() }),
        response: { 200: SetupHelperStatus, 400: Problem, 401: Problem, 404: Problem },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.setupHelper(requireAuth(request), request.params.organisationId)),
  );
};
