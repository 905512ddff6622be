import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { maintenanceMessage, type Problem } from '@pca/contracts';
import { HttpError } from '#platform/errors.ts';
import { allowedMethods } from '#platform/http/allowed-methods.ts';
import { clientProblem } from './framework-problems.ts';
import {
  CONCURRENT_CHANGE_DETAIL,
  isDatabaseUnavailable,
  isUniqueViolation,
  OUTAGE_RETRY_AFTER_SECONDS,
} from '#lib/database-errors.ts';

function send(reply: FastifyReply, request: FastifyRequest, problem: Problem) {
  return reply
    .code(problem.status)
    .type('application/problem+json')
    .send({ ...problem, instance: request.url.split('?')[0] });
}

const typeUri = (type: string) => (type === 'about:blank' ? type : `/problems/${type}`);

/** One place that turns every error into RFC 9457 problem+json; never 200 with an error body. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // An unreachable database is an outage, not a bug: 503 with Retry-After (docs/decisions/010-outages-and-shutdown.md).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      return send(reply, request, {
        type: typeUri('service-unavailable'),
        title: 'Service unavailable',
        status: 503,
        detail: maintenanceMessage,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return {
          field: where || (error.validationContext ?? 'body'),
          message: issue.message ?? 'Invalid value',
        };
      });
      return send(reply, request, {
        type: typeUri('validation'),
        title: 'Invalid request',
        status: 400,
        detail: 'The request has invalid fields.',
        errors,
      });
    }
    if (error instanceof HttpError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      // A 4xx with a cause (e.g. the provider refused a code) is worth a warning for whoever investigates.
      else if (error.cause) request.log.warn({ err: error.cause }, error.message);
      return send(reply, request, {
        type: typeUri(error.type),
        title: error.title,
        status: error.status,
        ...(error.detail ? { detail: error.detail } : {}),
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    // A check-then-insert that lost a race with an identical request: the database's unique constraint
    // refused the second write. That is a conflict the client can retry, not a fault; the constraint's
    // name stays in the log (docs/decisions/008-text-rules-and-problem-types.md).
    if (isUniqueViolation(error)) {
      request.log.warn({ err: error }, 'unique violation answered as a conflict');
      return send(reply, request, {
        type: typeUri('conflict'),
        title: 'Conflict',
        status: 409,
        detail: CONCURRENT_CHANGE_DETAIL,
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: error, issues: error.cause.issues },
        'response did not match its schema',
      );
      return send(reply, request, {
        type: typeUri('internal-error'),
        title: 'Internal server error',
        status: 500,
      });
    }
    // Fastify's own client errors (bad JSON, too large, unsupported media type) keep their status,
    // with our type and a human title (docs/decisions/008-text-rules-and-problem-types.md).
    const problem = clientProblem(error);
    if (problem) return send(reply, request, problem);
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, {
      type: typeUri('internal-error'),
      title: 'Internal server error',
      status: 500,
    });
  });

  app.setNotFoundHandler((request, reply) => {
    // Fastify answers a known path with the wrong method as not found; it is a 405 with Allow.
    // A route that exists for this very method chose to answer not found (e.g. a file the static
    // host refuses to serve): that stays a 404.
    const allow = allowedMethods(app, request.url.split('?')[0]!);
    if (allow.length > 0 && !allow.includes(request.method)) {
      reply.header('allow', allow.join(', '));
      return send(reply, request, {
        type: typeUri('method-not-allowed'),
        title: 'Method not allowed',
        status: 405,
        detail: `This address accepts ${allow.join(', ')}.`,
      });
    }
    return send(reply, request, {
      type: typeUri('not-found'),
      title: 'Not found',
      status: 404,
      detail: 'No such resource.',
    });
  });
}
