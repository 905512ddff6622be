import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface SpaOptions {
  /** Serve the build's `.map` files (off by default: they expose the sources to anyone). */
  serveSourceMaps?: boolean;
}

/** index.html and the compressed copies the build wrote beside it. */
interface IndexDocument {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

function readIndex(indexFile: string): IndexDocument {
  const optional = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
  const br = optional(`${indexFile}.br`);
  const gzip = optional(`${indexFile}.gz`);
  return { identity: readFileSync(indexFile), ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
}

/** The encoding to answer with: brotli, then gzip, when the client accepts it and the copy exists. */
export function pickEncoding(acceptEncoding: string | undefined, doc: IndexDocument) {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.toLowerCase()),
  );
  if (doc.br && accepted.has('br')) return 'br' as const;
  if (doc.gzip && accepted.has('gzip')) return 'gzip' as const;
  return null;
}

// Paths that name a file: a request for one that the build does not have is a 404, not the app shell
// (a stale tab asking for an old chunk must fail loudly, and robots get an honest answer).
const FILE_PATH = /^\/assets\/|\/[^/]+\.[a-z0-9]{1,8}$/i;

/** Security headers that govern a document; a script or style sheet does nothing with them. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Serves the built SPA: hashed assets with a long immutable cache, pre-compressed copies (brotli or gzip)
 * when the browser accepts them, and index.html for every other non-API GET so client-side routes work
 * on reload (docs/decisions/014-what-travels.md). Without a build (API-only tests) nothing is registered.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  { serveSourceMaps = false }: SpaOptions = {},
) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'no web build found: serving the API only');
    return false;
  }
  const index = readIndex(indexFile);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed siblings are variants of their file, never addressed on their own.
    allowedPath: (pathName) =>
      !/\.(br|gz)$/.test(pathName) && (serveSourceMaps || !pathName.endsWith('.map')),
    // Our own cache policy below, not the plugin's max-age=0.
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  // Headers that only mean something on a document (what may run, frame or open it) travel with the
  // app shell, not with each of the dozens of scripts a page loads: on /welcome they were 26 KB.
  // nosniff and the cross-origin resource policy do apply to scripts and stay.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/')) return;
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const encoding = pickEncoding(request.headers['accept-encoding'], index);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? index[encoding] : index.identity);
  };

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api' || FILE_PATH.test(pathname)) {
      return reply.callNotFound();
    }
    return sendIndex(request, reply);
  });
  return true;
}
