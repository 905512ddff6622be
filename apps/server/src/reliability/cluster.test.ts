import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, usersApiPaths } from '@pca/contracts';
import { signInThroughProvider } from '@pca/identity-provider/testing';
import { mailboxClient } from '@pca/mail-catcher/client';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { MIGRATIONS_FOLDER } from '#db/migrate.ts';
import { mailOutbox, locations, notifications, tasks, users } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { queueMail } from '#platform/outbox.ts';
import {
  removeClusterDir,
  startCluster,
  startProxy,
  type Cluster,
} from '../../../../tools/run/cluster.ts';
import { freePort } from '../../../../tools/run/free-port.ts';
import { databaseUrlFor } from '../test/test-data.ts';
import { identities } from './authorisation-matrix.ts';
import { openSessionFor } from './sessions.ts';

// The cluster (docs/decisions/074-cluster-behind-haproxy.md): two API processes on one PostgreSQL behind
// HAProxy with deploy/haproxy.cfg, started once for every test here, in order. On PostgreSQL only (PGlite
// is one process's database); `npm test` runs it in its PostgreSQL pass.

const adminUrl = process.env.TEST_DATABASE_URL;
const organisationId = demoIds.organisation('harbour-surry-hills');

const location = (name: string) => ({
  name,
  kind: 'VI',
  addressLine: '',
  locality: '',
  postcode: '',
  state: '',
  suppressEmail: false,
  suppressPhone: false,
  phone: '',
  afterHoursPhone: '',
  email: '',
  fax: '',
  website: '',
});

/** One request's outcome under load: when it left, whether it succeeded, which process answered. */
interface Outcome {
  sentAt: number;
  ok: boolean;
  status: number;
  servedBy: string | null;
  id?: string;
}

