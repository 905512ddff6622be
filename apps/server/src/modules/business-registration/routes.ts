import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessRegistrationApiPaths,
  Problem,
  Registration,
  RegistrationBusinessDetails,
  RegistrationStepUpdate,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, reads } from '#platform/http/route-schema.ts';
import { businessRegistrationService } from './service.ts';

/** The Register a business wizard: start, read, save a step, submit for approval. */
export const businessRegistrationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = businessRegistrationService(deps.db);
  const route = declareRoutes(app, { tag: 'businesses' });

  route.post(businessRegistrationApiPaths.registrations, {
    summary:
      'Start registering a business (Pending Submission); the caller becomes its OrganisationManager',
    schema: { body: RegistrationBusinessDetails, 201: Registration, 400: Problem },
    handler: (request, caller) => service.createRegistration(caller, request.body, request.id),
  });

  route.get(businessRegistrationApiPaths.registration, {
    summary: 'A business registration as saved so far',
    schema: { params: IdParams, 200: Registration, ...reads },
    handler: (request, { scope }) => service.getRegistration(scope, request.params.id),
  });

  route.put(businessRegistrationApiPaths.registration, {
    summary: 'Save one step of a registration in Pending Submission',
    schema: {
      params: IdParams,
      body: RegistrationStepUpdate,
      200: Registration,
      409: Problem,
      ...reads,
    },
    handler: (request, { scope }) =>
      service.saveRegistrationStep(scope, request.params.id, request.body, request.id),
  });

  route.post(businessRegistrationApiPaths.submit, {
    summary: 'Submit a complete registration for approval (Pending Approval)',
    schema: { params: IdParams, 200: Registration, 409: Problem, ...reads },
    handler: (request, { scope }) =>
      service.submitRegistration(scope, request.params.id, request.id),
  });
};
