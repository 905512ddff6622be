import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { TestCase, TestModule } from 'vitest/node';
import { repoRoot } from './processes.ts';
import Watchdog from './vitest-watchdog.ts';

const moduleOf = (moduleId: string) => ({ moduleId }) as TestModule;
const testIn = (moduleId: string, fullName: string) =>
  ({ module: moduleOf(moduleId), fullName }) as TestCase;

it('names the files still running and their tests, reports quiet spells once each, and ends a run stuck past its limit', () => {
  let clock = 0;
  const exits: number[] = [];
  const errors: string[] = [];
  const original = console.error;
  console.error = (message: string) => errors.push(message);
  try {
    const dog = new Watchdog({
      limitMs: 60_000,
      quietMs: 10_000,
      exit: (code) => exits.push(code),
      now: () => clock,
    });
    dog.onInit();
    dog.onTestModuleStart(moduleOf('/r/a.test.ts'));
    dog.onTestModuleStart(moduleOf('/r/b.test.ts'));
    dog.onTestCaseReady(testIn('/r/a.test.ts', 'suite > first'));
    dog.onTestCaseResult(testIn('/r/a.test.ts', 'suite > first'));
    clock = 5_000;
    dog.onTestModuleEnd(moduleOf('/r/b.test.ts'));
    dog.check();
    expect(errors).toEqual([]);

    clock = 16_000; // 11 s without a file ending
    dog.check();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('no test file has ended for 11 s');
    expect(errors[0]).toContain('/r/a.test.ts — running for 16 s, after "suite > first"');
    dog.onTestCaseReady(testIn('/r/a.test.ts', 'suite > waits'));
    expect(errors[0]).not.toContain('b.test.ts');
    clock = 20_000;
    dog.check();
    expect(errors).toHaveLength(1); // not again until another quiet spell has passed

    clock = 61_000;
    dog.check();
    expect(exits).toEqual([1]);
    expect(errors.at(-1)).toContain('a test file has run for over 60 s; ending the run');
    expect(errors.at(-1)).toContain('/r/a.test.ts — running for 61 s, in "suite > waits"');
    dog.onTestRunEnd();
  } finally {
    console.error = original;
  }
});

it('ends a real Vitest run whose file blocks its worker, with exit code 1 and the file named', async () => {
  const fixtures = path.join(repoRoot, 'scripts/lib/fixtures/watchdog');
  const started = Date.now();
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      path.join(fixtures, 'vitest.config.ts'),
      '--reporter=default',
      `--reporter=${path.join(repoRoot, 'scripts/lib/vitest-watchdog.ts')}`,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, PCA_TEST_FILE_LIMIT_MS: '3000', PCA_TEST_QUIET_MS: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code, output).toBe(1);
  expect(output).toContain('a test file has run for over');
  expect(output).toMatch(/blocks\.fixture\.ts — running for \d+ s, before any of its tests ended/);
  expect(output).not.toMatch(/passes\.fixture\.ts — running/);
  // Well before the fixture's own 60 s block would have let the run end.
  expect(Date.now() - started).toBeLessThan(45_000);
}, 60_000);
