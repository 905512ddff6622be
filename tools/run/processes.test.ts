import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { alive } from './process-table.ts';
import { run } from './processes.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('resolves when the command exits 0 and rejects with its exit code otherwise', async () => {
  await expect(run(process.execPath, ['-e', 'process.exit(0)'])).resolves.toBeUndefined();
  await expect(run(process.execPath, ['-e', 'process.exit(3)'])).rejects.toThrow(/exited with 3$/);
});

it('stops a command past its time limit together with the processes it started, and says so', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pca-run-'));
  dirs.push(dir);
  const pidFile = path.join(dir, 'grandchild.pid');
  // The command starts a process of its own that ignores SIGTERM, writes its pid, then both wait for ever.
  const script = `
    const { spawn } = require('node:child_process');
    const grandchild = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });
    require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(grandchild.pid));
    setInterval(() => {}, 1000);
  `;
  const started = Date.now();
  const outcome = run(process.execPath, ['-e', script], { timeoutMs: 1_500 });
  await vi.waitFor(() => expect(readFileSync(pidFile, 'utf8')).not.toBe(''), { timeout: 10_000 });
  const grandchild = Number(readFileSync(pidFile, 'utf8'));
  expect(alive(grandchild)).toBe(true);
  await expect(outcome).rejects.toThrow(/did not end within 2 s$/);
  expect(Date.now() - started).toBeLessThan(15_000);
  await vi.waitFor(() => expect(alive(grandchild)).toBe(false), { timeout: 10_000 });
}, 30_000);
