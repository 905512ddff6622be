import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthcareServiceApiPaths,
  HealthcareServiceDetail,
  HealthcareServiceInput,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { createInOrganisationRoute, viewAndEditRoutes } from '#platform/entities/entity-routes.ts';
import { healthcareServicesService } from './service.ts';

/** Healthcare services: view, edit, and add to an organisation. */
export const healthcareServiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = healthcareServicesService(deps.db);

  viewAndEditRoutes(app, deps, {
    path: healthcareServiceApiPaths.healthcareService,
    tag: 'healthcare-services',
    detail: HealthcareServiceDetail,
    body: HealthcareServiceInput,
    summaries: {
      view: 'A healthcare service with contact details, opening hours, practitioners and partner services',
      edit: 'Edit a healthcare service (OrganisationManager or HealthcareServiceManager)',
    },
    load: (_db, caller, id) => service.getServiceDetail(caller, id),
    save: (_db, caller, id, input, requestId) =>
      service.updateService(caller, id, input, requestId),
  });

  createInOrganisationRoute(app, deps, {
    path: healthcareServiceApiPaths.create,
    tag: 'healthcare-services',
    body: HealthcareServiceInput,
    summary: 'Add a healthcare service to an organisation (OrganisationManager)',
    create: (_db, caller, organisationId, input, requestId) =>
      service.createService(caller, organisationId, input, requestId),
  });
};
