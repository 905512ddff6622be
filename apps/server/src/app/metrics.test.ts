import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMailCatcher, type RunningMailCatcher } from '@pca/mail-catcher/server';
import { demoIds } from '#db/seed/index.ts';
import { loadConfig } from '#lib/config.ts';
import { queueMail } from '#platform/outbox.ts';
import { identities } from '../reliability/authorisation-matrix.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Prometheus metrics (docs/decisions/075-operations.md, docs/operations/metrics.md): they appear, they move
// with what the process does, and only the addresses METRICS_ALLOW names may read them.

let t: TestApp;
let catcher: RunningMailCatcher;

beforeAll(async () => {
  catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
  t = await createTestApp({
    // Two reads a minute: the third is refused, and counted.
    RATE_LIMIT_READS: '2/1m',
    // The partner API's: two reads and one write a minute per client address.
    RATE_LIMIT_PARTNER_READS: '2/1m',
    RATE_LIMIT_PARTNER_WRITES: '1/1m',
    // The jobs run: the reminder job at start-up, the outbox worker every 50 ms.
    REMINDER_JOB_INTERVAL_MS: '3600000',
    SMTP_URL: catcher.smtpUrl,
    MAIL_POLL_MS: '50',
  });
  await t.app.ready();
}, 120_000);
afterAll(async () => {
  await t?.close();
  await catcher?.close(0);
});

/** The metrics as the app's loopback scraper reads them. */
async function scrape() {
  const res = await t.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
}

/** The value of one series (labels written as Prometheus writes them), or undefined when absent. */
function value(body: string, series: string) {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('times requests by route pattern, not by address, and counts rate-limit refusals by limit', async () => {
    const headers = t.bearer(await t.tokenFor(identities.alice));
    const before = await scrape();
    const route = (pattern: string, status: number) =>
      `http_request_duration_seconds_count{method="GET",route="${pattern}",status_code="${status}"}`;
    expect(value(before, 'pca_rate_limit_refusals_total{limit="reads"}')).toBe(0);

    const gp = demoIds.healthcareService('surry-hills-gp');
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        (await t.app.inject({ method: 'GET', url: `/api/healthcare-services/${gp}`, headers }))
          .statusCode,
      );
    expect(answers.slice(0, 2)).not.toContain(429);
    expect(answers[2]).toBe(429);

    const after = await scrape();
    const ok = route('/api/healthcare-services/:id', answers[0]!);
    expect((value(after, ok) ?? 0) - (value(before, ok) ?? 0)).toBe(2);
    expect(value(after, route('/api/healthcare-services/:id', 429))).toBe(1);
    expect(after).not.toContain(gp);
    expect(value(after, 'pca_rate_limit_refusals_total{limit="reads"}')).toBe(1);
    expect(value(after, 'pca_rate_limit_refusals_total{limit="writes"}')).toBe(0);
    // Node's own metrics are there too.
    expect(after).toMatch(/^process_cpu_seconds_total \d/m);
    expect(after).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
  });

  it('counts the partner API’s refusals, reads and writes apart (docs/decisions/093-partner-api-rate-limits.md)', async () => {
    const fhir = (method: 'GET' | 'POST') =>
      t.app.inject({
        method,
        url: method === 'GET' ? '/fhir/metadata' : '/fhir/Task',
        remoteAddress: '198.51.100.20',
        headers: { 'content-type': 'application/fhir+json' },
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
    const before = await scrape();
    expect(value(before, 'pca_rate_limit_refusals_total{limit="partner-reads"}')).toBe(0);
    expect(value(before, 'pca_rate_limit_refusals_total{limit="partner-writes"}')).toBe(0);

    const reads = [];
    for (let i = 0; i < 3; i++) reads.push((await fhir('GET')).statusCode);
    expect(reads).toEqual([200, 200, 429]);
    // Unsigned, the write is refused by the partner API itself (401), and still counted.
    const writes = [(await fhir('POST')).statusCode, (await fhir('POST')).statusCode];
    expect(writes).toEqual([401, 429]);

    const after = await scrape();
    expect(value(after, 'pca_rate_limit_refusals_total{limit="partner-reads"}')).toBe(1);
    expect(value(after, 'pca_rate_limit_refusals_total{limit="partner-writes"}')).toBe(1);
  });

  it('shows the pool of a PostgreSQL process (none with PGlite)', async () => {
    const body = await scrape();
    if (t.handle.kind === 'postgres') {
      expect(value(body, 'pca_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(value(body, 'pca_db_pool_connections{state="waiting"}')).toBe(0);
      expect(value(body, 'pca_db_pool_max')).toBe(5);
    } else {
      expect(body).not.toContain('pca_db_pool_connections');
    }
  });

  it('counts and times the jobs, and follows the outbox as mail is queued and sent', async () => {
    await vi.waitFor(
      async () => {
        const body = await scrape();
        expect(value(body, 'pca_job_runs_total{job="reminders",outcome="success"}')).toBe(1);
        expect(value(body, 'pca_job_duration_seconds_count{job="reminders"}')).toBe(1);
        expect(
          value(body, 'pca_job_runs_total{job="mail-outbox",outcome="success"}'),
        ).toBeGreaterThan(0);
        expect(value(body, 'pca_mail_outbox_pending')).toBe(0);
      },
      { timeout: 20_000, interval: 50 },
    );
    expect(value(await scrape(), 'pca_mail_outbox_oldest_pending_age_seconds')).toBe(0);

    // A mail queued now is sent by the worker, and the outbox is empty again.
    const sentBefore = catcher.messages().length;
    await t.db.transaction((tx) =>
      queueMail(tx, { to: 'metrics@example.com', subject: 'Metrics', text: 'Counted.' }),
    );
    await vi.waitFor(() => expect(catcher.messages().length).toBe(sentBefore + 1), {
      timeout: 20_000,
      interval: 50,
    });
    await vi.waitFor(async () => expect(value(await scrape(), 'pca_mail_outbox_pending')).toBe(0));
    expect(value(await scrape(), 'pca_mail_outbox_failed')).toBe(0);
  });

  it('reports queued mail and the age of the oldest while nothing sends it', async () => {
    const quiet = await createTestApp();
    try {
      await quiet.db.transaction((tx) =>
        queueMail(tx, { to: 'waiting@example.com', subject: 'Waiting', text: 'Not sent.' }),
      );
      const res = await quiet.app.inject({ method: 'GET', url: '/metrics' });
      expect(value(res.body, 'pca_mail_outbox_pending')).toBeGreaterThanOrEqual(1);
      expect(value(res.body, 'pca_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(
        0,
      );
    } finally {
      await quiet.close();
    }
  }, 60_000);

  it('is refused with a 404 problem to an address METRICS_ALLOW does not name', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 404, title: 'Not found', instance: '/metrics' });
    expect(res.body).not.toContain('http_request_duration_seconds');
  });
});

