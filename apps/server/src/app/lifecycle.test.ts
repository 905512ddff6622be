import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '@pca/identity-provider/free-port';
import { startMailCatcher } from '@pca/mail-catcher/server';
import { productionProcessEnv } from '../test/production-process.ts';
import { REPO_ROOT } from '../test/test-data.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The API as `npm start` runs it, with its output collected and a way to wait for a line. */
function startApi(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(
    () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'),
  );
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (c: Buffer) => (output.stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output.stderr += c.toString()));
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  /** Resolves when stdout has a line matching; rejects if the process exits first. */
  const waitFor = (pattern: RegExp) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (pattern.test(output.stdout)) {
          child.stdout.off('data', check);
          resolve();
        }
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`exited before ${pattern}: ${output.stderr}`)));
      check();
    });
  return { child, output, exited, waitFor };
}

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pca-lifecycle-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Whether a TCP connection to the port is refused right now. */
function refused(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

describe('the API process', () => {
  it('says in one line why it cannot start when PostgreSQL is unreachable, and exits non-zero', async () => {
    const closedPort = await freePort();
    const api = startApi({
      DATABASE_URL: `postgres://pca:s3cret@127.0.0.1:${closedPort}/pca`,
      PORT: String(await freePort()),
    });
    const [code] = await api.exited;
    expect(code).toBe(1);
    expect(api.output.stderr).toBe(
      `Cannot reach the database at postgres://pca:***@127.0.0.1:${closedPort}/pca (ECONNREFUSED). Start PostgreSQL or unset DATABASE_URL to use embedded PGlite.\n`,
    );
  });

  it('refuses to start in production without BANK_ACCOUNT_KEYS, saying so in one line (docs/decisions/058-bank-account.md)', async () => {
    const api = startApi({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'http://127.0.0.1:1',
      OIDC_CLIENT_SECRET: 'lifecycle-test',
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
    });
    const [code] = await api.exited;
    expect(code).toBe(1);
    expect(api.output.stderr).toMatch(/^Cannot start: BANK_ACCOUNT_KEYS must be set in production/);
    expect(api.output.stderr.trim().split('\n')).toHaveLength(1);
    expect(api.output.stdout).not.toMatch(/Server listening/);
  }, 30_000);

  // Production (JSON logs that say when a request has arrived) runs only on PostgreSQL, never on PGlite: so
  // does this test (TEST_DATABASE_URL, as in CI).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'on SIGTERM refuses new connections, finishes the request in flight, stops its outbox worker and exits 0',
    async () => {
      const port = await freePort();
      const production = (await productionProcessEnv('lifecycle', {
        publicUrl: `http://127.0.0.1:${port}`,
      }))!;
      cleanups.push(production.drop);
      // Mail is sent (the outbox worker runs) while it stops.
      const catcher = await startMailCatcher({ smtpPort: 0, webPort: 0 });
      cleanups.push(() => void catcher.close());
      const api = startApi({
        ...production.env,
        // Stops at once: draining has its own test below.
        SHUTDOWN_DRAIN_MS: '0',
        OIDC_ISSUER: 'http://127.0.0.1:1',
        OIDC_CLIENT_SECRET: 'lifecycle-test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: tempDir(),
        WEB_DIST: tempDir(),
        SMTP_URL: catcher.smtpUrl,
        MAIL_POLL_MS: '100',
      });
      await api.waitFor(/Server listening/);

      // A request whose body is only half sent: it is in flight until the rest arrives.
      const body = JSON.stringify({ code: 'c'.repeat(43), state: 's'.repeat(43) });
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let response = '';
      socket.on('data', (c: Buffer) => (response += c.toString()));
      const socketClosed = once(socket, 'close');
      socket.write(
        `POST /api/auth/token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
      );
      await api.waitFor(/"msg":"incoming request"/);

      const signalledAt = Date.now();
      api.child.kill('SIGTERM');
      await api.waitFor(/Stopping \(SIGTERM\)/);
      // The listener closes while the request is still in flight (its body is not all sent, so the process cannot
      // have stopped): wait on that state, not on a number of attempts, which a quick machine runs through before
      // the close has reached the listener (one clean-clone run on a quiet machine did).
      await vi.waitFor(async () => expect(await refused(port)).toBe(true), {
        timeout: 5_000,
        interval: 20,
      });
      expect(api.child.exitCode).toBeNull();

      socket.write(body.slice(10));
      await socketClosed;
      expect(response).toMatch(/^HTTP\/1\.1 400 /);
      expect(response).toMatch(/\r\nconnection: close\r\n/i);
      expect(response).toMatch(/\r\ncontent-type: application\/problem\+json/i);
      expect(JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4))).toMatchObject({
        type: '/problems/sign-in-expired',
        status: 400,
      });

      const [code] = await api.exited;
      expect(code).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(10_000);
      expect(api.output.stdout).toMatch(/"msg":"Stopped\."/);
      // SMTP_URL was set, so the warning a production API gives without it is absent.
      expect(api.output.stdout).not.toMatch(/SMTP_URL is not set/);
    },
    90_000,
  );
  it('on SIGTERM drains first: /api/ready answers 503 at once while requests are still served for SHUTDOWN_DRAIN_MS, then it stops (docs/decisions/075-operations.md)', async () => {
    const port = await freePort();
    const drainMs = 4_000;
    const api = startApi({
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: tempDir(),
      WEB_DIST: tempDir(),
      SHUTDOWN_DRAIN_MS: String(drainMs),
    });
    await api.waitFor(/Server listening/);
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    const signalledAt = Date.now();
    api.child.kill('SIGTERM');
    await api.waitFor(/Draining \(SIGTERM\)/);
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await ready.json()).toMatchObject({
      type: '/problems/not-ready',
      detail: 'This process is stopping and takes no new work.',
    });
    // New requests are still answered while the load balancer notices.
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    expect(api.child.exitCode).toBeNull();

    const [code] = await api.exited;
    expect(code).toBe(0);
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(drainMs);
    expect(api.output.stdout).toMatch(/Stopped\./);
  }, 90_000);
});
