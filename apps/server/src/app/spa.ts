import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { embeddedConfigElementId } from '@pca/contracts/paths.ts';

export interface SpaOptions {
  /** Serve the build's `.map` files (off by default: they expose the sources to anyone). */
  serveSourceMaps?: boolean;
  /**
   * The runtime configuration `GET /api/config` answers, written into the app shell so the SPA's first
   * paint needs no request for it (docs/decisions/018-critical-path-javascript.md).
   */
  runtimeConfig?: unknown;
}

/** The app shell as sent: its bytes in each encoding, compressed once at start-up, and its ETag. */
interface AppShell {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * index.html with the configuration as a JSON data block (never executed, so the content-security
 * policy's script-src does not apply to it). `<` is escaped so no value can close the element.
 */
export function appShellHtml(html: string, runtimeConfig: unknown): string {
  if (runtimeConfig === undefined) return html;
  const json = JSON.stringify(runtimeConfig).replace(/</g, '\\u003c');
  const block = `<script id="${embeddedConfigElementId}" type="application/json">${json}</script>`;
  const at = html.includes('</head>') ? html.indexOf('</head>') : html.lastIndexOf('</html>');
  return at < 0 ? `${html}${block}` : `${html.slice(0, at)}${block}${html.slice(at)}`;
}

/** The configuration fields a prerendered page shows (apps/web/build/prerender.ts writes them to build-info.json). */
const SHOWN_FIELDS = ['productName', 'version', 'buildDate', 'identityProvider'] as const;

/**
 * The pages the web build prerendered (the signed-out home page, the signed-in shell's frame), each with the
 * configuration written in as into index.html — or none, when the build has none or its pages show other
 * configuration values than this server's (a BUILD_DATE setting, say): a page that does not match what the
 * browser renders would be drawn again, not hydrated (docs/decisions/076-prerendered-shell.md).
 */
export function prerenderedPages(
  webDist: string,
  runtimeConfig: unknown,
): { home: string; signedIn: string; pages: Map<string, string> } | null {
  try {
    const info = JSON.parse(readFileSync(path.join(webDist, 'build-info.json'), 'utf8')) as {
      prerendered?: Record<string, unknown>;
      pages?: Record<string, string>;
    };
    const config = (runtimeConfig ?? {}) as Record<string, unknown>;
    const shown = info.prerendered;
    if (!shown) return null;
    for (const field of SHOWN_FIELDS)
      if (JSON.stringify(shown[field]) !== JSON.stringify(config[field])) return null;
    const read = (name: string) =>
      appShellHtml(readFileSync(path.join(webDist, 'prerendered', name), 'utf8'), runtimeConfig);
    // A page with a skeleton of its own is sent at its address (docs/decisions/082-prerendered-page-skeletons.md).
    const pages = new Map(
      Object.entries(info.pages ?? {})
        .filter(([, file]) => /^[a-z0-9-]+\.html$/.test(file))
        .map(([address, file]) => [address, read(file)] as const),
    );
    return { home: read('home.html'), signedIn: read('signed-in.html'), pages };
  } catch {
    return null;
  }
}

function compressedShell(html: string): AppShell {
  const identity = Buffer.from(html);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The encoding to send (brotli preferred, then gzip, else none), as `Accept-Encoding` allows, by the
 * negotiator @fastify/static uses for every other file.
 */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  return (negotiate(acceptEncoding.toLowerCase(), ['br', 'gzip']) as 'br' | 'gzip' | null) ?? null;
}

function sendShell(shell: AppShell, request: FastifyRequest, reply: FastifyReply) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', shell.etag);
  if (request.headers['if-none-match'] === shell.etag) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? shell[encoding] : shell.identity);
}

// Paths that name a file: a request for one that the build does not have is a 404, not the app shell
// (a stale tab asking for an old chunk must fail loudly, and robots get an honest answer).
const FILE_PATH = /^\/assets\/|\/[^/]+\.[a-z0-9]{1,8}$/i;
/** Addresses of the API (`/api`), the partner API (`/fhir`) and the partner token endpoint (`/oauth`). */
const API_PATH = /^\/(api|fhir|oauth)(\/|$)/;

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
 * on reload (docs/decisions/014-what-travels.md) — with the runtime configuration written in when given,
 * compressed once at start-up. Without a build (API-only tests) nothing is registered.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  { serveSourceMaps = false, runtimeConfig }: SpaOptions = {},
) {
  const indexFile = path.join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'no web build found: serving the API only');
    return false;
  }
  const prerendered = prerenderedPages(webDist, runtimeConfig);
  // `/` is the signed-out home page; every other address a signed-in page (or a sign-in on its way), painted
  // as the signed-in shell's frame until the script hydrates it.
  const homeShell = compressedShell(
    prerendered?.home ?? appShellHtml(readFileSync(indexFile, 'utf8'), runtimeConfig),
  );
  const shell = prerendered ? compressedShell(prerendered.signedIn) : homeShell;
  const pageShells = new Map(
    [...(prerendered?.pages ?? [])].map(([address, html]) => [address, compressedShell(html)]),
  );
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed siblings are variants of their file, never addressed on their own; the prerendered
    // pages are sent as the app shell, never as files.
    allowedPath: (pathName) =>
      !/\.(br|gz)$/.test(pathName) &&
      !pathName.startsWith('/prerendered/') &&
      (serveSourceMaps || !pathName.endsWith('.map')),
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
    // The API's, the partner API's and the token endpoint's addresses never answer with the portal's page.
    if (API_PATH.test(pathname) || FILE_PATH.test(pathname)) {
      return reply.callNotFound();
    }
    // The router reads `/practitioners/` as `/practitioners`, and so does the choice of page.
    const address = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    return sendShell(
      pathname === '/' ? homeShell : (pageShells.get(address) ?? shell),
      request,
      reply,
    );
  });
  return true;
}
