import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationApiPaths, LocationDetail, LocationInput } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { createInOrganisationRoute, viewAndEditRoutes } from '#platform/entities/entity-routes.ts';
import { createLocation, getLocationDetail, updateLocation } from './service.ts';

/** Locations: view, edit, and add to an organisation. */
export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  viewAndEditRoutes(app, deps, {
    path: locationApiPaths.location,
    tag: 'locations',
    detail: LocationDetail,
    body: LocationInput,
    summaries: {
      view: 'A location with its healthcare services and partner services',
      edit: 'Edit a location (OrganisationManager)',
    },
    load: getLocationDetail,
    save: updateLocation,
  });

  createInOrganisationRoute(app, deps, {
    path: locationApiPaths.create,
    tag: 'locations',
    body: LocationInput,
    summary: 'Add a location to an organisation (OrganisationManager)',
    create: createLocation,
  });
};
