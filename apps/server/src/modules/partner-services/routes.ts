import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PartnerIdentifierSystem,
  PartnerIdentifierSystemInput,
  PartnerIdentifierSystemList,
  PartnerServiceDetail,
  PartnerServiceInput,
  PartnerServiceList,
  PartnerServiceLogoUpload,
  partnerServicesApiPaths as paths,
  PublishedStatement,
  PublishStatement,
  RegisterPartnerService,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems, writes } from '#platform/http/route-schema.ts';
import { partnerServicesService } from './service.ts';

const reads = problems(403, 404);

/**
 * Partner services, their information use statements and identifier systems
 * (docs/decisions/064-partner-services.md): System admin only — a PcaOperator, not while managing.
 */
export const partnerServicesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // At onRequest, after the /api context's authenticate: anyone else is refused before the body is read
  // or validated (docs/decisions/037-server-floors.md).
  app.addHook('onRequest', requireCapability(deps, 'systemAdmin'));

  const service = partnerServicesService(deps);
  const route = declareRoutes(app, { tag: 'partner-services' });

  route.get(paths.list, {
    summary: 'Partner services with their latest statement version (PcaOperator)',
    schema: { 200: PartnerServiceList, ...reads },
    handler: () => service.list(),
  });

  route.post(paths.create, {
    summary: 'Register a partner service',
    schema: { body: RegisterPartnerService, 201: PartnerServiceDetail, ...writes },
    bodyLimit: 16_384,
    handler: (request, { user }) => service.register(user.id, request.body, request.id),
  });

  route.get(paths.one, {
    summary: 'One partner service: its details, statement versions and identifier systems',
    schema: { params: IdParams, 200: PartnerServiceDetail, ...reads },
    handler: (request) => service.detail(request.params.id),
  });

  route.put(paths.update, {
    summary: 'Change a partner service’s details',
    schema: { params: IdParams, body: PartnerServiceInput, 200: PartnerServiceDetail, ...writes },
    bodyLimit: 16_384,
    handler: (request, { user }) =>
      service.update(user.id, request.params.id, request.body, request.id),
  });

  route.put(paths.logo, {
    summary: 'Replace a partner service’s logo (PNG or JPEG, the profile photo’s checks)',
    schema: {
      params: IdParams,
      body: PartnerServiceLogoUpload,
      200: PartnerServiceDetail,
      ...problems(400, 403, 404, 409, 413, 415),
    },
    // 5 MB of image in base64, and its description.
    bodyLimit: 7_200_000,
    handler: (request, { user }) =>
      service.setLogo(user.id, request.params.id, request.body, request.id),
  });

  route.post(paths.statements, {
    summary:
      'Publish a new version of the information use statement: publication to the partner pauses until each organisation accepts it',
    schema: { params: IdParams, body: PublishStatement, 201: PublishedStatement, ...writes },
    bodyLimit: 262_144,
    handler: (request, { user }) =>
      service.publishStatement(user.id, request.params.id, request.body, request.id),
  });

  route.get(paths.identifierSystems, {
    summary: 'Every partner identifier system and the partner services to add one for',
    schema: { 200: PartnerIdentifierSystemList, ...reads },
    handler: () => service.identifierSystems(),
  });

  route.post(paths.createIdentifierSystem, {
    summary: 'Add a partner identifier system',
    schema: { body: PartnerIdentifierSystemInput, 201: PartnerIdentifierSystem, ...writes },
    bodyLimit: 16_384,
    handler: (request, { user }) => service.addIdentifierSystem(user.id, request.body, request.id),
  });

  route.put(paths.identifierSystem, {
    summary: 'Change a partner identifier system',
    schema: {
      params: IdParams,
      body: PartnerIdentifierSystemInput,
      200: PartnerIdentifierSystem,
      ...writes,
    },
    bodyLimit: 16_384,
    handler: (request, { user }) =>
      service.updateIdentifierSystem(user.id, request.params.id, request.body, request.id),
  });

  route.delete(paths.deleteIdentifierSystem, {
    summary: 'Remove a partner identifier system',
    schema: { params: IdParams, 204: z.null(), ...writes },
    handler: (request, { user }) =>
      service.removeIdentifierSystem(user.id, request.params.id, request.id),
  });
};
