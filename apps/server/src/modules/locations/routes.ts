import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessApiPaths as paths,
  CreatedEntity,
  LocationDetail,
  LocationInput,
  Problem,
} from '@pca/contracts';
import type { AppDeps } from '#app/deps.ts';
import { requireAuth } from '#modules/auth/authenticate.ts';
import { createLocation, getLocationDetail, updateLocation } from './service.ts';

const IdParams = z.object({ id: z.string().uuid() });
const security = [{ bearer: [] }];
const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

/** Locations: view, edit, and add to an organisation. */
export const locationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    paths.location,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['locations'],
        summary: 'A location with its healthcare services and partner services',
        security,
        params: IdParams,
        response: { 200: LocationDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await getLocationDetail(deps.db, requireAuth(request).user.id, request.params.id)),
  );

  app.patch(
    paths.location,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['locations'],
        summary: 'Edit a location (OrganisationManager)',
        security,
        params: IdParams,
        body: LocationInput,
        response: { 200: LocationDetail, ...errors },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await updateLocation(deps.db, userId, request.params.id, request.body, request.id);
      return getLocationDetail(deps.db, userId, request.params.id);
    },
  );

  app.post(
    paths.organisationLocations,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['locations'],
        summary: 'Add a location to an organisation (OrganisationManager)',
        security,
        params: IdParams,
        body: LocationInput,
        response: { 201: CreatedEntity, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireAuth(request).user.id;
      const id = await createLocation(deps.db, userId, request.params.id, request.body, request.id);
      return reply.code(201).send({ id });
    },
  );
};
