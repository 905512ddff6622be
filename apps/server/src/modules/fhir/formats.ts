import os from 'node:os';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { Fhir } from 'fhir';
import { Piscina } from 'piscina';
import { fhirJson, fhirXml } from '@pca/contracts/fhir-paths.ts';
import type { Json } from './resources.ts';
import { FhirSearchError } from './search-input.ts';

// The partner API's formats (docs/decisions/073-hcpd-search.md): FHIR JSON, and FHIR XML as HCPD's responder
// SHALLs, converted by the `fhir` package (FHIR.js, which orders elements and escapes values by the R4
// definitions) rather than built as strings here.

const converter = new Fhir();

export type Format = 'json' | 'xml';

const FORMAT_PARAM: Record<string, Format> = {
  json: 'json',
  'application/json': 'json',
  [fhirJson]: 'json',
  xml: 'xml',
  'text/xml': 'xml',
  'application/xml': 'xml',
  [fhirXml]: 'xml',
};

/**
 * The format a request asks for: `_format` first (R4 lets it override Accept), else the Accept header's
 * preference between the two; JSON when neither says (or Accept names neither). Null: a `_format` this API
 * does not speak (406).
 */
export function formatOf(request: FastifyRequest): Format | null {
  const asked = (request.query as Record<string, unknown> | undefined)?.['_format'];
  if (asked !== undefined) {
    const value = Array.isArray(asked) ? asked[0] : asked;
    // A `+` in a query is a space: `application/fhir xml` is how `application/fhir+xml` arrives unencoded.
    const key = String(value).trim().replace(' ', '+').split(';')[0]!.trim().toLowerCase();
    return FORMAT_PARAM[key] ?? null;
  }
  const accept = request.headers.accept;
  if (!accept) return 'json';
  const best = negotiate(accept, [
    fhirJson,
    'application/json',
    fhirXml,
    'application/xml',
    'text/xml',
  ]);
  return best ? (FORMAT_PARAM[best] ?? 'json') : 'json';
}

/**
 * Writes FHIR XML on worker threads (xml-worker.mjs, docs/decisions/086-fhir-xml-off-the-event-loop.md):
 * FHIR.js takes milliseconds a page, which on the API's thread held up every request behind it. The pool is
 * made at the first XML answer (a process that answers only JSON starts no thread) and ended with the app
 * (`close`).
 */
export function xmlWriter() {
  let pool: Piscina<Json, string> | undefined;
  return {
    /** The body of an answer in `format`. */
    async serialise(body: Json, format: Format): Promise<string | Json> {
      if (format !== 'xml') return body;
      pool ??= new Piscina<Json, string>({
        filename: path.join(import.meta.dirname, 'xml-worker.mjs'),
        // One thread fewer than the cores, so the API's own thread keeps one (two threads on two cores
        // measured slower: docs/decisions/086-fhir-xml-off-the-event-loop.md); at least one, kept once made.
        minThreads: 1,
        maxThreads: Math.max(1, os.availableParallelism() - 1),
        idleTimeout: 60_000,
      });
      return pool.run(body);
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

/** A FHIR XML request body as the FHIR JSON object the handlers read (what does not parse is a 400). */
export function xmlBodyParser(
  _request: FastifyRequest,
  body: string,
  done: (err: Error | null, value?: unknown) => void,
) {
  try {
    const parsed = converter.xmlToObj(body) as Json | undefined;
    if (!parsed || typeof parsed !== 'object' || !parsed['resourceType'])
      return done(
        Object.assign(new Error('The body is not a FHIR XML resource.'), { statusCode: 400 }),
      );
    done(null, parsed);
  } catch {
    done(Object.assign(new Error('The body is not a FHIR XML resource.'), { statusCode: 400 }));
  }
}

/** R4's `Prefer: handling=strict|lenient` (RFC 7240; other preferences beside it are ignored). */
export function handlingOf(prefer: string | string[] | undefined): 'strict' | 'lenient' | null {
  const text = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  const m = /(?:^|[,;\s])handling\s*=\s*"?([a-z]+)"?/i.exec(text);
  if (!m) return null;
  const value = m[1]!.toLowerCase();
  if (value === 'strict' || value === 'lenient') return value;
  throw new FhirSearchError(`Prefer: handling must be strict or lenient, not '${m[1]}'.`);
}
