import type { FastifyError, FastifyReply } from 'fastify';
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
import { clientSystemsService } from './service.ts';
import { partnerTokenService } from '#platform/partner-tokens.ts';
import {
  exchangeClientCredentials,
  NOT_UTF8,
  tokenRefusalOf,
  type TokenAnswer,
} from './token-endpoint.ts';
import { declareRoutes } from '#platform/http/declare-routes.ts';
import { IdParams, problems, writes } from '#platform/http/route-schema.ts';
import { declaresOtherCharset } from '#platform/http/json-body.ts';

const reads = problems(403);

/**
 * Client systems (docs/decisions/030-publishing-to-partners.md, "Client systems and tokens"): the operators'
 * list, register, rotate and revoke (System admin: PcaOperator only). A secret appears only in the answer
 * that issues it, never stored, logged or listed.
 */
export const clientSystemRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // At onRequest, after the /api context's authenticate: anyone else is refused before the body is read
  // or validated (docs/decisions/037-server-floors.md).
  app.addHook('onRequest', requireCapability(deps, 'systemAdmin'));

  const service = clientSystemsService(deps.db);
  const route = declareRoutes(app, { tag: 'client-systems' });

  route.get(paths.list, {
    summary: 'Client systems and the partner services to register one for (PcaOperator)',
    schema: { 200: ClientSystemList, ...reads },
    handler: () => service.listClientSystems(),
  });

  route.post(paths.register, {
    summary: 'Register a partner’s client system: answers its client id and secret, once',
    schema: { body: RegisterClientSystem, 201: IssuedClientSecret, ...writes },
    bodyLimit: 16_384,
    handler: (request, { user }) => service.registerClientSystem(user.id, request.body, request.id),
  });

  route.post(paths.rotate, {
    summary: 'Issue a new secret: the old one and its tokens stop working; answers it, once',
    schema: { params: IdParams, 200: IssuedClientSecret, ...writes },
    handler: (request, { user }) =>
      service.rotateClientSecret(user.id, request.params.id, request.id),
  });

  route.post(paths.revoke, {
    summary: 'Revoke a client system: its secret and every token issued to it stop working',
    schema: { params: IdParams, 200: ClientSystem, ...writes },
    handler: (request, { user }) =>
      service.revokeClientSystem(user.id, request.params.id, request.id),
  });
};

/** A token endpoint's answer: never cached (RFC 6749 §5.1), a 401 with its challenge (§5.2). */
function sendTokenAnswer(reply: FastifyReply, answer: TokenAnswer) {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  if (answer.status === 401) reply.header('www-authenticate', 'Basic realm="partner-api"');
  return reply.code(answer.status).type('application/json').send(answer.body);
}

/** The partners' OAuth 2.0 token endpoint and key set: public, outside the signed-in /api context. */
export const partnerOAuthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  // The token request is a form (RFC 6749 §4.4.2); only this plugin's routes read forms. A parameter given
  // twice stays a list, which the request schema refuses (§3.2: parameters MUST NOT be repeated).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8_192 },
    (request, body, done) => {
      // The body was read as UTF-8: a form that says it is in another charset would be misread.
      if (declaresOtherCharset(request.headers['content-type']))
        return done(
          Object.assign(new Error('Form not in UTF-8'), { statusCode: 415, code: NOT_UTF8 }),
        );
      const form: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        const seen = form[name];
        form[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      done(null, form);
    },
  );

  // Errors of the token request are RFC 6749 §5.2's, not problem documents, those raised before the route
  // runs too (a body that does not parse, a parameter that breaks the text rule); anything else — a rate
  // limit, an outage — goes on to the app's handler (docs/decisions/054-canonical-ids-and-oauth-errors.md).
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal =
      request.routeOptions.url === partnerOAuthPaths.token
        ? tokenRefusalOf(error, request.body)
        : null;
    if (!refusal) throw error;
    return sendTokenAnswer(reply, refusal);
  });

  app.post(
    partnerOAuthPaths.token,
    {
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
        body: request.body,
      });
      return sendTokenAnswer(reply, answer);
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
