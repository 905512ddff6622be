import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  organisationApiPaths,
  meApiPaths,
  MyOrganisations,
  OrganisationDetail,
  OrganisationUpdate,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { accessOf } from '#platform/access/guards.ts';
import { entityRoutes } from '#platform/entities/entity-routes.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { organisationsService } from './service.ts';

/** The signed-in user's organisation trees, and an organisation's view and edit. */
export const organisationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = organisationsService(deps.db);
  const route = declareRoutes(app, { tag: 'organisations' });

  route.get(meApiPaths.organisations, {
    summary: 'Organisation trees the user has roles in, with effective roles per node',
    schema: { 200: MyOrganisations },
    handler: (_request, caller) => ({ organisations: accessOf(deps, caller).trees }),
  });

  entityRoutes(app, {
    tag: 'businesses',
    detail: OrganisationDetail,
    body: OrganisationUpdate,
    view: {
      url: organisationApiPaths.organisation,
      summary:
        'An organisation with its HI organisations, locations, services, practitioners and partner services',
      load: service.getOrganisationDetail,
    },
    edit: {
      summary: 'Edit organisation details (OrganisationManager on it or an ancestor)',
      save: service.updateOrganisation,
    },
  });
};
