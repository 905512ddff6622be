/**
 * `npm run bench:tracing`: what tracing costs (docs/decisions/075-operations.md). Starts the compiled API
 * (`npm run build:server` first) on DATABASE_URL — a seeded PostgreSQL database — without
 * OTEL_EXPORTER_OTLP_ENDPOINT and with it (spans sent to an OTLP/HTTP receiver in this process that counts
 * and drops them), in turn, BENCH_ROUNDS times each: the time from spawn to the first 200 of /api/health,
 * and BENCH_REQUESTS sequential GET /api/me of a signed-in person (median, p95, p99).
 */
import { productionSecrets } from '../../../tools/run/production-secrets.ts';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createDatabase } from '#db/client.ts';
import { openSessionFor } from '../src/reliability/sessions.ts';
import { freePort } from '@pca/identity-provider/free-port';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL must name a seeded PostgreSQL database');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const entry = path.join(import.meta.dirname, '../dist/main.js');

let spans = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    spans++;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
receiver.listen(0, '127.0.0.1');
await once(receiver, 'listening');
const otlp = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const handle = await createDatabase({ databaseUrl });
const token = await openSessionFor(handle.db, '2000000011');
await handle.close();

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function round(tracing: boolean) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      OIDC_ISSUER: 'http://127.0.0.1:1',
      OIDC_CLIENT_SECRET: 'bench',
      ...productionSecrets('bench'),
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'false',
      SHUTDOWN_DRAIN_MS: '0',
      REMINDER_JOB_INTERVAL_MS: '0',
      ...(tracing
        ? { OTEL_EXPORTER_OTLP_ENDPOINT: otlp, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }
        : {}),
    },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (child.exitCode !== null) throw new Error('the API exited');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const startupMs = performance.now() - started;
  const headers = { authorization: `Bearer ${token}` };
  for (let i = 0; i < 20; i++) await (await fetch(`${base}/api/me`, { headers })).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/me`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/api/me answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  child.kill('SIGTERM');
  await once(child, 'exit');
  times.sort((a, b) => a - b);
  return {
    startupMs,
    p50: quantile(times, 0.5),
    p95: quantile(times, 0.95),
    p99: quantile(times, 0.99),
  };
}

const results: Record<'off' | 'on', Array<Awaited<ReturnType<typeof round>>>> = { off: [], on: [] };
for (let i = 0; i < ROUNDS; i++) {
  results.off.push(await round(false));
  results.on.push(await round(true));
}
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const mode of ['off', 'on'] as const) {
  const r = results[mode];
  console.info(
    `tracing ${mode}: start-up ${Math.round(median(r.map((x) => x.startupMs)))} ms; /api/me p50 ${median(r.map((x) => x.p50)).toFixed(2)} ms, p95 ${median(r.map((x) => x.p95)).toFixed(2)} ms, p99 ${median(r.map((x) => x.p99)).toFixed(2)} ms (median of ${ROUNDS} rounds, ${REQUESTS} requests each)`,
  );
}
console.info(
  `OTLP exports received: ${spans}; load average ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
receiver.close();
