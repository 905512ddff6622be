import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EndpointInput, EndpointList, EndpointView, endpointApiPaths } from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import type { AuthContext } from '#platform/auth/authenticate.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, reads } from '#platform/http/route-schema.ts';
import { endpointsService, type EndpointCaller } from './service.ts';

/**
 * Partner-facing endpoints (docs/decisions/072-endpoint-and-provenance.md, 085-location-endpoints.md): read by
 * whoever reads the organisation, service or location, added, changed and removed by its managers.
 */
export const endpointRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = endpointsService(deps.db);
  const route = declareRoutes(app, { tag: 'endpoints', bodyLimit: 16_384 });
  const caller = (auth: AuthContext): EndpointCaller => ({
    scope: auth.scope,
    userId: auth.user.id,
    actingForPractitionerId: auth.currentUser.managingPractitioner?.id ?? null,
  });

  const nouns = {
    organisation: 'an organisation',
    service: 'a healthcare service',
    location: 'a location',
  } as const;
  for (const [kind, url] of [
    ['organisation', endpointApiPaths.organisation],
    ['service', endpointApiPaths.healthcareService],
    ['location', endpointApiPaths.location],
  ] as const) {
    route.get(url, {
      summary: `The partner-facing endpoints of ${nouns[kind]}`,
      schema: { params: IdParams, 200: EndpointList, ...reads },
      handler: (request, auth) => service.list(caller(auth), { kind, id: request.params.id }),
    });
    route.post(url, {
      summary: `Add a partner-facing endpoint to ${nouns[kind]} (its managers)`,
      schema: { params: IdParams, body: EndpointInput, 201: EndpointView, ...reads },
      handler: (request, auth) =>
        service.create(caller(auth), { kind, id: request.params.id }, request.body, request.id),
    });
  }

  route.put(endpointApiPaths.endpoint, {
    summary: 'Change an endpoint (managers of its organisation, service or location)',
    schema: { params: IdParams, body: EndpointInput, 200: EndpointView, ...reads },
    handler: (request, auth) =>
      service.update(caller(auth), request.params.id, request.body, request.id),
  });

  route.delete(endpointApiPaths.endpoint, {
    summary: 'Remove an endpoint (managers of its organisation, service or location)',
    schema: { params: IdParams, 204: z.null(), ...reads },
    handler: (request, auth) => service.remove(caller(auth), request.params.id, request.id),
  });
};
