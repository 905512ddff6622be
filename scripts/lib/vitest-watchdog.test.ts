import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { TestCase, TestModule, TestSpecification } from 'vitest/node';
import { repoRoot } from '../../tools/run/processes.ts';
import Watchdog, { tallyOf } from './vitest-watchdog.ts';

type Outcome = 'passed' | 'failed' | 'skipped' | 'todo';
const moduleOf = (moduleId: string, outcomes: Outcome[] = [], failedItself = false) =>
  ({
    moduleId,
    state: () => (failedItself || outcomes.includes('failed') ? 'failed' : 'passed'),
    children: {
      *allTests() {
        for (const outcome of outcomes)
          yield {
            result: () => ({ state: outcome === 'todo' ? 'skipped' : outcome }),
            options: { mode: outcome === 'todo' ? 'todo' : 'run' },
          } as unknown as TestCase;
      },
    },
  }) as unknown as TestModule;
const testIn = (moduleId: string, fullName: string) =>
  ({ module: moduleOf(moduleId), fullName }) as TestCase;
const specs = (...ids: string[]) => ids.map((moduleId) => ({ moduleId }) as TestSpecification);

const dirs: string[] = [];
const original = console.error;
afterEach(() => {
  console.error = original;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A watchdog on a clock the test moves, recording what it prints and the exit codes it asks for. */
function watchdog(options: { summaryFile?: string } = {}) {
  const state = { clock: 0, exits: [] as number[], errors: [] as string[] };
  console.error = (message: string) => state.errors.push(message);
  const dog = new Watchdog({
    limitMs: 60_000,
    quietMs: 10_000,
    wedgeMs: 20_000,
    exit: (code) => state.exits.push(code),
    now: () => state.clock,
    ...options,
  });
  dog.onInit();
  return { dog, state };
}

it('counts passed, failed, skipped and todo tests, and a file that failed without a failing test as one failure', () => {
  expect(
    tallyOf([
      moduleOf('/r/a.test.ts', ['passed', 'passed', 'skipped', 'todo']),
      moduleOf('/r/b.test.ts', ['passed', 'failed']),
      moduleOf('/r/c.test.ts', [], true),
    ]),
  ).toEqual({ numPassedTests: 3, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1 });
});

it('names the files still running and their tests, reports quiet spells once each, and ends a run stuck past its limit', () => {
  const { dog, state } = watchdog();
  dog.onTestRunStart(specs('/r/a.test.ts', '/r/b.test.ts'));
  dog.onTestModuleStart(moduleOf('/r/a.test.ts'));
  dog.onTestModuleStart(moduleOf('/r/b.test.ts'));
  dog.onTestCaseReady(testIn('/r/a.test.ts', 'suite > first'));
  dog.onTestCaseResult(testIn('/r/a.test.ts', 'suite > first'));
  state.clock = 5_000;
  dog.onTestModuleEnd(moduleOf('/r/b.test.ts', ['passed']));
  dog.check();
  expect(state.errors).toEqual([]);

  state.clock = 16_000; // 11 s without a file ending
  dog.check();
  expect(state.errors).toHaveLength(1);
  expect(state.errors[0]).toContain('no test file has started or ended for 11 s');
  expect(state.errors[0]).toContain('/r/a.test.ts — running for 16 s, after "suite > first"');
  expect(state.errors[0]).not.toContain('b.test.ts');
  dog.onTestCaseReady(testIn('/r/a.test.ts', 'suite > waits'));
  state.clock = 20_000;
  dog.check();
  expect(state.errors).toHaveLength(1); // not again until another quiet spell has passed

  state.clock = 61_000;
  dog.check();
  expect(state.exits).toEqual([1]);
  expect(state.errors.at(-1)).toContain('a test file has run for over 60 s; ending the run');
  expect(state.errors.at(-1)).toContain('/r/a.test.ts — running for 61 s, in "suite > waits"');
  dog.check();
  expect(state.exits).toEqual([1]); // once
});

it('fails a run whose files have all reported but which does not end, naming the last file to end, with the tally written', () => {
  for (const [outcomes, code] of [
    [['passed', 'skipped'], 0],
    [['passed', 'failed'], 1],
  ] as const) {
    const dir = mkdtempSync(path.join(tmpdir(), 'pca-watchdog-'));
    dirs.push(dir);
    const summaryFile = path.join(dir, 'vitest.json');
    const { dog, state } = watchdog({ summaryFile });
    dog.onTestRunStart(specs('/r/a.test.ts', '/r/b.test.ts'));
    dog.onTestModuleStart(moduleOf('/r/a.test.ts'));
    dog.onTestModuleEnd(moduleOf('/r/a.test.ts', ['passed']));
    state.clock = 30_000; // one file has not started yet: no wedge, and under the limit
    dog.check();
    expect(state.exits).toEqual([]);
    dog.onTestModuleStart(moduleOf('/r/b.test.ts'));
    dog.onTestModuleEnd(moduleOf('/r/b.test.ts', [...outcomes]));
    state.clock = 45_000; // 15 s after the last file: not yet
    dog.check();
    expect(state.exits).toEqual([]);
    state.clock = 51_000;
    dog.check();
    // A wedged pool is never a pass, even when every test it reported passed.
    expect(state.exits).toEqual([1]);
    expect(state.errors.at(-1)).toContain('all 2 test files have reported their results');
    expect(state.errors.at(-1)).toContain("Vitest's pool is wedged");
    expect(state.errors.at(-1)).toContain('the last file to end was /r/b.test.ts');
    expect(JSON.parse(readFileSync(summaryFile, 'utf8'))).toEqual({
      numPassedTests: 2,
      numFailedTests: code,
      numPendingTests: code ? 0 : 1,
      numTodoTests: 0,
      wedged: true,
    });
  }
});

it('ends a run in which files never start once nothing has run for the limit, naming them', () => {
  const { dog, state } = watchdog();
  dog.onTestRunStart(specs('/r/a.test.ts', '/r/b.test.ts'));
  dog.onTestModuleStart(moduleOf('/r/a.test.ts'));
  dog.onTestModuleEnd(moduleOf('/r/a.test.ts', ['passed']));
  state.clock = 59_000;
  dog.check();
  expect(state.exits).toEqual([]);
  expect(state.errors.at(-1)).toContain('None is running; 1 of 2 have ended.');
  state.clock = 61_000;
  dog.check();
  expect(state.exits).toEqual([1]);
  expect(state.errors.at(-1)).toContain('1 test files never started');
  expect(state.errors.at(-1)).toContain('  /r/b.test.ts');
});

it('lets a run that ends go: nothing printed, no exit asked for', () => {
  const { dog, state } = watchdog();
  dog.onTestRunStart(specs('/r/a.test.ts'));
  dog.onTestModuleStart(moduleOf('/r/a.test.ts'));
  dog.onTestModuleEnd(moduleOf('/r/a.test.ts', ['passed']));
  dog.onTestRunEnd();
  state.clock = 600_000;
  dog.check();
  expect(state.errors).toEqual([]);
  expect(state.exits).toEqual([]);
});

// Not the settings of the `npm test` step this file may be running in.
const outerEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !name.startsWith('PCA_TEST_')),
);

