import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { portFrom } from './index.ts';

const fixture = path.join(import.meta.dirname, 'fixtures/service.fixture.ts');
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/** Starts the fixture service in a child process (with an IPC channel, as `npm start` does). */
async function startService(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = once(child, 'exit').then(([code]) => code as number | null);
  /** Resolves when the service has printed `text`. */
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const look = () => stdout.includes(text) && resolve();
      child.stdout!.on('data', (c: Buffer) => {
        stdout += c.toString();
        look();
      });
      look();
      void exited.then(() => reject(new Error(`exited before "${text}": ${stdout} ${stderr}`)));
    });
  await printed('listening ');
  const port = Number(/listening (\d+)/.exec(stdout)![1]);
  return { child, port, printed, exited, stderr: () => stderr };
}

/** A GET over a keep-alive connection; resolves with its status, Connection header and body. */
const get = (port: number, path: string) =>
  new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      const req = request({ port, host: '127.0.0.1', path, headers: { connection: 'keep-alive' } });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode!, connection: res.headers.connection, body }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );

/** Milliseconds `promise` takes. */
const timed = async <T>(promise: Promise<T>) => {
  const started = performance.now();
  const value = await promise;
  return { value, ms: performance.now() - started };
};

describe('a development service stopped by stopOnSignals and gracefulClose', () => {
  it('exits 0 at once on SIGTERM, not held by an idle keep-alive connection', async () => {
    const service = await startService();
    expect((await get(service.port, '/')).body).toBe('done');
    service.child.kill('SIGTERM');
    const { value: code, ms } = await timed(service.exited);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(3_000);
  });

  it('lets a request in flight finish, closing its connection, then exits 0', async () => {
    const service = await startService();
    const answer = get(service.port, '/slow');
    await service.printed('got /slow');
    service.child.kill('SIGTERM');
    expect(await answer).toEqual({ status: 200, connection: 'close', body: 'done' });
    expect(await service.exited).toBe(0);
  });

  it('cuts a connection still busy after the grace period, then exits 0', async () => {
    const service = await startService({ GRACE_MS: '300' });
    const answer = get(service.port, '/never');
    await service.printed('got /never');
    service.child.kill('SIGTERM');
    await expect(answer).rejects.toThrow(/socket hang up|ECONNRESET/);
    const { value: code, ms } = await timed(service.exited);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(3_000);
  });

  it('exits 1, saying so, when its close has not finished a second after the grace period', async () => {
    const service = await startService({ GRACE_MS: '200', HANG: '1' });
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(1);
    expect(service.stderr()).toContain('The test service did not stop within 1.2 s; exiting.');
  });

  it('stops on SIGINT, and when its supervisor goes (the IPC channel closes)', async () => {
    const interrupted = await startService();
    interrupted.child.kill('SIGINT');
    expect(await interrupted.exited).toBe(0);
    const orphaned = await startService();
    orphaned.child.disconnect();
    expect(await orphaned.exited).toBe(0);
  });
});

describe('portFrom', () => {
  it('reads a port, falls back when unset or empty, and refuses anything else', () => {
    expect(portFrom('3004', 1, 'SANDBOX_PORT')).toBe(3004);
    expect(portFrom(undefined, 3004, 'SANDBOX_PORT')).toBe(3004);
    expect(portFrom(' ', 3004, 'SANDBOX_PORT')).toBe(3004);
    for (const bad of ['0', '65536', '30.5', 'port'])
      expect(() => portFrom(bad, 3004, 'SANDBOX_PORT')).toThrow(
        `SANDBOX_PORT must be a port number (1-65535), got "${bad}"`,
      );
  });
});