describe('METRICS_ALLOW', () => {
  it('names addresses and CIDR blocks, or none', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metrics.allow).toEqual(['127.0.0.0/8', '::1']);
    expect(
      loadConfig({ NODE_ENV: 'test', METRICS_ALLOW: '10.0.0.0/8, fd00::/8' }).metrics.allow,
    ).toEqual(['10.0.0.0/8', 'fd00::/8']);
    expect(loadConfig({ NODE_ENV: 'test', METRICS_ALLOW: 'none' }).metrics.allow).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'test', METRICS_ALLOW: '10.0.0.0/33' })).toThrow(
      /not an address or CIDR block: 10\.0\.0\.0\/33/,
    );
  });

  it('lets a named block in, and keeps out a forwarded client outside it even from an allowed proxy', async () => {
    const app = await createTestApp({ METRICS_ALLOW: '10.0.0.0/8', TRUST_PROXY: '1' });
    try {
      const from = (remoteAddress: string, forwardedFor?: string) =>
        app.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress,
          ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
        });
      expect((await from('10.1.2.3')).statusCode).toBe(200);
      expect((await from('127.0.0.1')).statusCode).toBe(404);
      // Relayed by an allowed proxy for a client outside the block: refused.
      expect((await from('10.1.2.3', '198.51.100.7')).statusCode).toBe(404);
      // A forged X-Forwarded-For from outside: refused.
      expect((await from('198.51.100.7', '10.9.9.9')).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  }, 60_000);
});
