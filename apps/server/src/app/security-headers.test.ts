import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '#db/client.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { openTestDatabase } from '../test/database.ts';
import { buildApp } from './build-app.ts';
import { loadConfig } from '#lib/config.ts';

let handle: DatabaseHandle;
let webDist: string;
beforeAll(async () => {
  handle = await openTestDatabase();
  webDist = mkdtempSync(path.join(tmpdir(), 'pca-headers-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Provider Connect</title>');
});
afterAll(async () => {
  await handle.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function appServedAt(publicUrl: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '3999',
    IDP_PORT: '1',
    PUBLIC_URL: publicUrl,
    WEB_DIST: webDist,
  });
  return buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    logger: false,
  });
}

const pages = ['/api/config', '/organisations'];

describe('security headers', () => {
  it('send HSTS over HTTPS, and one framing rule on the API and the SPA', async () => {
    const app = await appServedAt('https://portal.example.gov.au');
    for (const url of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    await app.close();
  });

  it('send no HSTS over plain HTTP (development), with the same framing rule', async () => {
    const app = await appServedAt('http://localhost:3000');
    for (const url of pages) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    await app.close();
  });

  it('are helmet’s full set, on answers, problems and pages alike, with the request id', async () => {
    const app = await appServedAt('http://localhost:3000');
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self' http://localhost:1",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const [url, status] of [
      ['/api/config', 200],
      ['/api/me', 401],
      ['/api/nothing-here', 404],
      ['/organisations', 200],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
    await app.close();
  });
});
