import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { openTestDatabase } from '../test/database.ts';
import { buildApp } from './build-app.ts';
import { embeddedConfigElementId } from '@pca/contracts/paths.ts';
import { appShellHtml, chooseEncoding } from './spa.ts';
import { loadConfig } from '#lib/config.ts';

// A build in miniature, with the compressed siblings the web build writes (apps/web/build/precompress.ts).
const script = `export const pages = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `page-${i}`))};\n`;
const html = `<!doctype html><html lang="en-AU"><title>Provider Connect Australia</title>${'<!-- padding -->'.repeat(100)}</html>`;
let webDist: string;
let handle: DatabaseHandle;

async function app(env: Record<string, string> = {}) {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: webDist, ...env });
  return buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    logger: false,
  });
}

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'pca-spa-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), html);
  writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'main-abc123.js.map'), '{"version":3}');
  writeFileSync(path.join(webDist, 'assets', 'tiny-abc123.js'), 'export {};');
  writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  for (const file of ['index.html', 'assets/main-abc123.js']) {
    const full = path.join(webDist, file);
    const body = readFileSync(full);
    writeFileSync(`${full}.br`, brotliCompressSync(body));
    writeFileSync(`${full}.gz`, gzipSync(body));
  }
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('SPA host', () => {
  it('sends hashed assets brotli-compressed, gzip as the fallback, identity when asked for nothing', async () => {
    const server = await app();
    const br = await server.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await server.inject({
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await server.inject({ url: '/assets/main-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    await server.close();
  });

  it('sends document-only security headers with the app shell, not with every script', async () => {
    const server = await app();
    const page = await server.inject({ url: '/welcome' });
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const asset = await server.inject({ url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    // An immutable asset is never revalidated: no validators or ranges; the app shell keeps its ETag.
    expect(asset.headers['etag']).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    expect(asset.headers['accept-ranges']).toBeUndefined();
    expect(page.headers['etag']).toBeTruthy();
    await server.close();
  });

  it('sends the app shell compressed on every client route, never cached', async () => {
    const server = await app();
    const page = await server.inject({
      url: '/practitioners?name=x',
      headers: { 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['vary']).toContain('accept-encoding');
    const config = await server.inject({ url: '/api/config' });
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(
      appShellHtml(html, config.json()),
    );
    await server.close();
  });

  it('writes the runtime configuration into the app shell, so the first paint needs no request for it', async () => {
    const server = await app();
    const config = (await server.inject({ url: '/api/config' })).json<Record<string, unknown>>();
    for (const headers of [{ 'accept-encoding': 'gzip' }, {}]) {
      const page = await server.inject({ url: '/welcome', headers });
      const body = headers['accept-encoding'] ? gunzipSync(page.rawPayload).toString() : page.body;
      const embedded = new RegExp(
        `<script id="${embeddedConfigElementId}" type="application/json">(.*?)</script>`,
      ).exec(body);
      expect(JSON.parse(embedded![1]!)).toEqual(config);
      expect(page.headers['content-encoding']).toBe(headers['accept-encoding']);
    }
    // Revalidation: the shell's ETag answers 304 with no body.
    const first = await server.inject({ url: '/' });
    const again = await server.inject({
      url: '/practitioners',
      headers: { 'if-none-match': String(first.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await server.close();
  });

  it('sends the prerendered home page on /, a page with a skeleton at its address and the signed-in frame elsewhere when they show its configuration, else index.html (decisions 076, 082)', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'pca-spa-prerendered-'));
    try {
      mkdirSync(path.join(dist, 'prerendered'));
      writeFileSync(path.join(dist, 'index.html'), html);
      const page = (who: string) =>
        `<!doctype html><html><head><title>x</title></head><body><div id="root" data-prerendered="${who}"></div></body></html>`;
      writeFileSync(path.join(dist, 'prerendered', 'home.html'), page('signed-out'));
      writeFileSync(path.join(dist, 'prerendered', 'signed-in.html'), page('signed-in'));
      writeFileSync(
        path.join(dist, 'prerendered', 'page-practitioners.html'),
        page('practitioners'),
      );
      const runtime = loadConfig({ NODE_ENV: 'test', WEB_DIST: dist }).runtime;
      const shown = {
        productName: runtime.productName,
        version: runtime.version,
        buildDate: '2026-11-27T10:00:00.000Z',
        identityProvider: runtime.identityProvider,
      };
      writeFileSync(
        path.join(dist, 'build-info.json'),
        JSON.stringify({
          buildDate: shown.buildDate,
          prerendered: shown,
          // A file name that could leave the folder is never read (decision 082).
          pages: { '/practitioners': 'page-practitioners.html', '/welcome': '../index.html' },
        }),
      );
      const server = await app({ WEB_DIST: dist });
      const home = await server.inject({ url: '/' });
      expect(home.body).toContain('data-prerendered="signed-out"');
      expect(home.body).toContain(embeddedConfigElementId);
      const frame = await server.inject({ url: '/tasks?organisationId=x' });
      expect(frame.body).toContain('data-prerendered="signed-in"');
      expect(frame.headers['etag']).not.toBe(home.headers['etag']);
      expect((await server.inject({ url: '/welcome' })).body).toContain(
        'data-prerendered="signed-in"',
      );
      // A page with a skeleton of its own at its address, with or without a query or a final slash (082).
      for (const url of ['/practitioners', '/practitioners/?page=2']) {
        const own = await server.inject({ url });
        expect(own.body).toContain('data-prerendered="practitioners"');
        expect(own.body).toContain(embeddedConfigElementId);
      }
      expect((await server.inject({ url: '/practitioners/x' })).body).toContain(
        'data-prerendered="signed-in"',
      );
      // The pages are sent as the app shell only, never as files of their own.
      expect((await server.inject({ url: '/prerendered/home.html' })).statusCode).toBe(404);
      await server.close();

      // A server whose configuration shows otherwise (BUILD_DATE set) sends the page without them.
      const other = await app({ WEB_DIST: dist, BUILD_DATE: '2026-01-01T00:00:00.000Z' });
      for (const url of ['/', '/welcome']) {
        const plain = await other.inject({ url });
        expect(plain.body).not.toContain('data-prerendered');
        expect(plain.body).toContain('<title>Provider Connect Australia</title>');
      }
      await other.close();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('escapes the configuration so no value can close its element or run as script', () => {
    const shell = appShellHtml('<html><head></head><body></body></html>', {
      productName: '</script><script>alert(1)</script>',
    });
    expect(shell).not.toContain('</script><script>');
    expect(shell.match(/<\/script>/g)).toHaveLength(1);
    const json = /type="application\/json">(.*?)<\/script>/.exec(shell)![1]!;
    expect(JSON.parse(json)).toEqual({ productName: '</script><script>alert(1)</script>' });
    expect(shell.indexOf(embeddedConfigElementId)).toBeLessThan(shell.indexOf('</head>'));
  });

  it('sends brotli, else gzip, else nothing, as Accept-Encoding allows', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, br;q=0')).toBe('gzip');
    expect(chooseEncoding('BR;q=0.5')).toBe('br');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('hides source maps unless SERVE_SOURCE_MAPS is set', async () => {
    const server = await app();
    const hidden = await server.inject({ url: '/assets/main-abc123.js.map' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['content-type']).toContain('application/problem+json');
    expect(hidden.json()).toMatchObject({ status: 404, type: '/problems/not-found' });
    await server.close();

    const debugging = await app({ SERVE_SOURCE_MAPS: 'true' });
    const shown = await debugging.inject({ url: '/assets/main-abc123.js.map' });
    expect(shown.statusCode).toBe(200);
    await debugging.close();
  });

  it('answers robots.txt with the file and an unknown asset with a 404 problem, not the app shell', async () => {
    const server = await app();
    const robots = await server.inject({ url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    expect(robots.body).toContain('Disallow: /');

    for (const url of [
      '/assets/old-chunk-zzz.js',
      '/favicon-missing.png',
      '/assets/main-abc123.js.br',
    ]) {
      const missing = await server.inject({ url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toMatchObject({ status: 404, type: '/problems/not-found' });
    }
    await server.close();
  });
});

describe('API responses', () => {
  it('travel compressed from 1 KB, and small ones as they are', async () => {
    const server = await app();
    // The OpenAPI document is tens of kilobytes of JSON.
    const big = await server.inject({
      url: '/api/docs',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as {
      openapi: string;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(document).length / 4);

    const gz = await server.inject({ url: '/api/docs', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(document);

    const small = await server.inject({ url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: expect.any(String) });
    await server.close();
  });

  it('refuses a compressed request body instead of expanding it', async () => {
    const server = await app();
    const res = await server.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ code: 'c', state: 's' })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 400, type: '/problems/invalid-json' });
    await server.close();
  });
});

describe('encoding negotiation for the app shell', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s → %s', async (header, expected) => {
    const server = await app();
    const page = await server.inject({
      url: '/welcome',
      headers: header === undefined ? {} : { 'accept-encoding': header },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe(expected);
    await server.close();
  });
});
