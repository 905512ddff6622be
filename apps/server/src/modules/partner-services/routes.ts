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
import { IdParams, problems } from '#platform/http/route-schema.ts';
import { partnerServicesService } from './service.ts';

const reads = problems(403, 404);
const writes = problems(400, 403, 404, 409);

/**
 * Partner services, their information use statements and identifier systems
 * (docs/decisions/064-partner-services.md): System admin only — a PcaOperator, not while managing.
 */
export const partnerServicesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', requireCapability(deps, 'systemAdmin'));

  const service = partnerServicesService(deps);
  const route = declareRoutes(app, { tag: 'partner-services' });

  route({
    method: 'GET',
    url: paths.list,
    summary: 'Partner services with their latest statement version (PcaOperator)',
    response: { 200: PartnerServiceList, ...reads },
    handler: () => service.list(),
  });

  route({
    method: 'POST',
    url: paths.create,
    bodyLimit: 16_384,
    summary: 'Register a partner service',
    body: RegisterPartnerService,
    response: { 201: PartnerServiceDetail, ...writes },
    handler: (request, { user }) => service.register(user.id, request.body, request.id),
  });

  route({
    method: 'GET',
    url: paths.one,
    summary: 'One partner service: its details, statement versions and identifier systems',
    params: IdParams,
    response: { 200: PartnerServiceDetail, ...reads },
    handler: (request) => service.detail(request.params.id),
  });

  route({
    method: 'PUT',
    url: paths.update,
    bodyLimit: 16_384,
    summary: 'Change a partner service’s details',
    params: IdParams,
    body: PartnerServiceInput,
    response: { 200: PartnerServiceDetail, ...writes },
    handler: (request, { user }) =>
      service.update(user.id, request.params.id, request.body, request.id),
  });

  route({
    method: 'PUT',
    url: paths.logo,
    // 5 MB of image in base64, and its description.
    bodyLimit: 7_200_000,
    summary: 'Replace a partner service’s logo (PNG or JPEG, the profile photo’s checks)',
    params: IdParams,
    body: PartnerServiceLogoUpload,
    response: { 200: PartnerServiceDetail, ...problems(400, 403, 404, 409, 413, 415) },
    handler: (request, { user }) =>
      service.setLogo(user.id, request.params.id, request.body, request.id),
  });

  route({
    method: 'POST',
    url: paths.statements,
    bodyLimit: 262_144,
    summary:
      'Publish a new version of the information use statement: publication to the partner pauses until each organisation accepts it',
    params: IdParams,
    body: PublishStatement,
    response: { 201: PublishedStatement, ...writes },
    handler: (request, { user }) =>
      service.publishStatement(user.id, request.params.id, request.body, request.id),
  });

  route({
    method: 'GET',
    url: paths.identifierSystems,
    summary: 'Every partner identifier system and the partner services to add one for',
    response: { 200: PartnerIdentifierSystemList, ...reads },
    handler: () => service.identifierSystems(),
  });

  route({
    method: 'POST',
    url: paths.createIdentifierSystem,
    bodyLimit: 16_384,
    summary: 'Add a partner identifier system',
    body: PartnerIdentifierSystemInput,
    response: { 201: PartnerIdentifierSystem, ...writes },
    handler: (request, { user }) => service.addIdentifierSystem(user.id, request.body, request.id),
  });

  route({
    method: 'PUT',
    url: paths.identifierSystem,
    bodyLimit: 16_384,
    summary: 'Change a partner identifier system',
    params: IdParams,
    body: PartnerIdentifierSystemInput,
    response: { 200: PartnerIdentifierSystem, ...writes },
    handler: (request, { user }) =>
      service.updateIdentifierSystem(user.id, request.params.id, request.body, request.id),
  });

  route({
    method: 'DELETE',
    url: paths.deleteIdentifierSystem,
    summary: 'Remove a partner identifier system',
    params: IdParams,
    response: { 204: z.null(), ...writes },
    handler: (request, { user }) =>
      service.removeIdentifierSystem(user.id, request.params.id, request.id),
  });
};
