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
import { requireAuth } from '#platform/auth/authenticate.ts';
import { viewAndEditRoutes } from '#platform/entities/entity-routes.ts';
import { organisationsService } from './service.ts';
import { signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('organisations');

/** The signed-in user's organisation trees, and an organisation's view and edit. */
export const organisationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = organisationsService(deps.db);

  app.get(
    meApiPaths.organisations,
    {
      schema: doc('Organisation trees the user has roles in, with effective roles per node', {
        response: { 200: MyOrganisations },
      }),
    },
    async (request, reply) => {
      const { trees } = accessOf(deps, requireAuth(request));
      return reply.send({ organisations: trees });
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
    load: (_db, caller, id) => service.getOrganisationDetail(caller, id),
    save: (_db, caller, id, input, requestId) =>
      service.updateOrganisation(caller, id, input, requestId),
  });
};
