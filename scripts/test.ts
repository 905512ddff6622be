/**
 * `npm test`: every check the project has, in order of speed — lint, format, typecheck, unit and component
 * tests, API tests (on PGlite; on PostgreSQL 15 instead in CI or with PCA_TEST_POSTGRES=1), then the
 * browser journeys in Debian's chromium. Ends with each step's duration, the whole run's against CI's
 * budget (it fails past it: scripts/lib/budget.ts), and one summary line: "N passed, N failed".
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { budgetMs, budgetReport, runStartedAt } from './lib/budget.ts';
import { ensureChromium } from './lib/chromium.ts';
import { startPostgres15 } from './lib/postgres.ts';
import { repoRoot, run } from '../tools/run/processes.ts';

// Read first, so a mistyped override fails the run before it spends half an hour.
const limitMs = budgetMs();
const startedAt = runStartedAt(Date.now());
const reports = path.join(repoRoot, 'test-results');
mkdirSync(reports, { recursive: true });
const withPostgres = process.env['CI'] === 'true' || process.env['PCA_TEST_POSTGRES'] === '1';
const timings: Array<[string, number]> = [];
const tally = { passed: 0, failed: 0, skipped: 0 };

async function step(name: string, fn: () => Promise<void>) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await fn();
  } finally {
    timings.push([name, Date.now() - started]);
  }
}

function countVitest(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    wedged?: boolean;
  };
  tally.passed += r.numPassedTests;
  // A run the watchdog had to end never finished by itself: it counts as one failure of its own.
  tally.failed += r.numFailedTests + (r.wedged ? 1 : 0);
  tally.skipped += r.numPendingTests + r.numTodoTests;
}

function countPlaywright(file: string) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  tally.passed += r.stats.expected + r.stats.flaky;
  tally.failed += r.stats.unexpected;
  tally.skipped += r.stats.skipped;
}

/**
 * Each step's limit: several times its usual length on a busy 2-core CI machine (the unit and component
 * tests 5–6 minutes, the API tests 2–4, the journeys 12–13), and together under CI's own limit, so a hung
 * step fails with its name (docs/decisions/034-test-run-watchdog.md).
 */
const minutes = (n: number) => n * 60_000;

const vitest = (
  name: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  timeoutMs = minutes(20),
) => {
  const out = path.join(reports, `vitest-${name}.json`);
  // Counted after the step: never a report left by an earlier run.
  rmSync(out, { force: true });
  return run(
    'npx',
    [
      'vitest',
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      // A file that blocks its worker, or a worker that never says its file is over, ends the run within
      // minutes, named, instead of at CI's limit.
      '--reporter=./scripts/lib/vitest-watchdog.ts',
      `--outputFile.json=${out}`,
    ],
    // The watchdog writes the tally there itself if it has to end a wedged run (decision 034).
    { env: { ...env, PCA_TEST_SUMMARY_FILE: out }, timeoutMs },
  ).finally(() => countVitest(out));
};

let failure: unknown = null;
try {
  await step('Install Debian chromium when missing', ensureChromium);
  // ESLint and Prettier are one thread each: side by side with the typecheck's two lanes they keep both
  // cores busy (about 107 s one after another; docs/decisions/001-monorepo-and-tooling.md).
  await step(
    'Lint (ESLint, import zones), format (Prettier) and typecheck, side by side',
    async () => {
      const checks = await Promise.allSettled([
        run('npx', ['eslint', '.', '--max-warnings', '0']),
        run('npx', ['prettier', '--check', '.', '--log-level', 'warn']),
        run('npx', ['tsx', 'scripts/typecheck.ts']),
      ]);
      const failed = checks.filter((c): c is PromiseRejectedResult => c.status === 'rejected');
      if (failed.length) throw new Error(failed.map((c) => (c.reason as Error).message).join('; '));
    },
  );
  // With PostgreSQL, the API tests run once, on it (production's database), and not on PGlite as well:
  // repeating all of them on both was about 190 s of a CI run; the journeys still run the API on PGlite
  // (docs/decisions/089-journey-cpu.md).
  if (withPostgres) {
    // Every project but the server's, so a project added later is never left out.
    await step('Unit and component tests (Vitest)', () => vitest('all', ['--project', '!server']));
    await step('API tests on PostgreSQL 15 (Vitest)', async () => {
      const url = await startPostgres15();
      await vitest('postgres', ['--project', 'server'], { TEST_DATABASE_URL: url }, minutes(10));
    });
  } else {
    await step('Unit, component and API tests (Vitest, PGlite)', () => vitest('all', []));
  }
  await step('Browser journeys (Playwright, chromium, axe)', async () => {
    const out = path.join(reports, 'playwright.json');
    await run('npx', ['tsx', 'scripts/e2e.ts'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
      timeoutMs: minutes(40),
    }).finally(() => countPlaywright(out));
  });
} catch (error) {
  failure = error;
}

const budget = budgetReport(timings, Date.now() - startedAt, limitMs);
console.log('\nDurations:');
for (const line of budget.lines) console.log(line);
if (failure)
  console.error(`\nFAILED: ${failure instanceof Error ? failure.message : String(failure)}`);
if (budget.over) console.error(`\nFAILED: ${budget.over}`);
console.log(
  `\n${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}`,
);
process.exit(failure || budget.over || tally.failed > 0 ? 1 : 0);
