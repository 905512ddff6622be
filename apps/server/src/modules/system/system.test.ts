import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuntimeConfig } from '@pca/contracts';
import { buildApp } from '#app/build-app.ts';
import { loadConfig } from '#lib/config.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { openTestDatabase } from '../../test/database.ts';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'pca-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Provider Connect Australia</title>',
);
writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');

const config = loadConfig({
  NODE_ENV: 'test',
  WEB_DIST: webDist,
  SUPPORT_EMAIL: 'help@example.gov.au',
  SUPPORT_PHONE: '1800 111 222',
});
let handle: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = await buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    logger: false,
  });
});
afterAll(async () => {
  await app.close();
  await handle.close();
});

describe('system routes', () => {
  it('reports health with the database up', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('serves runtime configuration with the support contacts and feature flags', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/config' });
    expect(res.statusCode).toBe(200);
    const body = RuntimeConfig.parse(res.json());
    expect(body.support).toEqual({ email: 'help@example.gov.au', phone: '1800 111 222' });
    expect(body.features.vcfcImportAllowed).toBe(true);
  });

  it('publishes the OpenAPI document generated from the zod schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/config', '/api/auth/token', '/api/me']),
    );
    expect(
      doc.paths['/api/auth/token'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(['code', 'state']);
  });

  it('sends security headers with a CSP that allows no inline script', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with problem+json 404, not the SPA', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 404, title: 'Not found', instance: '/api/nope' });
  });

  it('serves index.html for client routes and immutable hashed assets', async () => {
    const page = await app.inject({ method: 'GET', url: '/welcome?x=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Provider Connect Australia');
    const asset = await app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('rejects malformed JSON with a 400 problem', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('validates input with per-field errors', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/token', payload: { code: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.type).toBe('/problems/validation');
    expect(body.errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['code', 'state']),
    );
  });

  it('echoes a request id for log correlation', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abcdef123456' },
    });
    expect(res.headers['x-request-id']).toBe('abcdef123456');
  });

  it('replaces a request id of the wrong length or characters with a new one (docs/decisions/075-operations.md)', async () => {
    for (const given of ['short', 'x'.repeat(65), 'has spaces in it', 'semi;colon-123']) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': given },
      });
      expect(res.headers['x-request-id']).not.toBe(given);
      expect(res.headers['x-request-id']).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
      );
    }
  });
});
