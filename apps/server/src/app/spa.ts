import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export interface SpaOptions {
  /** Serve the build's `.map` files (off by default: they expose the sources to anyone). */
  serveSourceMaps?: boolean;
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
 * Validators and range support a hashed, immutable asset never uses: its address changes with its
 * content and browsers do not revalidate it, so these only add bytes to each of a page's scripts.
 */
const IMMUTABLE_ASSET_NEEDLESS_HEADERS = ['etag', 'last-modified', 'accept-ranges'] as const;

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
      // Every file may come in another encoding: caches must key on what the browser accepts.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  // Headers that only mean something on a document (what may run, frame or open it) travel with the
  // app shell, not with each of the dozens of scripts a page loads: on /welcome they were 26 KB.
  // nosniff and the cross-origin resource policy do apply to scripts and stay.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/')) return;
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
    for (const header of IMMUTABLE_ASSET_NEEDLESS_HEADERS) reply.removeHeader(header);
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname.startsWith('/api/') || pathname === '/api' || FILE_PATH.test(pathname)) {
      return reply.callNotFound();
    }
    // The plugin picks the compressed copy the browser accepts, as for every other file.
    return reply.sendFile('index.html');
  });
  return true;
}
