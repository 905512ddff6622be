import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NewSmartClient,
  SmartAppLaunchRequest,
  SmartAuthorization,
  SmartClient,
  SmartClientInput,
  SmartClientsList,
  SmartClientsQuery,
  SmartTokenRequest,
  smartClientsApiPaths as paths,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems } from '#platform/http/route-schema.ts';
import { smartClientsService } from './service.ts';

const reads = problems(400, 404);
const writes = problems(400, 404, 409);
const cisCalls = problems(400, 404, 409, 502);

/**
 * The portal as a SMART app (docs/product/smart-clients.md, docs/decisions/069-smart-app-launch.md). Every
 * route is for the managers of the connection's organisation: 404 for anyone else, as if there were nothing.
 */
export const smartClientsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = smartClientsService(deps);
  const route = declareRoutes(app, { tag: 'smart-clients', bodyLimit: 16_384 });

  route({
    method: 'GET',
    url: paths.list,
    summary:
      'The organisation’s clinical information system connections, with the caller’s sign-in to each',
    querystring: SmartClientsQuery,
    response: { 200: SmartClientsList, ...reads },
    handler: (request, auth) => service.list(auth, request.query.organisationId),
  });

  route({
    method: 'POST',
    url: paths.list,
    summary:
      'Connect the organisation to a clinical information system (reads its SMART configuration)',
    body: NewSmartClient,
    response: { 201: SmartClient, ...writes },
    handler: (request, auth) => service.create(auth, request.body, request.id),
  });

  route({
    method: 'POST',
    url: paths.appLaunch,
    summary: 'An EHR launch: the authorisation URL for a registered connection’s iss and launch',
    body: SmartAppLaunchRequest,
    response: { 200: SmartAuthorization, ...writes },
    handler: (request, auth) => service.appLaunch(auth, request.body, request.id),
  });

  route({
    method: 'POST',
    url: paths.token,
    summary: 'Exchange the code the clinical system returned (the tokens stay on the server)',
    body: SmartTokenRequest,
    response: { 200: SmartClient, ...cisCalls },
    handler: (request, auth) => service.exchange(auth, request.body, request.id),
  });

  route({
    method: 'GET',
    url: paths.connection,
    summary: 'One clinical information system connection',
    params: IdParams,
    response: { 200: SmartClient, ...reads },
    handler: (request, auth) => service.get(auth, request.params.id),
  });

  route({
    method: 'PUT',
    url: paths.connection,
    summary: 'Change a connection (reads the SMART configuration again)',
    params: IdParams,
    body: SmartClientInput,
    response: { 200: SmartClient, ...writes },
    handler: (request, auth) => service.update(auth, request.params.id, request.body, request.id),
  });

  route({
    method: 'DELETE',
    url: paths.connection,
    summary: 'Remove a connection and every sign-in to it',
    params: IdParams,
    response: { 204: z.null(), ...writes },
    handler: (request, auth) => service.remove(auth, request.params.id, request.id),
  });

  route({
    method: 'POST',
    url: paths.launch,
    summary: 'Start a standalone launch: the clinical system’s authorisation URL (PKCE, state)',
    params: IdParams,
    response: { 200: SmartAuthorization, ...writes },
    handler: (request, auth) => service.launch(auth, request.params.id, request.id),
  });
};

/** The JWK Set of the portal's SMART client key: public, read by clinical systems (private_key_jwt). */
export const smartClientsPublicRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const service = smartClientsService(deps);
  app.get(
    paths.jwks,
    {
      schema: {
        tags: ['smart-clients'],
        summary:
          'The public key (RFC 7517) clinical systems verify the portal’s client assertions with',
        response: { 200: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }) },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'public, max-age=300').send(await service.jwks()),
  );
};
