import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  healthcareServiceApiPaths,
  HealthcareServiceDetail,
  HealthcareServiceInput,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { entityRoutes } from '#platform/entities/entity-routes.ts';
import { healthcareServicesService } from './service.ts';

/** Healthcare services: view, edit, and add to an organisation. */
export const healthcareServiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = healthcareServicesService(deps.db);
  entityRoutes(app, {
    tag: 'healthcare-services',
    detail: HealthcareServiceDetail,
    body: HealthcareServiceInput,
    view: {
      url: healthcareServiceApiPaths.healthcareService,
      summary:
        'A healthcare service with contact details, opening hours, practitioners and partner services',
      load: service.getServiceDetail,
    },
    edit: {
      summary: 'Edit a healthcare service (OrganisationManager or HealthcareServiceManager)',
      save: service.updateService,
    },
    create: {
      url: healthcareServiceApiPaths.create,
      summary: 'Add a healthcare service to an organisation (OrganisationManager)',
      add: service.createService,
    },
  });
};
