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
import { signedInSchema } from '#platform/http/route-schema.ts';

/** Reads of the welcome dashboard: the sign-up banner and setting up a site. */
export const welcomeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = welcomeService(deps.db);
  const doc = signedInSchema('welcome');

  app.get(
    welcomeApiPaths.signUpBanner,
    {
      schema: doc('The most recently created publisher organisation of the user', {
        response: { 200: SignUpBanner },
      }),
    },
    async (request, reply) => reply.send(service.signUpBanner(requireAuth(request))),
  );

  app.get(
    welcomeApiPaths.siteOrganisations,
    {
      schema: doc('Organisations the user may set up a site for', {
        response: { 200: SiteOrganisations },
      }),
    },
    async (request) => ({ organisations: service.siteOrganisations(requireAuth(request)) }),
  );

  app.get(
    welcomeApiPaths.setupHelper,
    {
      schema: doc('Setup-helper tile states of a site organisation, from its real data', {
        params: z.object({ organisationId: z.string().uuid() }),
        response: { 200: SetupHelperStatus, 400: Problem, 404: Problem },
      }),
    },
    async (request) => service.setupHelper(requireAuth(request), request.params.organisationId),
  );
};
