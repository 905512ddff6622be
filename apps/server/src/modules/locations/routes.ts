import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { locationApiPaths, LocationDetail, LocationInput } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { entityRoutes } from '#platform/entities/entity-routes.ts';
import { locationsService } from './service.ts';

/** Locations: view, edit, and add to an organisation. */
export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = locationsService(deps.db);
  entityRoutes(app, {
    tag: 'locations',
    detail: LocationDetail,
    body: LocationInput,
    view: {
      url: locationApiPaths.location,
      summary: 'A location with its healthcare services and partner services',
      load: service.getLocationDetail,
    },
    edit: { summary: 'Edit a location (OrganisationManager)', save: service.updateLocation },
    create: {
      url: locationApiPaths.create,
      summary: 'Add a location to an organisation (OrganisationManager)',
      add: service.createLocation,
    },
  });
};
