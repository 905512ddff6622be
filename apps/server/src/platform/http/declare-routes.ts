import type {
  ContextConfigDefault,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requireAuth, type AuthContext } from '#platform/auth/authenticate.ts';
import { signedInSchema } from './route-schema.ts';

// One way to declare a signed-in route (docs/decisions/053-route-declarations.md).

/** The app as a module plugin receives it. */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A part of the request a route reads (absent: it reads none). */
type Part = z.ZodType | undefined;

/** The answers a route declares, by status. */
type Answers = Record<number, z.ZodType>;

/** The route's schema as Fastify's type provider reads it. */
interface Schema<P extends Part, Q extends Part, B extends Part, R extends Answers> {
  params: P;
  querystring: Q;
  body: B;
  response: R;
}

/** The request as the handler sees it: params, query and body typed by their schemas. */
export type DeclaredRequest<
  P extends Part,
  Q extends Part,
  B extends Part,
  R extends Answers,
> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  Schema<P, Q, B, R>,
  ZodTypeProvider
>;

type DeclaredReply<
  P extends Part,
  Q extends Part,
  B extends Part,
  R extends Answers,
> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  Schema<P, Q, B, R>,
  ZodTypeProvider
>;

type Success = 200 | 201 | 204;

/** What the handler returns: the body of the route's success answer (nothing for a 204). */
type Answer<R extends Answers> = {
  [S in keyof R & Success]: S extends 204 ? void : z.input<R[S]>;
}[keyof R & Success];

/** Options of Fastify's that a module or one route may set beside its schema. */
export type RouteOptions = Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'onRequest' | 'serializerCompiler'
>;

/** One signed-in route: what it is, what it takes, what it answers, and what it does. */
export interface SignedInRoute<
  R extends Answers,
  P extends Part,
  Q extends Part,
  B extends Part,
> extends RouteOptions {
  method: Extract<HTTPMethods, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>;
  url: string;
  /** The OpenAPI summary. */
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** Media types of the body, for OpenAPI (JSON unless said). */
  consumes?: string[];
  /** Exactly one success status (200, 201 or 204), sent with what the handler returns, and the problems. */
  response: R;
  /**
   * Does the work with the signed-in caller and returns the success answer's body; errors are thrown
   * (platform/errors.ts). The reply is there for headers.
   */
  handler: (
    request: DeclaredRequest<P, Q, B, R>,
    caller: AuthContext,
    reply: DeclaredReply<P, Q, B, R>,
  ) => NoInfer<Answer<R>> | Promise<NoInfer<Answer<R>>>;
}

/** The one success status a route declares. */
function successOf(method: string, url: string, response: Answers) {
  const statuses = Object.keys(response)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  if (statuses.length !== 1)
    throw new Error(`${method} ${url} declares ${statuses.length} success answers, not one`);
  return statuses[0]!;
}

/**
 * Declares one module's routes of the signed-in /api context (app/build-app.ts), each as one object:
 * `const route = declareRoutes(app, { tag, bodyLimit }); route({ method, url, summary, params, body,
 * response, handler })`. The schema gets the module's OpenAPI tag, the bearer scheme and the 401 problem
 * (route-schema.ts); the handler gets the caller `authenticate` found and returns the body, which is sent
 * with the route's declared success status (a 204 with none).
 */
export function declareRoutes(app: ZodApp, module: { tag: string } & RouteOptions) {
  const { tag, ...shared } = module;
  const doc = signedInSchema(tag);
  return function route<
    R extends Answers,
    P extends Part = undefined,
    Q extends Part = undefined,
    B extends Part = undefined,
  >(declaration: SignedInRoute<R, P, Q, B>) {
    const { method, url, summary, response, handler, ...rest } = declaration;
    const { params, querystring, body, consumes, ...options } = rest;
    const status = successOf(method, url, response);
    // Only the parts the route reads: an absent part is absent from its schema and from OpenAPI.
    const parts = Object.fromEntries(
      Object.entries({ consumes, params, querystring, body }).filter(([, part]) => part),
    );
    // Fastify cannot carry the declaration's generic schema through to the request it builds, so the
    // schema is widened here; the declaration's types hold at the call, and the validator holds them
    // at run time.
    const schema: FastifySchema = doc(summary, { ...parts, response });
    app.route({
      ...shared,
      ...options,
      method,
      url,
      schema,
      handler: async (request, reply) => {
        const answer = await handler(request as never, requireAuth(request), reply as never);
        return reply.code(status).send(status === 204 ? null : answer);
      },
    });
  };
}
