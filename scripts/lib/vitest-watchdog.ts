import { writeFileSync } from 'node:fs';
import type { Reporter, TestCase, TestModule, TestSpecification } from 'vitest/node';

/** The counts `npm test` reads from a Vitest step (the fields of Vitest's JSON report it uses). */
export type Tally = {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
};

/** Counts the tests of the given modules; a module that failed without a failed test (its import, a hook) counts as one failure. */
export function tallyOf(modules: Iterable<TestModule>): Tally {
  const tally: Tally = {
    numPassedTests: 0,
    numFailedTests: 0,
    numPendingTests: 0,
    numTodoTests: 0,
  };
  for (const module of modules) {
    let failed = 0;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') tally.numPassedTests += 1;
      else if (state === 'failed') failed += 1;
      else if (test.options.mode === 'todo') tally.numTodoTests += 1;
      else tally.numPendingTests += 1;
    }
    tally.numFailedTests += failed || (module.state() === 'failed' ? 1 : 0);
  }
  return tally;
}

type Options = {
  /** A file running longer than this ends the run with exit code 1. */
  limitMs?: number;
  /** After this long without a file ending, the running files are printed (again after as long). */
  quietMs?: number;
  /** Every file has ended but the run has not, for this long: Vitest's pool is wedged. */
  wedgeMs?: number;
  /** Where to write the tally when the run is ended for a wedged pool (the JSON report's path). */
  summaryFile?: string;
  exit?: (code: number) => void;
  now?: () => number;
};

/**
 * A Vitest reporter that turns a hung test run into a prompt, named end (docs/decisions/034-test-run-watchdog.md).
 *
 * Two hangs leave a run waiting for ever. A file blocked in synchronous code (a child process waited on
 * synchronously, a loop that never yields) holds its worker, and Vitest's time-outs, timers in that worker,
 * never fire: the watchdog names it and ends the run with exit code 1 once it has run for `limitMs`. And a
 * worker of the forks pool can report every result of its file yet never send the message that the file is
 * over, so the run never ends although nothing runs (the CI run of 27 November 2026 stopped at its 90-minute
 * limit that way, with every file in view passed): once every file of the run has ended and the run has
 * not for `wedgeMs`, the watchdog prints so, naming the file that ended last, writes the tally of what every
 * file reported to `summaryFile` and ends the run with exit code 1: a run that did not end by itself is a
 * failed run, whatever its tests said (decision 051 amends 034 here). Between the two, whenever no file has
 * ended for `quietMs`, it prints what is running.
 */
export default class Watchdog implements Reporter {
  private readonly running = new Map<string, { since: number; test?: string; done?: string }>();
  private readonly ended = new Map<string, TestModule>();
  private lastEnded: string | undefined;
  private expected: string[] = [];
  private lastProgress = 0;
  private lastReport = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly limitMs: number;
  private readonly quietMs: number;
  private readonly wedgeMs: number;
  private readonly summaryFile: string | undefined;
  private readonly exit: (code: number) => void;
  private readonly now: () => number;

  // Vitest constructs a reporter named by path with its options object ({} when none are given), so the
  // settings also come from the environment.
  constructor(options: Options = {}) {
    const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
    this.limitMs = options.limitMs ?? env('PCA_TEST_FILE_LIMIT_MS', 5 * 60_000);
    this.quietMs = options.quietMs ?? env('PCA_TEST_QUIET_MS', 90_000);
    this.wedgeMs = options.wedgeMs ?? env('PCA_TEST_WEDGE_MS', 60_000);
    this.summaryFile = options.summaryFile ?? process.env['PCA_TEST_SUMMARY_FILE'];
    this.exit = options.exit ?? ((code) => process.exit(code));
    this.now = options.now ?? Date.now;
  }

  onInit() {
    this.lastProgress = this.now();
    const every = Math.min(10_000, this.limitMs / 3, this.wedgeMs / 3);
    this.timer = setInterval(() => this.check(), every);
    this.timer.unref();
  }

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>) {
    this.expected = specifications.map((s) => s.moduleId);
  }

  onTestModuleStart(module: TestModule) {
    this.running.set(module.moduleId, { since: this.now() });
    this.lastProgress = this.now();
  }

  onTestCaseReady(test: TestCase) {
    const file = this.running.get(test.module.moduleId);
    if (file) file.test = test.fullName;
  }

  // A worker reports its test starts in batches, so a blocked one may never say which test it is in;
  // the last test it finished says where it stopped.
  onTestCaseResult(test: TestCase) {
    const file = this.running.get(test.module.moduleId);
    if (file) file.done = test.fullName;
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(module.moduleId);
    this.ended.set(module.moduleId, module);
    this.lastEnded = module.moduleId;
    this.lastProgress = this.now();
  }

  onTestRunEnd() {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** What is running, oldest first, as lines of text. */
  describe(): string[] {
    const at = this.now();
    return [...this.running.entries()]
      .sort((a, b) => a[1].since - b[1].since)
      .map(
        ([file, { since, test, done }]) =>
          `  ${file} — running for ${Math.round((at - since) / 1000)} s, ` +
          (test && test !== done
            ? `in "${test}"`
            : done
              ? `after "${done}"`
              : 'before any of its tests ended'),
      );
  }

  private end(code: number, message: string) {
    console.error(`\nWatchdog: ${message}\n`);
    clearInterval(this.timer);
    this.timer = undefined;
    this.exit(code);
  }

  check() {
    if (!this.timer) return;
    const at = this.now();
    const quiet = at - this.lastProgress;
    if ([...this.running.values()].some((f) => at - f.since > this.limitMs)) {
      this.end(
        1,
        `a test file has run for over ${Math.round(this.limitMs / 1000)} s; ending the run. ` +
          `Files still running:\n${this.describe().join('\n')}`,
      );
      return;
    }
    if (this.running.size === 0 && this.expected.length > 0) {
      const missing = this.expected.filter((file) => !this.ended.has(file));
      if (missing.length === 0 && quiet > this.wedgeMs) {
        const tally = tallyOf(this.ended.values());
        if (this.summaryFile)
          writeFileSync(this.summaryFile, JSON.stringify({ ...tally, wedged: true }, null, 2));
        this.end(
          1,
          `all ${this.expected.length} test files have reported their results, but the run has not ended ` +
            `for ${Math.round(quiet / 1000)} s: Vitest's pool is wedged (a worker never said its file was over; ` +
            `the last file to end was ${this.lastEnded}). The run fails: ${tally.numPassedTests} passed, ` +
            `${tally.numFailedTests} failed, ${tally.numPendingTests + tally.numTodoTests} skipped were reported ` +
            `before it wedged.`,
        );
        return;
      }
      if (missing.length > 0 && quiet > this.limitMs) {
        this.end(
          1,
          `nothing has run for ${Math.round(quiet / 1000)} s and ${missing.length} test files never ` +
            `started; ending the run. They are:\n${missing.map((f) => `  ${f}`).join('\n')}`,
        );
        return;
      }
    }
    if (quiet > this.quietMs && at - this.lastReport > this.quietMs) {
      this.lastReport = at;
      console.error(
        `\nWatchdog: no test file has started or ended for ${Math.round(quiet / 1000)} s. ` +
          (this.running.size
            ? `Running:\n${this.describe().join('\n')}\n`
            : `None is running; ${this.ended.size} of ${this.expected.length} have ended.\n`),
      );
    }
  }
}
