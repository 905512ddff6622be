import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  organisationApiPaths,
  meApiPaths,
  MyOrganisations,
  OrganisationDetail,
  OrganisationUpdate,
  Problem,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { accessOf } from '#platform/access/guards.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { viewAndEditRoutes } from '#platform/entities/entity-routes.ts';
import { getOrganisationDetail, updateOrganisation } from './service.ts';

/** The signed-in user's organisation trees, and an organisation's view and edit. */
export const organisationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    meApiPaths.organisations,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['organisations'],
        summary: 'Organisation trees the user has roles in, with effective roles per node',
        security: [{ bearer: [] }],
        response: { 200: MyOrganisations, 401: Problem },
      },
    },
    async (request, reply) => {
      const { trees } = accessOf(deps, requireAuth(request));
      return reply.header('cache-control', 'no-store').send({ organisations: trees });
    },
  );

  viewAndEditRoutes(app, deps, {
    path: organisationApiPaths.organisation,
    tag: 'businesses',
    detail: OrganisationDetail,
    body: OrganisationUpdate,
    summaries: {
      view: 'An organisation with its HI organisations, locations, services, practitioners and partner services',
      edit: 'Edit organisation details (OrganisationManager on it or an ancestor)',
    },
    load: getOrganisationDetail,
    save: updateOrganisation,
  });
};
