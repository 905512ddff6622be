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

  route.get(paths.list, {
    summary:
      'The organisation’s clinical information system connections, with the caller’s sign-in to each',
    schema: { querystring: SmartClientsQuery, 200: SmartClientsList, ...reads },
    handler: (request, auth) => service.list(auth, request.query.organisationId),
  });

  route.post(paths.list, {
    summary:
      'Connect the organisation to a clinical information system (reads its SMART configuration)',
    schema: { body: NewSmartClient, 201: SmartClient, ...writes },
    handler: (request, auth) => service.create(auth, request.body, request.id),
  });

  route.post(paths.appLaunch, {
    summary: 'An EHR launch: the authorisation URL for a registered connection’s iss and launch',
    schema: { body: SmartAppLaunchRequest, 200: SmartAuthorization, ...writes },
    handler: (request, auth) => service.appLaunch(auth, request.body, request.id),
  });

  route.post(paths.token, {
    summary: 'Exchange the code the clinical system returned (the tokens stay on the server)',
    schema: { body: SmartTokenRequest, 200: SmartClient, ...cisCalls },
    handler: (request, auth) => service.exchange(auth, request.body, request.id),
  });

  route.get(paths.connection, {
    summary: 'One clinical information system connection',
    schema: { params: IdParams, 200: SmartClient, ...reads },
    handler: (request, auth) => service.get(auth, request.params.id),
  });

  route.put(paths.connection, {
    summary: 'Change a connection (reads the SMART configuration again)',
    schema: { params: IdParams, body: SmartClientInput, 200: SmartClient, ...writes },
    handler: (request, auth) => service.update(auth, request.params.id, request.body, request.id),
  });

  route.delete(paths.connection, {
    summary: 'Remove a connection and every sign-in to it',
    schema: { params: IdParams, 204: z.null(), ...writes },
    handler: (request, auth) => service.remove(auth, request.params.id, request.id),
  });

  route.post(paths.launch, {
    summary: 'Start a standalone launch: the clinical system’s authorisation URL (PKCE, state)',
    schema: { params: IdParams, 200: SmartAuthorization, ...writes },
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
