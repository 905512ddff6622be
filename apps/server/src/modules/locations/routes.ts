import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationApiPaths, LocationDetail, LocationInput } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { createInOrganisationRoute, viewAndEditRoutes } from '#platform/entities/entity-routes.ts';
import { locationsService } from './service.ts';

/** Locations: view, edit, and add to an organisation. */
export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = locationsService(deps.db);

  viewAndEditRoutes(app, deps, {
    path: locationApiPaths.location,
    tag: 'locations',
    detail: LocationDetail,
    body: LocationInput,
    summaries: {
      view: 'A location with its healthcare services and partner services',
      edit: 'Edit a location (OrganisationManager)',
    },
    load: (_db, caller, id) => service.getLocationDetail(caller, id),
    save: (_db, caller, id, input, requestId) =>
      service.updateLocation(caller, id, input, requestId),
  });

  createInOrganisationRoute(app, deps, {
    path: locationApiPaths.create,
    tag: 'locations',
    body: LocationInput,
    summary: 'Add a location to an organisation (OrganisationManager)',
    create: (_db, caller, organisationId, input, requestId) =>
      service.createLocation(caller, organisationId, input, requestId),
  });
};
