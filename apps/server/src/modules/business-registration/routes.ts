import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessRegistrationApiPaths,
  Problem,
  Registration,
  RegistrationBusinessDetails,
  RegistrationStepUpdate,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { errors } from '#platform/entities/entity-routes.ts';
import { IdParams, signedInSchema } from '#platform/http/route-schema.ts';
import { businessRegistrationService } from './service.ts';

const doc = signedInSchema('businesses');

/** The Register a business wizard: start, read, save a step, submit for approval. */
export const businessRegistrationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = businessRegistrationService(deps.db);

  app.post(
    businessRegistrationApiPaths.registrations,
    {
      schema: doc(
        'Start registering a business (Pending Submission); the caller becomes its OrganisationManager',
        {
          body: RegistrationBusinessDetails,
          response: { 201: Registration, 400: Problem },
        },
      ),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.createRegistration(requireAuth(request), request.body, request.id)),
  );

  app.get(
    businessRegistrationApiPaths.registration,
    {
      schema: doc('A business registration as saved so far', {
        params: IdParams,
        response: { 200: Registration, ...errors },
      }),
    },
    async (request) => service.getRegistration(requireAuth(request).scope, request.params.id),
  );

  app.put(
    businessRegistrationApiPaths.registration,
    {
      schema: doc('Save one step of a registration in Pending Submission', {
        params: IdParams,
        body: RegistrationStepUpdate,
        response: { 200: Registration, 409: Problem, ...errors },
      }),
    },
    async (request) =>
      service.saveRegistrationStep(
        requireAuth(request).scope,
        request.params.id,
        request.body,
        request.id,
      ),
  );

  app.post(
    businessRegistrationApiPaths.submit,
    {
      schema: doc('Submit a complete registration for approval (Pending Approval)', {
        params: IdParams,
        response: { 200: Registration, 409: Problem, ...errors },
      }),
    },
    async (request) =>
      service.submitRegistration(requireAuth(request).scope, request.params.id, request.id),
  );
};
