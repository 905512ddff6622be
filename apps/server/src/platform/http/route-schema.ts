import { z } from 'zod';
import { Problem, Uuid } from '@pca/contracts';

// What the routes' option blocks would otherwise each write again (docs/decisions/037-server-floors.md).

/** Path params of routes on one entity (`:id`). */
export const IdParams = z.object({ id: Uuid });

/** The problem answers a route declares, by status: `problems(400, 404)`. */
export function problems<const S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((status) => [status, Problem])) as Record<
    S,
    typeof Problem
  >;
}

/** The problems of most routes on something the caller may be refused: bad input, not theirs, not there. */
export const reads = problems(400, 403, 404);

/** ...and of a change that the thing's state may forbid. */
export const writes = problems(400, 403, 404, 409);

/** A route's own part of its schema: what it takes and what it answers. */
interface RouteSchema {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  consumes?: string[];
  response: Record<number, z.ZodType>;
}

/**
 * The schema writer of one module's signed-in routes (those of the /api context, app/build-app.ts): each
 * schema gets the module's OpenAPI tag, the bearer scheme and the 401 problem the context answers, beside
 * the route's own summary, input and answers.
 */
export function signedInSchema(tag: string) {
  const tags = [tag];
  const security = [{ bearer: [] }];
  return <const S extends RouteSchema>(summary: string, schema: S) => ({
    tags,
    summary,
    security,
    ...schema,
    response: { 401: Problem, ...schema.response },
  });
}
