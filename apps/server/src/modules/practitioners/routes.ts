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
  Uuid,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { createLocalHiService } from '#integrations/hi-service/local-hi-service.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { problems, reads } from '#platform/http/route-schema.ts';
import { practitionersService } from './service.ts';

const RoleParams = z.object({ roleId: Uuid });

/** The Practitioners page (docs/product/shell.md#practitioners, docs/product/rules.md#calls) and practitioner role add, edit and read. */
export const practitionerRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The local registry stands in for the HI Service until a real client is configured.
  const service = practitionersService(deps, createLocalHiService(deps.db));
  const practitioner = declareRoutes(app, { tag: 'practitioners' });
  const role = declareRoutes(app, { tag: 'practitioner roles' });

  practitioner.get(practitionerApiPaths.serviceOfferings, {
    summary:
      'Practitioners with their service offerings, optionally filtered by organisation, activity and name',
    schema: { querystring: ServiceOfferingsQuery, 200: ServiceOfferingsPage, ...reads },
    handler: (request, caller) => service.list(caller, request.query),
  });

  practitioner.get(practitionerApiPaths.practitionerSearch, {
    summary: 'Known practitioners in the caller’s organisations, by name',
    schema: { querystring: PractitionerSearchQuery, 200: PractitionerSearchResult, ...reads },
    handler: async (request, caller) => ({
      practitioners: await service.search(caller, request.query.name),
    }),
  });

  practitioner.post(practitionerApiPaths.hiServiceSearch, {
    summary:
      'Whether the Healthcare Identifiers Service holds an HPI-I for these names (match or no match; audited, rate-limited)',
    schema: { body: HpiiSearch, 200: HpiiSearchResult, ...problems(400, 403, 429) },
    handler: (request, caller) => service.searchHpii(caller, request.body, request.id),
  });

  role.get(practitionerApiPaths.roleOptions, {
    summary: 'Healthcare services the caller may add roles to, and the role types',
    schema: { 200: PractitionerRoleOptions, ...reads },
    handler: (_request, caller) => service.options(caller),
  });

  role.post(practitionerApiPaths.roles, {
    summary: 'Add a practitioner role',
    schema: { body: CreatePractitionerRole, 201: PractitionerRoleDetail, ...reads },
    handler: (request, caller) => service.create(caller, request.body, request.id),
  });

  role.get(practitionerApiPaths.role, {
    summary: 'One practitioner role (needs a manager role on its healthcare service)',
    schema: { params: RoleParams, 200: PractitionerRoleDetail, ...reads },
    handler: (request, caller) => service.get(caller, request.params.roleId),
  });

  role.put(practitionerApiPaths.role, {
    summary: 'Edit a practitioner role (needs a manager role on its healthcare service)',
    schema: {
      params: RoleParams,
      body: UpdatePractitionerRole,
      200: PractitionerRoleDetail,
      ...reads,
    },
    handler: (request, caller) =>
      service.update(caller, request.params.roleId, request.body, request.id),
  });
};
