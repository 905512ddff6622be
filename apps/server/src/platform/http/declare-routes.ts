import type {
  ContextConfigDefault,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
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

// One way to declare a signed-in route (docs/decisions/053-route-declarations.md, 087-routes-at-their-method.md).

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

/** The parts of the request a route reads, and the media types of its body (JSON unless said). */
interface Parts {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  consumes?: string[];
}

/**
 * What a route takes and what it answers, in one object: the parts it reads by name, its answers by
 * status (`{ params: IdParams, body: Input, 200: Output, ...problems(400, 404) }`).
 */
export type RouteSchema = Parts & Answers;

type PartOf<S, K extends 'params' | 'querystring' | 'body'> =
  S extends Record<K, infer P extends z.ZodType> ? P : undefined;

type AnswersOf<S> = { [K in keyof S as K extends number ? K : never]: Extract<S[K], z.ZodType> };

type RequestOf<S> = DeclaredRequest<
  PartOf<S, 'params'>,
  PartOf<S, 'querystring'>,
  PartOf<S, 'body'>,
  AnswersOf<S>
>;

type ReplyOf<S> = DeclaredReply<
  PartOf<S, 'params'>,
  PartOf<S, 'querystring'>,
  PartOf<S, 'body'>,
  AnswersOf<S>
>;

/** One signed-in route at its method and URL: what it is, what it takes and answers, and what it does. */
export interface SignedInRoute<S extends RouteSchema> extends RouteOptions {
  /** The OpenAPI summary. */
  summary: string;
  /** The parts read and exactly one success status (200, 201 or 204) beside the problems. */
  schema: S;
  /**
   * Does the work with the signed-in caller and returns the success answer's body; errors are thrown
   * (platform/errors.ts). The reply is there for headers.
   */
  handler: (
    request: RequestOf<S>,
    caller: AuthContext,
    reply: ReplyOf<S>,
  ) => NoInfer<Answer<AnswersOf<S>>> | Promise<NoInfer<Answer<AnswersOf<S>>>>;
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

/** A route's schema split into the parts it reads (only those it names) and its answers by status. */
function split(schema: RouteSchema) {
  const parts: Record<string, unknown> = {};
  const response: Answers = {};
  for (const [key, value] of Object.entries(schema)) {
    if (/^\d{3}$/.test(key)) response[Number(key)] = value as z.ZodType;
    else if (value) parts[key] = value;
  }
  return { parts, response };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Declares one module's routes of the signed-in /api context (app/build-app.ts), each as one call:
 * `const route = declareRoutes(app, { tag, bodyLimit }); route.post(url, { summary, schema: { body,
 * 201: Answer, ...problems }, handler })`. The schema gets the module's OpenAPI tag, the bearer scheme and
 * the 401 problem (route-schema.ts); the handler gets the caller `authenticate` found and returns the
 * body, which is sent with the route's declared success status (a 204 with none).
 */
export function declareRoutes(app: ZodApp, module: { tag: string } & RouteOptions) {
  const { tag, ...shared } = module;
  const doc = signedInSchema(tag);
  const at =
    (method: Method) =>
    <S extends RouteSchema>(url: string, declaration: SignedInRoute<S>) => {
      const { summary, schema: declared, handler, ...options } = declaration;
      const { parts, response } = split(declared);
      const status = successOf(method, url, response);
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
  return {
    get: at('GET'),
    post: at('POST'),
    put: at('PUT'),
    patch: at('PATCH'),
    delete: at('DELETE'),
  };
}