/** Runs Vitest on a fixture configuration with the watchdog, returning its exit code and output. */
async function runFixture(config: string, env: NodeJS.ProcessEnv) {
  const child = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      path.join(repoRoot, 'scripts/lib/fixtures/watchdog', config),
      '--reporter=default',
      `--reporter=${path.join(repoRoot, 'scripts/lib/vitest-watchdog.ts')}`,
    ],
    { cwd: repoRoot, env: { ...outerEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

it('ends a real Vitest run whose file blocks its worker, with exit code 1 and the file named', async () => {
  const started = Date.now();
  const { code, output } = await runFixture('vitest.config.ts', {
    PCA_TEST_FILE_LIMIT_MS: '3000',
    PCA_TEST_QUIET_MS: '1000',
  });
  expect(code, output).toBe(1);
  expect(output).toContain('a test file has run for over 3 s');
  expect(output).toMatch(/blocks\.fixture\.ts — running for \d+ s, before any of its tests ended/);
  expect(output).not.toMatch(/passes\.fixture\.ts — running/);
  // Well before the fixture's own 60 s block would have let the run end.
  expect(Date.now() - started).toBeLessThan(45_000);
}, 60_000);

it('fails a real Vitest run whose worker never says its file is over, with what the file reported', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pca-watchdog-'));
  dirs.push(dir);
  const summaryFile = path.join(dir, 'vitest.json');
  const { code, output } = await runFixture('vitest.wedge.config.ts', {
    PCA_TEST_WEDGE_MS: '2000',
    PCA_TEST_SUMMARY_FILE: summaryFile,
  });
  expect(code, output).toBe(1);
  expect(output).toContain(
    'all 1 test files have reported their results, but the run has not ended',
  );
  expect(output).toMatch(/the last file to end was \S*loses-its-end\.fixture\.ts/);
  expect(output).not.toContain('Test Files'); // Vitest's own summary never came
  expect(JSON.parse(readFileSync(summaryFile, 'utf8'))).toMatchObject({
    numPassedTests: 1,
    numFailedTests: 0,
    wedged: true,
  });
}, 60_000);
