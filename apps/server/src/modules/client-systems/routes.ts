import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClientSystem,
  ClientSystemList,
  clientSystemsApiPaths as paths,
  IssuedClientSecret,
  OAuthError,
  PartnerJwks,
  partnerOAuthPaths,
  PartnerTokenRequest,
  PartnerTokenResponse,
  Problem,
  RegisterClientSystem,
} from '@pca/contracts';
import type { AppDeps } from '#platform/deps.ts';
import { requireCapability } from '#platform/access/guards.ts';
import { requireAuth } from '#platform/auth/authenticate.ts';
import { clientSystemsService } from './service.ts';
import { partnerTokenService } from '#platform/partner-tokens.ts';
import { exchangeClientCredentials } from './token-endpoint.ts';
import { IdParams, problems, signedInSchema } from '#platform/http/route-schema.ts';

const doc = signedInSchema('client-systems');
const reads = problems(403);
const writes = problems(400, 403, 404, 409);

/**
 * Client systems (docs/decisions/030-publishing-to-partners.md, "Client systems and tokens"): the operators'
 * list, register, rotate and revoke (System admin: PcaOperator only). A secret appears only in the answer
 * that issues it, never stored, logged or listed.
 */
export const clientSystemRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.addHook('preHandler', requireCapability(deps, 'systemAdmin'));

  const service = clientSystemsService(deps.db);

  app.get(
    paths.list,
    {
      schema: doc('Client systems and the partner services to register one for (PcaOperator)', {
        response: { 200: ClientSystemList, ...reads },
      }),
    },
    async (_request, reply) => reply.send(await service.listClientSystems()),
  );

  app.post(
    paths.register,
    {
      bodyLimit: 16_384,
      schema: doc('Register a partner’s client system: answers its client id and secret, once', {
        body: RegisterClientSystem,
        response: { 201: IssuedClientSecret, ...writes },
      }),
    },
    async (request, reply) => {
      const operator = requireAuth(request).user.id;
      const issued = await service.registerClientSystem(operator, request.body, request.id);
      return reply.code(201).send(issued);
    },
  );

  app.post(
    paths.rotate,
    {
      schema: doc('Issue a new secret: the old one and its tokens stop working; answers it, once', {
        params: IdParams,
        response: { 200: IssuedClientSecret, ...writes },
      }),
    },
    async (request, reply) => {
      const operator = requireAuth(request).user.id;
      const issued = await service.rotateClientSecret(operator, request.params.id, request.id);
      return reply.send(issued);
    },
  );

  app.post(
    paths.revoke,
    {
      schema: doc('Revoke a client system: its secret and every token issued to it stop working', {
        params: IdParams,
        response: { 200: ClientSystem, ...writes },
      }),
    },
    async (request, reply) => {
      const operator = requireAuth(request).user.id;
      return reply.send(await service.revokeClientSystem(operator, request.params.id, request.id));
    },
  );
};

/** The partners' OAuth 2.0 token endpoint and key set: public, outside the signed-in /api context. */
export const partnerOAuthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The token request is a form (RFC 6749 §4.4.2); only this plugin's routes read forms. A parameter given
  // twice stays a list, which the request schema refuses (§3.2: parameters MUST NOT be repeated).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8_192 },
    (_request, body, done) => {
      const form: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        const seen = form[name];
        form[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      done(null, form);
    },
  );

  app.post(
    partnerOAuthPaths.token,
    {
      // Errors of the token request are RFC 6749 §5.2's, not problem documents: the route answers them itself.
      attachValidation: true,
      schema: {
        tags: ['oauth'],
        summary:
          'OAuth 2.0 client credentials (RFC 6749 §4.4): an access token for the partner API; client authentication by HTTP Basic or in the form',
        consumes: ['application/x-www-form-urlencoded'],
        body: PartnerTokenRequest,
        response: { 200: PartnerTokenResponse, 400: OAuthError, 401: OAuthError, 429: Problem },
      },
    },
    async (request, reply) => {
      const answer = await exchangeClientCredentials(deps, {
        contentType: request.headers['content-type'],
        authorization: request.headers.authorization,
        body: request.validationError ? null : (request.body as PartnerTokenRequest | undefined),
      });
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      if (answer.status === 401) reply.header('www-authenticate', 'Basic realm="partner-api"');
      return reply.code(answer.status).type('application/json').send(answer.body);
    },
  );

  app.get(
    partnerOAuthPaths.jwks,
    {
      schema: {
        tags: ['oauth'],
        summary: 'The public keys (RFC 7517) that verify the partner API’s access tokens',
        response: { 200: PartnerJwks },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .send(await partnerTokenService(deps).jwks()),
  );
};
