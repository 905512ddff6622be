import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessApiPaths as paths,
  CreatedEntity,
  HealthcareServiceDetail,
  HealthcareServiceInput,
  Problem,
} from '@pca/contracts';
import type { AppDeps } from '#app/deps.ts';
import { requireAuth } from '#modules/auth/authenticate.ts';
import { createService, getServiceDetail, updateService } from './service.ts';

const IdParams = z.object({ id: z.string().uuid() });
const security = [{ bearer: [] }];
const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

/** Healthcare services: view, edit, and add to an organisation. */
export const healthcareServiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    paths.healthcareService,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['healthcare-services'],
        summary:
          'A healthcare service with contact details, opening hours, practitioners and partner services',
        security,
        params: IdParams,
        response: { 200: HealthcareServiceDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getServiceDetail(deps.db, requireAuth(request).user.id, request.params.id)),
  );

  app.patch(
    paths.healthcareService,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['healthcare-services'],
        summary: 'Edit a healthcare service (OrganisationManager or HealthcareServiceManager)',
        security,
        params: IdParams,
        body: HealthcareServiceInput,
        response: { 200: HealthcareServiceDetail, ...errors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await updateService(deps.db, userId, request.params.id, request.body, request.id);
      return getServiceDetail(deps.db, userId, request.params.id);
    },
  );

  app.post(
    paths.organisationHealthcareServices,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['healthcare-services'],
        summary: 'Add a healthcare service to an organisation (OrganisationManager)',
        security,
        params: IdParams,
        body: HealthcareServiceInput,
        response: { 201: CreatedEntity, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const id = await createService(deps.db, userId, request.params.id, request.body, request.id);
      return reply.code(201).send({ id });
    },
  );
};
