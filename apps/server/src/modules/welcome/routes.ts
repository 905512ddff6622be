import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SetupHelperStatus,
  SignUpBanner,
  SiteOrganisations,
  Uuid,
  welcomeApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { welcomeService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { problems } from '#platform/http/route-schema.ts';

/** Reads of the welcome dashboard: the sign-up banner and setting up a site. */
export const welcomeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = welcomeService(deps.db);
  const route = declareRoutes(app, { tag: 'welcome' });

  route.get(welcomeApiPaths.signUpBanner, {
    summary: 'The most recently created publisher organisation of the user',
    schema: { 200: SignUpBanner },
    handler: (_request, caller) => service.signUpBanner(caller),
  });

  route.get(welcomeApiPaths.siteOrganisations, {
    summary: 'Organisations the user may set up a site for',
    schema: { 200: SiteOrganisations },
    handler: (_request, caller) => ({ organisations: service.siteOrganisations(caller) }),
  });

  route.get(welcomeApiPaths.setupHelper, {
    summary: 'Setup-helper tile states of a site organisation, from its real data',
    schema: {
      params: z.object({ organisationId: Uuid }),
      200: SetupHelperStatus,
      ...problems(400, 404),
    },
    handler: (request, caller) => service.setupHelper(caller, request.params.organisationId),
  });
};
