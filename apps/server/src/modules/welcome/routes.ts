import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Problem,
  SetupHelperStatus,
  SignUpBanner,
  SiteOrganisations,
  Uuid,
  welcomeApiPaths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { welcomeService } from './service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';

/** Reads of the welcome dashboard: the sign-up banner and setting up a site. */
export const welcomeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = welcomeService(deps.db);
  const route = declareRoutes(app, { tag: 'welcome' });

  route({
    method: 'GET',
    url: welcomeApiPaths.signUpBanner,
    summary: 'The most recently created publisher organisation of the user',
    response: { 200: SignUpBanner },
    handler: (_request, caller) => service.signUpBanner(caller),
  });

  route({
    method: 'GET',
    url: welcomeApiPaths.siteOrganisations,
    summary: 'Organisations the user may set up a site for',
    response: { 200: SiteOrganisations },
    handler: (_request, caller) => ({ organisations: service.siteOrganisations(caller) }),
  });

  route({
    method: 'GET',
    url: welcomeApiPaths.setupHelper,
    summary: 'Setup-helper tile states of a site organisation, from its real data',
    params: z.object({ organisationId: Uuid }),
    response: { 200: SetupHelperStatus, 400: Problem, 404: Problem },
    handler: (request, caller) => service.setupHelper(caller, request.params.organisationId),
  });
};
