import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * JSON bodies in UTF-8 only (docs/decisions/054-canonical-ids-and-oauth-errors.md). Fastify's own parser reads
 * a body as UTF-8 whatever it is: bytes that are not UTF-8 (a Latin-1 body, UTF-16) become U+FFFD and were
 * stored as such. JSON exchanged between systems is UTF-8 (RFC 8259 §8.1), so a body that says it is in
 * another charset is a 415 and one whose bytes are not UTF-8 is invalid JSON (400); both as problems
 * (app/framework-problems.ts) or, on the partner API, OperationOutcomes.
 */

/** The error codes of the two refusals, which the problem mapping knows. */
export const jsonBodyErrors = {
  charset: 'PCA_JSON_CHARSET_NOT_UTF8',
  bytes: 'PCA_JSON_NOT_UTF8',
} as const;

const refusal = (code: string, statusCode: number, message: string) =>
  Object.assign(new Error(message), { code, statusCode });

const UTF8_CHARSET = /^(utf-?8|us-ascii)$/i;

/** The charset parameter of a Content-Type header, if any. */
export function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? '');
  return match ? match[1]! : null;
}

/** Whether a Content-Type names a charset other than UTF-8 (or ASCII, its subset). */
export const declaresOtherCharset = (contentType: string | undefined) => {
  const charset = charsetOf(contentType);
  return charset !== null && !UTF8_CHARSET.test(charset);
};

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/**
 * A content-type parser for JSON media types: the charset and the bytes checked, then Fastify's own JSON
 * parser (which refuses prototype poisoning and an empty body).
 */
export function utf8JsonParser(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  return (
    request: FastifyRequest,
    body: Buffer,
    done: (err: Error | null, body?: unknown) => void,
  ) => {
    if (declaresOtherCharset(request.headers['content-type']))
      return done(refusal(jsonBodyErrors.charset, 415, 'JSON body not in UTF-8'));
    let text: string;
    try {
      text = decoder.decode(body);
    } catch {
      return done(refusal(jsonBodyErrors.bytes, 400, 'JSON body is not valid UTF-8'));
    }
    return parseJson(request, text, done);
  };
}

/** Replaces Fastify's JSON parser of `app` (and the contexts below it) with the UTF-8 one. */
export function parseJsonAsUtf8(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, utf8JsonParser(app));
}
