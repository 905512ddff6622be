import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '@pca/identity-provider/free-port';
import { productionProcessEnv } from '../test/production-process.ts';
import { REPO_ROOT } from '../test/test-data.ts';

// Tracing (docs/decisions/075-operations.md): with OTEL_EXPORTER_OTLP_ENDPOINT set, the API sends spans to an
// OTLP/HTTP receiver — here one in this process — and its JSON log lines carry the request id and the
// trace id. The API runs as its own process, as in production: tracing must start before its modules load.

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface OtlpSpan {
  traceId: string;
  spanId: string;
  name: string;
  attributes: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }>;
  }>;
}

/** An OTLP/HTTP receiver (JSON encoding) that keeps every span it is sent, with its scope. */
async function startReceiver() {
  const spans: Array<OtlpSpan & { scope: string; service?: string }> = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as OtlpExport;
        for (const rs of body.resourceSpans) {
          const service = rs.resource.attributes.find((a) => a.key === 'service.name')?.value
            .stringValue;
          for (const ss of rs.scopeSpans)
            for (const span of ss.spans) spans.push({ ...span, scope: ss.scope.name, service });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

/**
 * Production on a scratch database from the seeded template when the run has PostgreSQL (pg's spans and the JSON
 * log lines need it), else development on a new PGlite: production never runs on PGlite.
 */
async function databaseEnv(publicUrl: string): Promise<Record<string, string>> {
  const production = await productionProcessEnv('tracing', { publicUrl });
  if (production) {
    cleanups.push(production.drop);
    return production.env;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pca-tracing-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { NODE_ENV: 'development', DATA_DIR: dir };
}

describe('tracing', () => {
  it('sends a span for each request to the OTLP endpoint, and logs the request id with the trace id', async () => {
    const receiver = await startReceiver();
    const port = await freePort();
    const webDist = mkdtempSync(path.join(tmpdir(), 'pca-tracing-web-'));
    cleanups.push(() => rmSync(webDist, { recursive: true, force: true }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env.PATH,
        OIDC_ISSUER: 'http://127.0.0.1:1',
        OIDC_CLIENT_SECRET: 'tracing-test',
        HOST: '127.0.0.1',
        PORT: String(port),
        WEB_DIST: webDist,
        SHUTDOWN_DRAIN_MS: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        // Batches leave at once rather than every 5 s.
        OTEL_BSP_SCHEDULE_DELAY: '50',
        ...(await databaseEnv(`http://127.0.0.1:${port}`)),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(
      () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'),
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = once(child, 'exit');
    await vi.waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`exited: ${stderr}`);
        expect(stdout).toMatch(/Server listening/);
      },
      // A new PGlite database is migrated and seeded first: tens of seconds on a busy machine.
      { timeout: 150_000, interval: 100 },
    );

    const requestId = 'trace-test-0001';
    // A query string with personal data in it, which no span may record (decision 095).
    const res = await fetch(
      `http://127.0.0.1:${port}/api/ready?email=jane%40example.com&code=483920`,
      {
        headers: { 'x-request-id': requestId },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);

    // Fastify's span for the request, named by its route pattern.
    const requestSpan = await vi.waitFor(
      () => {
        const span = receiver.spans.find(
          (s) =>
            s.name === 'request' &&
            s.attributes.some(
              (a) => a.key === 'http.route' && a.value.stringValue === '/api/ready',
            ),
        );
        expect(span).toBeDefined();
        return span!;
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(requestSpan.scope).toBe('@fastify/otel');
    const recorded = JSON.stringify(receiver.spans);
    expect(recorded).toContain('/api/ready');
    for (const span of receiver.spans)
      for (const a of span.attributes)
        expect(`${span.scope} ${span.name} ${a.key}=${JSON.stringify(a.value)}`).not.toMatch(
          /483920|jane/,
        );
    expect(requestSpan.service).toBe('provider-connect-api');
    // On PostgreSQL, the readiness check's statement is a pg span of the same trace.
    if (process.env.TEST_DATABASE_URL)
      await vi.waitFor(
        () =>
          expect(
            receiver.spans.some(
              (s) =>
                s.traceId === requestSpan.traceId &&
                s.scope === '@opentelemetry/instrumentation-pg',
            ),
          ).toBe(true),
        { timeout: 20_000, interval: 50 },
      );

    // In production, the request's JSON log lines name it by the proxy's request id and carry the span's
    // trace id (development writes short human lines instead).
    if (process.env.TEST_DATABASE_URL) {
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { reqId?: string; trace_id?: string; msg?: string });
      const logged = lines.filter((l) => l.reqId === requestId);
      expect(logged.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
      for (const line of logged) expect(line.trace_id).toBe(requestSpan.traceId);
    }

    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  }, 240_000);
});
