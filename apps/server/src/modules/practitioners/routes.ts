import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreatePractitionerRole,
  HpiiSearch,
  HpiiSearchResult,
  PractitionerRoleDetail,
  PractitionerRoleOptions,
  PractitionerSearchQuery,
  PractitionerSearchResult,
  practitionerApiPaths,
  ServiceOfferingsPage,
  ServiceOfferingsQuery,
  UpdatePractitionerRole,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { createLocalHiService } from '#integrations/hi-service/local-hi-service.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { problems, signedInSchema } from '#platform/http/route-schema.ts';
import { practitionersService } from './service.ts';

const RoleParams = z.object({ roleId: z.string().uuid() });
const errors = problems(400, 403, 404);
const practitionersDoc = signedInSchema('practitioners');
const rolesDoc = signedInSchema('practitioner roles');

/** The Practitioners page (docs/product/shell.md#practitioners, docs/product/rules.md#calls) and practitioner role add, edit and read. */
export const practitionerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The local registry stands in for the HI Service until a real client is configured.
  const service = practitionersService(deps, createLocalHiService(deps.db));

  app.get(
    practitionerApiPaths.serviceOfferings,
    {
      schema: practitionersDoc(
        'Practitioners with their service offerings, optionally filtered by organisation, activity and name',
        {
          querystring: ServiceOfferingsQuery,
          response: { 200: ServiceOfferingsPage, ...errors },
        },
      ),
    },
    async (request, reply) => reply.send(await service.list(requireAuth(request), request.query)),
  );

  app.get(
    practitionerApiPaths.practitionerSearch,
    {
      schema: practitionersDoc('Known practitioners in the caller’s organisations, by name', {
        querystring: PractitionerSearchQuery,
        response: { 200: PractitionerSearchResult, ...errors },
      }),
    },
    async (request) => ({
      practitioners: await service.search(requireAuth(request), request.query.name),
    }),
  );

  app.post(
    practitionerApiPaths.hiServiceSearch,
    {
      schema: practitionersDoc(
        'Whether the Healthcare Identifiers Service holds an HPI-I for these names (match or no match; audited, rate-limited)',
        {
          body: HpiiSearch,
          response: { 200: HpiiSearchResult, ...problems(400, 403, 429) },
        },
      ),
    },
    async (request) => service.searchHpii(requireAuth(request), request.body, request.id),
  );

  app.get(
    practitionerApiPaths.roleOptions,
    {
      schema: rolesDoc('Healthcare services the caller may add roles to, and the role types', {
        response: { 200: PractitionerRoleOptions, ...errors },
      }),
    },
    async (request) => service.options(requireAuth(request)),
  );

  app.post(
    practitionerApiPaths.roles,
    {
      schema: rolesDoc('Add a practitioner role', {
        body: CreatePractitionerRole,
        response: { 201: PractitionerRoleDetail, ...errors },
      }),
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(requireAuth(request), request.body, request.id)),
  );

  app.get(
    practitionerApiPaths.role,
    {
      schema: rolesDoc('One practitioner role (needs a manager role on its healthcare service)', {
        params: RoleParams,
        response: { 200: PractitionerRoleDetail, ...errors },
      }),
    },
    async (request) => service.get(requireAuth(request), request.params.roleId),
  );

  app.put(
    practitionerApiPaths.role,
    {
      schema: rolesDoc(
        'Edit a practitioner role (needs a manager role on its healthcare service)',
        {
          params: RoleParams,
          body: UpdatePractitionerRole,
          response: { 200: PractitionerRoleDetail, ...errors },
        },
      ),
    },
    async (request) =>
      service.update(requireAuth(request), request.params.roleId, request.body, request.id),
  );
};
