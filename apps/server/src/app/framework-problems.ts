import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Problem } from '@pca/contracts';
import { fhirApiPaths, fhirJson } from '@pca/contracts/fhir-paths.ts';
import { outcomeOfStatus } from '#modules/fhir/resources.ts';
import { jsonBodyErrors } from '#platform/http/json-body.ts';

/**
 * Problems for the errors Fastify and Node's HTTP parser raise before a route runs, so a client gets
 * our problem types and a human title rather than a framework code (docs/decisions/008-text-rules-and-problem-types.md).
 */

/** Our problem type URI for a slug. */
export const problemType = (slug: string) => `/problems/${slug}`;

type Known = { slug: string; status: number; title: string; detail: string };

const byCode: Record<string, Known> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    slug: 'invalid-json',
    status: 400,
    title: 'Invalid JSON body',
    detail: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    slug: 'empty-body',
    status: 400,
    title: 'Empty JSON body',
    detail: 'The request says it sends JSON but its body is empty.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    slug: 'invalid-content-length',
    status: 400,
    title: 'Invalid content length',
    detail: 'The Content-Length header does not match the body sent.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    slug: 'body-too-large',
    status: 413,
    title: 'Request body too large',
    detail: 'The request body is larger than this API accepts.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    slug: 'unsupported-media-type',
    status: 415,
    title: 'Unsupported media type',
    detail: 'Send the request body as application/json.',
  },
  // JSON bodies in UTF-8 only (platform/http/json-body.ts).
  [jsonBodyErrors.bytes]: {
    slug: 'invalid-json',
    status: 400,
    title: 'Invalid JSON body',
    detail: 'The request body is not valid UTF-8.',
  },
  [jsonBodyErrors.charset]: {
    slug: 'unsupported-media-type',
    status: 415,
    title: 'Unsupported media type',
    detail: 'Send the request body as JSON in UTF-8.',
  },
  FST_ERR_BAD_URL: {
    slug: 'bad-url',
    status: 400,
    title: 'Invalid URL',
    detail: 'The address has a part that is not valid percent-encoded text.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    slug: 'uri-too-long',
    status: 414,
    title: 'URL too long',
    detail: 'A part of the address is longer than this API accepts.',
  },
};

const toProblem = ({ slug, status, title, detail }: Known): Problem => ({
  type: problemType(slug),
  title,
  status,
  detail,
});

/** Kebab-case slug of an HTTP status text ('Payload Too Large' → 'payload-too-large'). */
const statusSlug = (status: number) =>
  (STATUS_CODES[status] ?? 'Bad Request').toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The problem for a client error Fastify raised (bad JSON, empty body, too large, wrong media type, bad
 * URL…), or null when the error is not a client error (the caller answers 500 then).
 */
export function clientProblem(error: FastifyError): Problem | null {
  const known = error.code ? byCode[error.code] : undefined;
  if (known) return toProblem(known);
  const status = error.statusCode;
  // A body parser other than the default JSON one reports bad JSON as a SyntaxError with a 400.
  if (error instanceof SyntaxError && (status === undefined || status === 400))
    return toProblem(byCode.FST_ERR_CTP_INVALID_JSON_BODY!);
  if (status === undefined || status < 400 || status >= 500) return null;
  // Any other 4xx keeps its status, with a type and title derived from it (never the framework code).
  const title = STATUS_CODES[status] ?? 'Bad Request';
  return {
    type: problemType(statusSlug(status)),
    title: title.charAt(0) + title.slice(1).toLowerCase(),
    status,
  };
}

/**
 * Fastify's `frameworkErrors` option: errors of the router before any route or hook runs (a path that
 * is not valid percent-encoding, an over-long path parameter).
 */
export function sendFrameworkProblem(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const problem = clientProblem(error) ?? {
    type: problemType('internal-error'),
    title: 'Internal server error',
    status: 500,
  };
  if (problem.status >= 500) request.log.error({ err: error }, 'router error');
  // The partner API answers every error as an OperationOutcome, these too (docs/decisions/031-fhir-partner-api.md).
  if (request.url === fhirApiPaths.base || request.url.startsWith(`${fhirApiPaths.base}/`))
    return reply
      .code(problem.status)
      .type(`${fhirJson}; charset=utf-8`)
      .header('x-request-id', request.id)
      .send(outcomeOfStatus(problem.status, problem.detail ?? problem.title));
  return reply
    .code(problem.status)
    .type('application/problem+json')
    .header('x-request-id', request.id)
    .send({ ...problem, instance: request.url.split('?')[0] });
}

/** Problems for what Node's HTTP parser refuses before Fastify sees a request. */
function parserProblem(code: string | undefined): Known {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      slug: 'headers-too-large',
      status: 431,
      title: 'Request headers too large',
      detail: 'The address or the headers of the request are longer than this API accepts.',
    };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      slug: 'request-timeout',
      status: 408,
      title: 'Request timeout',
      detail: 'The request was not received in time.',
    };
  return {
    slug: 'malformed-request',
    status: 400,
    title: 'Malformed request',
    detail: 'The request is not valid HTTP.',
  };
}

/**
 * Fastify's `clientErrorHandler` option: Node's parser refused the request (e.g. an over-long URL or
 * headers), so there is no request object; the problem is written on the socket, which then closes.
 */
export function writeClientErrorProblem(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Duplex,
) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = parserProblem(error.code);
  this.log.debug({ err: error }, `client error: ${known.slug}`);
  if (socket.writable) {
    const body = JSON.stringify(toProblem(known));
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\n` +
        'Content-Type: application/problem+json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
