import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '@pca/identity-provider/free-port';
import { productionProcessEnv } from '../test/production-process.ts';
import { REPO_ROOT } from '../test/test-data.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'pca-compiled-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('the compiled API (docs/decisions/013-compiled-server.md)', () => {
  it('builds to JavaScript that plain node runs: migrates, seeds, answers /api/health, stops on SIGTERM with 0', async () => {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/build.ts'], {
      cwd: REPO_ROOT,
    });
    const bundle = path.join(REPO_ROOT, 'apps/server/dist/main.js');
    const code = readFileSync(bundle, 'utf8');
    // Workspace packages are bundled: nothing left for a TypeScript loader to resolve at run time.
    expect(code).not.toMatch(/from\s*["'][^"']+\.ts["']/);
    expect(code).not.toMatch(/from\s*["']@pca\//);

    const port = await freePort();
    // As production runs it, on a new, empty PostgreSQL database, when the run has PostgreSQL (as in CI);
    // production never runs on PGlite, so without it the bundle runs as in development, on a new PGlite.
    const production = await productionProcessEnv('compiled', {
      publicUrl: `http://127.0.0.1:${port}`,
      empty: true,
    });
    if (production) cleanups.push(production.drop);
    // No NODE_OPTIONS, no --import: only Node and the bundle.
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH,
        ...(production?.env ?? { NODE_ENV: 'development' }),
        // Stops at once: draining on SIGTERM has its own test (lifecycle.test.ts).
        SHUTDOWN_DRAIN_MS: '0',
        OIDC_ISSUER: 'http://127.0.0.1:1',
        OIDC_CLIENT_SECRET: 'compiled-test',
        HOST: '127.0.0.1',
        PORT: String(port),
        // An empty directory: the API must find the committed migrations and seed data itself.
        DATA_DIR: tempDir(),
        WEB_DIST: tempDir(),
        LOG_REQUESTS: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(
      () => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'),
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        stdout += c.toString();
        if (/Server listening/.test(stdout)) resolve();
      });
      void exited.then(() => reject(new Error(`exited before listening: ${stderr}`)));
    });

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    // The version comes from the repository's package.json, found from the bundle's location.
    expect(await health.json()).toEqual({ status: 'ok', database: 'up', version });

    child.kill('SIGTERM');
    const [exitCode] = await exited;
    expect(exitCode).toBe(0);
    // JSON log lines in production, short human ones otherwise.
    expect(stdout).toMatch(production ? /"msg":"Stopped\."/ : /Stopped\./);
    // Nothing went wrong: development writes its warnings (no web build here) to stderr, production logs them.
    expect(stderr.split('\n').filter((l) => l && !l.startsWith('warning: '))).toEqual([]);
    if (production) expect(stderr).toBe('');
    // The build, then a new database migrated and seeded: on PGlite, with the demo world, minutes on a busy machine.
  }, 180_000);
});
