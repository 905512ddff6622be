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
import { errors, IdParams, security } from '#platform/entities/entity-routes.ts';
import {
  createRegistration,
  getRegistration,
  saveRegistrationStep,
  submitRegistration,
} from './service.ts';

/** The Register a business wizard: start, read, save a step, submit for approval. */
export const businessRegistrationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.post(
    businessRegistrationApiPaths.registrations,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['businesses'],
        summary:
          'Start registering a business (Pending Submission); the caller becomes its OrganisationManager',
        security,
        body: RegistrationBusinessDetails,
        response: { 201: Registration, 400: Problem, 401: Problem },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createRegistration(deps.db, requireAuth(request).user.id, request.body, request.id),
        ),
  );

  app.get(
    businessRegistrationApiPaths.registration,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['businesses'],
        summary: 'A business registration as saved so far',
        security,
        params: IdParams,
        response: { 200: Registration, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getRegistration(deps.db, requireAuth(request).scope, request.params.id)),
  );

  app.put(
    businessRegistrationApiPaths.registration,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['businesses'],
        summary: 'Save one step of a registration in Pending Submission',
        security,
        params: IdParams,
        body: RegistrationStepUpdate,
        response: { 200: Registration, 409: Problem, ...errors },
      },
    },
    async (request) =>
      saveRegistrationStep(
        deps.db,
        requireAuth(request).scope,
        request.params.id,
        request.body,
        request.id,
      ),
  );

  app.post(
    businessRegistrationApiPaths.submit,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['businesses'],
        summary: 'Submit a complete registration for approval (Pending Approval)',
        security,
        params: IdParams,
        response: { 200: Registration, 409: Problem, ...errors },
      },
    },
    async (request) =>
      submitRegistration(deps.db, requireAuth(request).scope, request.params.id, request.id),
  );
};
