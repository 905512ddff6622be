import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePractitionerRole,
  HiServiceLookup,
  Hpii,
  PractitionerRoleDetail,
  PractitionerRoleOptions,
  PractitionerSearchQuery,
  PractitionerSearchResult,
  Problem,
  practitionerApiPaths,
  ServiceOfferingsPage,
  ServiceOfferingsQuery,
  UpdatePractitionerRole,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { createLocalHiService } from '#integrations/hi-service/local-hi-service.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { practitionersService } from './service.ts';

const RoleParams = z.object({ roleId: z.string().uuid() });
const security = [{ bearer: [] }];
const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

/** The Practitioners page (docs/product/shell.md#practitioners, docs/product/rules.md#calls) and practitioner role add, edit and read. */
export const practitionerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The local registry stands in for the HI Service until a real client is configured.
  const service = practitionersService(deps, createLocalHiService(deps.db));

  app.get(
    practitionerApiPaths.serviceOfferings,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['practitioners'],
        summary:
          'Practitioners with their service offerings, optionally filtered by organisation, activity and name',
        security,
        querystring: ServiceOfferingsQuery,
        response: { 200: ServiceOfferingsPage, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.list(requireAuth(request), request.query)),
  );

  app.get(
    practitionerApiPaths.practitionerSearch,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['practitioners'],
        summary: 'Known practitioners in the caller’s organisations, by name',
        security,
        querystring: PractitionerSearchQuery,
        response: { 200: PractitionerSearchResult, ...errors },
      },
    },
    async (request) => ({
      practitioners: await service.search(requireAuth(request), request.query.name),
    }),
  );

  app.get(
    practitionerApiPaths.hiServiceLookup,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['practitioners'],
        summary: 'Look up an HPI-I in the Healthcare Identifiers Service',
        security,
        params: z.object({ hpii: Hpii }),
        response: { 200: HiServiceLookup, ...errors },
      },
    },
    async (request) => service.lookupHpii(requireAuth(request), request.params.hpii),
  );

  app.get(
    practitionerApiPaths.roleOptions,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['practitioner roles'],
        summary: 'Healthcare services the caller may add roles to, and the role types',
        security,
        response: { 200: PractitionerRoleOptions, ...errors },
      },
    },
    async (request) => service.options(requireAuth(request)),
  );

  app.post(
    practitionerApiPaths.roles,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['practitioner roles'],
        summary: 'Add a practitioner role',
        security,
        body: CreatePractitionerRole,
        response: { 201: PractitionerRoleDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(requireAuth(request), request.body, request.id)),
  );

  app.get(
    practitionerApiPaths.role,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['practitioner roles'],
        summary: 'One practitioner role (needs a manager role on its healthcare service)',
        security,
        params: RoleParams,
        response: { 200: PractitionerRoleDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await service.get(requireAuth(request), request.params.roleId)),
  );

  app.put(
    practitionerApiPaths.role,
    {
      preHandler: deps.authenticate,
      schema: {
        tags: ['practitioner roles'],
        summary: 'Edit a practitioner role (needs a manager role on its healthcare service)',
        security,
        params: RoleParams,
        body: UpdatePractitionerRole,
        response: { 200: PractitionerRoleDetail, ...errors },
      },
    },
    async (request) =>
      service.update(requireAuth(request), request.params.roleId, request.body, request.id),
  );
};
