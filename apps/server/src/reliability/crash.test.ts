import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/open-database.ts';
import { auditEvents, locations } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { freePort } from '@pca/identity-provider/free-port';
import { databaseUrlFor, REPO_ROOT, templateDatabaseName } from '../test/test-data.ts';
import { identities } from './authorisation-matrix.ts';
import { openSessionFor } from './sessions.ts';

// Crash test (docs/decisions/012-reliability-suite.md): the real API process, kill -9 during a burst of
// writes, restart on the same data; every acknowledged write is there, and no write is there without its
// audit event (or the other way round).

const WRITES = 120;
const CONCURRENCY = 6;
const KILL_AFTER_ACKNOWLEDGED = 25;
const organisationId = demoIds.organisation('harbour-surry-hills');

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A PGlite data directory, or a fresh database on the PostgreSQL of TEST_DATABASE_URL. */
async function dataLocation(): Promise<{
  env: Record<string, string>;
  databaseUrl?: string;
  dataDir?: string;
}> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pca-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dataDir }, dataDir };
  }
  const name = `pca_crash_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabaseName()}"`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await dropper.end();
  });
  const databaseUrl = databaseUrlFor(adminUrl, name);
  return { env: { DATABASE_URL: databaseUrl }, databaseUrl };
}

/** Starts `node --import tsx apps/server/src/main.ts` and resolves once /api/health answers 200. */
async function startApi(env: Record<string, string>, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      IDP_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) throw new Error(`API did not become healthy in 90 s: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return { child, exited };
    // Polls the health endpoint: the state that says the process is ready.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const stop = async (
  api: { child: ChildProcess; exited: Promise<number | null> },
  signal: NodeJS.Signals,
) => {
  api.child.kill(signal);
  return api.exited;
};

describe('crash test', () => {
  it('keeps every acknowledged write, and no half-written one, across kill -9', async () => {
    const started = performance.now();
    const where = await dataLocation();
    // Migrate, seed and open Alice's session before the API owns the data (PGlite has one owner).
    const setup = await openDatabase({
      dataDir: where.dataDir ?? '',
      databaseUrl: where.databaseUrl,
    });
    const token = await openSessionFor(setup.db, identities.alice);
    await setup.close();

    const port = await freePort();
    const first = await startApi(where.env, port);
    const acknowledged = new Set<string>();
    let sent = 0;
    let failed = 0;
    let killed = false;
    const write = async (i: number) => {
      sent++;
      const res = await fetch(
        `http://127.0.0.1:${port}/api/organisations/${organisationId}/locations`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: `Crash ${i}`,
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
          }),
        },
      ).catch(() => null);
      if (res?.status === 201) acknowledged.add(((await res.json()) as { id: string }).id);
      else failed++;
      if (!killed && acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < WRITES && !killed) await write(next++);
      }),
    );
    await first.exited;
    expect(killed, 'the burst ended before the kill').toBe(true);

    // Restart on the same data: it must come up (recovery) and serve what was acknowledged.
    const second = await startApi(where.env, port);
    const served = await Promise.all(
      [...acknowledged].map((id) =>
        fetch(`http://127.0.0.1:${port}/api/locations/${id}`, {
          headers: { authorization: `Bearer ${token}` },
        }).then((r) => r.status),
      ),
    );
    expect(await stop(second, 'SIGTERM')).toBe(0);

    const check = await openDatabase({
      dataDir: where.dataDir ?? '',
      databaseUrl: where.databaseUrl,
    });
    try {
      const rows = await check.db
        .select({ id: locations.id })
        .from(locations)
        .where(like(locations.name, 'Crash %'));
      const ids = rows.map((r) => r.id);
      const audited = await check.db
        .select({ entityId: auditEvents.entityId })
        .from(auditEvents)
        .where(
          and(
            eq(auditEvents.action, 'location.created'),
            inArray(auditEvents.entityId, ids.length ? ids : ['']),
          ),
        );
      const auditedIds = new Set(audited.map((a) => a.entityId));
      const createdEvents = (
        await check.db
          .select({ entityId: auditEvents.entityId })
          .from(auditEvents)
          .where(eq(auditEvents.action, 'location.created'))
      ).filter((a) => a.entityId);
      const found = [...acknowledged].filter((id) => ids.includes(id));
      console.info(
        `crash test: ${sent} writes sent, ${acknowledged.size} acknowledged, ${failed} cut off by kill -9; ` +
          `after restart ${found.length}/${acknowledged.size} acknowledged found (${served.filter((s) => s === 200).length} served), ` +
          `${ids.length} rows in all, ${ids.filter((id) => !auditedIds.has(id)).length} without audit event ` +
          `(${((performance.now() - started) / 1000).toFixed(1)} s, ${where.databaseUrl ? 'PostgreSQL' : 'PGlite'})`,
      );
      expect(found.length, 'acknowledged writes lost').toBe(acknowledged.size);
      expect(
        served.every((s) => s === 200),
        'acknowledged locations not served after restart',
      ).toBe(true);
      expect(
        ids.filter((id) => !auditedIds.has(id)),
        'rows without their audit event',
      ).toEqual([]);
      // Seeded locations have no creation event; an event for a location that does not exist is half a write.
      const seededIds = new Set(
        (await check.db.select({ id: locations.id }).from(locations)).map((r) => r.id),
      );
      expect(
        createdEvents.filter((a) => !seededIds.has(a.entityId!)),
        'audit events without their row',
      ).toEqual([]);
    } finally {
      await check.close();
    }
  }, 240_000);
});