describe.skipIf(!adminUrl)('a cluster of two API processes behind HAProxy', () => {
  let cluster: Cluster;
  let db: DatabaseHandle;
  let databaseUrl: string;
  const databaseName = `pca_cluster_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dir = path.join(tmpdir(), databaseName);
  let startedInMs = 0;

  beforeAll(async () => {
    // An empty database: both processes start together and find it unmigrated and unseeded.
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${databaseName}"`);
    await admin.end();
    databaseUrl = databaseUrlFor(adminUrl!, databaseName);
    const started = performance.now();
    cluster = await startCluster({
      databaseUrl,
      dir,
      servedBy: true,
      apiEnv: {
        // The load below is one user's, far above a person's allowance; the sign-in limit stays as set.
        RATE_LIMIT_WRITES: '100000/10s',
        RATE_LIMIT_READS: '1000000/1m',
        // Every process tries to claim the reminder job every second while the tests run.
        REMINDER_JOB_INTERVAL_MS: '1000',
        MAIL_POLL_MS: '100',
      },
    });
    startedInMs = performance.now() - started;
    console.info(`cluster: started in ${Math.round(startedInMs)} ms`);
    db = await createDatabase({ databaseUrl, maxConnections: 3 });
  }, 240_000);

  afterAll(async () => {
    await cluster?.stop();
    await db?.close();
    removeClusterDir(dir);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await admin.end();
  }, 60_000);

  const get = (base: string, url: string, token?: string) =>
    fetch(base + url, { headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('migrates and seeds once when both processes start together on an empty database', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const { rows } = await db.pool!.query<{ all: string; distinct: string }>(
      'SELECT count(*) AS all, count(DISTINCT hash) AS distinct FROM drizzle.__drizzle_migrations',
    );
    expect(Number(rows[0]!.all)).toBe(journal.entries.length);
    expect(Number(rows[0]!.distinct)).toBe(journal.entries.length);
    // Both are up: the one that waited for the lock found the database migrated and seeded.
    for (const api of cluster.apis) expect((await get(api.url, apiPaths.health)).status).toBe(200);
    const alice = await db.db.select().from(users).where(eq(users.raNumber, identities.alice));
    expect(alice).toHaveLength(1);
  });

  it("alternates a signed-in user's requests between the processes, and they keep working", async () => {
    // Sign-in starts on one process and its code is exchanged on the other: the pending sign-in is in
    // the database.
    const login = await fetch(cluster.url + apiPaths.login, { redirect: 'manual' });
    expect(login.status).toBe(302);
    const callback = await signInThroughProvider(login.headers.get('location')!, identities.alice);
    const exchanged = await fetch(cluster.url + apiPaths.token, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(callback.searchParams)),
    });
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    const servedBy: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await get(cluster.url, apiPaths.me, token);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { authIdentifier: string }).authIdentifier).toBe(
        identities.alice,
      );
      servedBy.push(res.headers.get('x-served-by')!);
    }
    // Round robin: one process after the other.
    expect(servedBy.filter((s) => s === 'api1').length).toBeGreaterThanOrEqual(8);
    expect(servedBy.filter((s) => s === 'api2').length).toBeGreaterThanOrEqual(8);
    // The proxy gave each request an id, which the API echoes.
    const res = await get(cluster.url, apiPaths.me, token);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const given = await fetch(cluster.url + apiPaths.health, {
      headers: { 'x-request-id': 'cluster-test-request-1' },
    });
    expect(given.headers.get('x-request-id')).toBe('cluster-test-request-1');
  });

  it('serves metrics to the monitoring system on each process, never through the proxy', async () => {
    // Through the proxy every client would come from the proxy's loopback address, which METRICS_ALLOW admits.
    const proxied = await fetch(`${cluster.url}/metrics`);
    expect(proxied.status).toBe(404);
    expect(proxied.headers.get('content-type')).toContain('application/problem+json');
    expect(await proxied.json()).toMatchObject({ status: 404, title: 'Not Found' });
    for (const api of cluster.apis) {
      const direct = await fetch(`${api.url}/metrics`);
      expect(direct.status).toBe(200);
      expect(await direct.text()).toContain('http_request_duration_seconds');
    }
  });

  /** Both processes answer the token now (and keep its caller in their caches). */
  async function warmBoth(token: string) {
    for (const api of cluster.apis) {
      expect((await get(api.url, apiPaths.me, token)).status).toBe(200);
      expect((await get(api.url, apiPaths.me, token)).status).toBe(200);
    }
  }

  /** Milliseconds until both processes refuse the token (each asked directly, not through the proxy). */
  async function refusedByBothWithin(token: string, since: number) {
    const pending = new Set(cluster.apis);
    while (pending.size) {
      for (const api of [...pending])
        if ((await get(api.url, apiPaths.me, token)).status === 401) pending.delete(api);
      if (performance.now() - since > 2_000) break;
    }
    expect(
      [...pending].map((a) => a.name),
      'still answering the ended session',
    ).toEqual([]);
    return performance.now() - since;
  }

  it('ends a signed-out session in both processes at once', async () => {
    const token = await openSessionFor(db.db, identities.alice);
    await warmBoth(token);
    const out = await fetch(cluster.url + apiPaths.logout, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    const ms = await refusedByBothWithin(token, performance.now());
    console.info(`cluster: a sign-out refused by both processes within ${ms.toFixed(1)} ms`);
  });

  it("ends a deactivated user's sessions in both processes at once", async () => {
    const token = await openSessionFor(db.db, identities.george);
    const operator = await openSessionFor(db.db, identities.priya);
    await warmBoth(token);
    const [george] = await db.db.select().from(users).where(eq(users.raNumber, identities.george));
    const res = await fetch(cluster.url + usersApiPaths.deactivate.replace(':id', george!.id), {
      method: 'POST',
      headers: { authorization: `Bearer ${operator}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'Left the practice (cluster test)' }),
    });
    expect(res.status).toBe(204);
    const ms = await refusedByBothWithin(token, performance.now());
    console.info(`cluster: a deactivation refused by both processes within ${ms.toFixed(1)} ms`);
  });

  it('counts a rate limit across both processes', async () => {
    // Sign-in starts, 60 a minute per client address (the default). The test's requests come from an
    // address of their own on the loopback network, which the proxy names in X-Forwarded-For.
    const agent = new http.Agent({
      keepAlive: true,
      localAddress: '127.0.0.37',
    } as http.AgentOptions);
    const start = () =>
      new Promise<{ status: number; servedBy: string }>((resolve, reject) => {
        http
          .get(cluster.url.replace('localhost', '127.0.0.1') + apiPaths.login, { agent }, (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode!, servedBy: String(res.headers['x-served-by']) }),
            );
          })
          .on('error', reject);
      });
    const answers: { status: number; servedBy: string }[] = [];
    for (let i = 0; i < 61; i++) answers.push(await start());
    agent.destroy();
    const allowed = answers.slice(0, 60);
    expect(allowed.every((a) => a.status === 302)).toBe(true);
    expect(new Set(allowed.map((a) => a.servedBy))).toEqual(new Set(['api1', 'api2']));
    // Each process saw about 30: with counters per process the 61st would pass.
    expect(answers[60]!.status).toBe(429);
  });

  it('runs the reminder job and sends each mail exactly once with both processes running', async () => {
    // The outbox: 40 mails queued at once; both workers poll every 100 ms.
    const subjects = Array.from({ length: 40 }, (_, i) => `Cluster mail ${i}`);
    await db.db.transaction(async (tx) => {
      for (const subject of subjects)
        await queueMail(tx, { to: 'cluster@example.com', subject, text: subject });
    });
    const deadline = Date.now() + 30_000;
    for (;;) {
      const pending = await db.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(like(mailOutbox.subject, 'Cluster mail %'), sql`${mailOutbox.status} <> 'Sent'`),
        );
      if (!pending.length) break;
      if (Date.now() > deadline) throw new Error(`${pending.length} mails still not sent`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const sent = await db.db
      .select({ attempts: mailOutbox.attempts })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Cluster mail %'));
    // Claimed once each: a second claim would have counted a second attempt.
    expect(sent.map((m) => m.attempts)).toEqual(subjects.map(() => 1));
    const caught = (await mailboxClient(cluster.mailboxUrl).list()).filter((m) =>
      m.subject.startsWith('Cluster mail '),
    );
    expect(caught.map((m) => m.subject).sort()).toEqual([...subjects].sort());
    expect(caught.every((m) => m.timesReceived === 1)).toBe(true);

    // The reminder job: claimed every second by one process or the other since the cluster started.
    const [job] = await db
      .pool!.query<{ last_finished_at: Date | null }>(
        `SELECT last_finished_at FROM scheduled_jobs WHERE name = 'reminders'`,
      )
      .then((r) => r.rows);
    expect(job?.last_finished_at).toBeTruthy();
    const reminders = await db.db
      .select({ dedupeKey: tasks.dedupeKey })
      .from(tasks)
      .where(eq(tasks.kind, 'ConfirmDetails'));
    expect(reminders.length).toBeGreaterThan(0);
    // One task per entity and manager, however many runs: no two for the same entity and practitioner.
    const perEntity = reminders.map((r) => r.dedupeKey!.split(':').slice(0, 4).join(':'));
    expect(new Set(perEntity).size).toBe(perEntity.length);
    const ending = await db.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(like(notifications.externalId, 'role-ending-%'));
    expect(ending).toHaveLength(1);
  });

  /**
   * A load through the proxy until `until` resolves: `writers` loops creating locations and `readers`
   * loops reading /api/me, each one request at a time.
   */
  async function load(token: string, until: Promise<unknown>, writers = 4, readers = 2) {
    const writes: Outcome[] = [];
    const reads: Outcome[] = [];
    let done = false;
    const errors: string[] = [];
    const end = () => (done = true);
    until.then(end, end);
    let n = 0;
    const loop = async (kind: 'write' | 'read') => {
      while (!done) {
        const sentAt = performance.now();
        const res = await fetch(
          cluster.url +
            (kind === 'write' ? `/api/organisations/${organisationId}/locations` : apiPaths.me),
          kind === 'write'
            ? {
                method: 'POST',
                headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
                body: JSON.stringify(location(`Cluster ${n++}`)),
              }
            : { headers: { authorization: `Bearer ${token}` } },
        ).catch((error: unknown) => {
          errors.push(String((error as Error).cause ?? error));
          return null;
        });
        const ok = res?.status === (kind === 'write' ? 201 : 200);
        const outcome: Outcome = {
          sentAt,
          ok,
          status: res?.status ?? 0,
          servedBy: res?.headers.get('x-served-by') ?? null,
          ...(ok && kind === 'write' ? { id: ((await res!.json()) as { id: string }).id } : {}),
        };
        if (!ok) await res?.arrayBuffer();
        else if (kind === 'read') await res!.arrayBuffer();
        (kind === 'write' ? writes : reads).push(outcome);
      }
    };
    await Promise.all([
      ...Array.from({ length: writers }, () => loop('write')),
      ...Array.from({ length: readers }, () => loop('read')),
    ]);
    return { writes, reads, errors };
  }

  /**
   * Until the proxy sends requests to `name` again (its checks passed `rise` times): 2 to 3 s on an idle
   * machine. The deadline is for a busy CI machine; past it, the error says what the proxy saw of its
   * servers and what the process answers its readiness check with, asked directly.
   */
  async function servedAgainBy(name: string, token: string) {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await get(cluster.url, apiPaths.me, token);
      await res.arrayBuffer();
      if (res.headers.get('x-served-by') === name) return;
      if (Date.now() > deadline) {
        const api = cluster.apis.find((a) => a.name === name)!;
        const asked = performance.now();
        const ready = await fetch(api.url + apiPaths.ready).then(
          async (r) => `${r.status} ${await r.text()}`,
          (error: unknown) => String((error as Error).cause ?? error),
        );
        throw new Error(
          `the proxy sent nothing to ${name} in 60 s. ${name}'s ${apiPaths.ready} answers ` +
            `${ready} in ${Math.round(performance.now() - asked)} ms. The proxy said:\n` +
            `${cluster.proxy.events()}\nThe processes said:\n${cluster.output().slice(-4_000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function acknowledgedAreStored(outcomes: Outcome[]) {
    const ids = outcomes.flatMap((o) => (o.id ? [o.id] : []));
    const stored = await db.db
      .select({ id: locations.id })
      .from(locations)
      .where(inArray(locations.id, ids.length ? ids : [organisationId]));
    expect(stored.length).toBe(ids.length);
    return ids.length;
  }

  it('loses no acknowledged write when one process is killed under load, and the other takes the rest', async () => {
    const token = await openSessionFor(db.db, identities.alice);
    let killedAt = Infinity;
    let signalledAt = Infinity;
    const kill = (async () => {
      // A second and a half of load on both, then kill -9 the first; two seconds more on the other.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      signalledAt = performance.now();
      await cluster.apis[0]!.kill();
      // When its exit was seen: a request sent before may have been in flight on it.
      killedAt = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    })();
    const { writes, reads } = await load(token, kill);
    await kill;
    const failedWrites = writes.filter((w) => !w.ok);
    const failedReads = reads.filter((r) => !r.ok);
    const stored = await acknowledgedAreStored(writes);
    console.info(
      `cluster: kill -9 under load: ${writes.length} writes (${stored} acknowledged, all stored; ` +
        `${failedWrites.length} failed, sent ${failedWrites.map((w) => Math.round(w.sentAt - signalledAt)).join(', ')} ms ` +
        `after SIGKILL; its exit seen after ${Math.round(killedAt - signalledAt)} ms), ` +
        `${reads.length} reads (${failedReads.length} failed)`,
    );
    // Only writes that reached the killed process before it was gone may fail: each was sent before
    // its exit was seen (SIGKILL takes a few hundred milliseconds to tear a loaded process down, and
    // what it had accepted meanwhile dies with it). Not one sent afterwards.
    expect(failedWrites.every((w) => w.sentAt < killedAt)).toBe(true);
    // Reads in flight there are sent again to the other process (retry-on, idempotent only).
    expect(failedReads).toEqual([]);
    expect(writes.filter((w) => w.ok && w.sentAt > killedAt).length).toBeGreaterThan(0);
    expect(
      writes.filter((w) => w.sentAt > killedAt + 100).every((w) => w.servedBy === 'api2'),
    ).toBe(true);

    await cluster.apis[0]!.start();
    await servedAgainBy('api1', token);
  }, 150_000);

  it('serves every request during a rolling restart under load', async () => {
    const token = await openSessionFor(db.db, identities.alice);
    const timings: string[] = [];
    const restart = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const api of cluster.apis) {
        const started = performance.now();
        // SIGTERM: not ready, the proxy stops sending, requests in flight finish, exit 0.
        expect(await api.stop()).toBe(0);
        await api.start();
        await servedAgainBy(api.name, token);
        timings.push(`${api.name} ${Math.round(performance.now() - started)} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    })();
    const { writes, reads } = await load(token, restart);
    await restart;
    const stored = await acknowledgedAreStored(writes);
    console.info(
      `cluster: rolling restart (${timings.join(', ')}) under load: ${writes.length} writes ` +
        `(${stored} stored), ${reads.length} reads, ` +
        `${writes.filter((w) => !w.ok).length + reads.filter((r) => !r.ok).length} failed`,
    );
    expect(writes.filter((w) => !w.ok)).toEqual([]);
    expect(reads.filter((r) => !r.ok)).toEqual([]);
    expect(new Set(writes.map((w) => w.servedBy))).toEqual(new Set(['api1', 'api2']));
  }, 240_000);

  it('answers problem+json with Retry-After when no process is ready', async () => {
    // The same configuration in front of a port nothing listens on.
    const proxy = await startProxy({
      port: await freePort(),
      servers: [{ name: 'api1', port: await freePort() }],
      dir: path.join(dir, 'no-process'),
    });
    try {
      const res = await fetch(proxy.url + apiPaths.me);
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await res.json()).toMatchObject({
        type: '/problems/service-unavailable',
        status: 503,
      });
    } finally {
      await proxy.stop();
    }
  });
});
