import type { Reporter, TestCase, TestModule } from 'vitest/node';

/**
 * A Vitest reporter that turns a hung test file into a prompt, named failure.
 *
 * Vitest's test and hook time-outs only fire while the worker's event loop turns; a file blocked in
 * synchronous code (a child process waited on synchronously, a loop that never yields) holds its worker
 * for ever, the other worker drains the queue, and the run never ends: on 27 November 2026 the CI run
 * stopped at its 90-minute limit with every visible file passed and no name to go on
 * (docs/decisions/034-test-run-watchdog.md). This reporter keeps the files that have started and not
 * ended, with the test each one is in, prints them whenever nothing has ended for `quietMs`, and ends the
 * run with exit code 1 once a file has been running for `limitMs`.
 */
export default class Watchdog implements Reporter {
  private readonly running = new Map<string, { since: number; test?: string; done?: string }>();
  private lastProgress = Date.now();
  private lastReport = 0;
  private timer: NodeJS.Timeout | undefined;

  private readonly limitMs: number;
  private readonly quietMs: number;
  private readonly exit: (code: number) => void;
  private readonly now: () => number;

  // Vitest constructs a reporter named by path with its options object ({} when none are given).
  constructor(
    options: {
      limitMs?: number;
      quietMs?: number;
      exit?: (code: number) => void;
      now?: () => number;
    } = {},
  ) {
    this.limitMs = options.limitMs ?? Number(process.env['PCA_TEST_FILE_LIMIT_MS'] ?? 5 * 60_000);
    this.quietMs = options.quietMs ?? Number(process.env['PCA_TEST_QUIET_MS'] ?? 90_000);
    this.exit = options.exit ?? ((code) => process.exit(code));
    this.now = options.now ?? Date.now;
  }

  onInit() {
    this.lastProgress = this.now();
    this.timer = setInterval(() => this.check(), Math.min(10_000, this.limitMs / 3));
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule) {
    this.running.set(module.moduleId, { since: this.now() });
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
    this.lastProgress = this.now();
  }

  onTestRunEnd() {
    clearInterval(this.timer);
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

  check() {
    const at = this.now();
    const stuck = [...this.running.values()].some((f) => at - f.since > this.limitMs);
    if (stuck) {
      console.error(
        `\nWatchdog: a test file has run for over ${Math.round(this.limitMs / 1000)} s; ` +
          `ending the run. Files still running:\n${this.describe().join('\n')}\n`,
      );
      clearInterval(this.timer);
      this.exit(1);
      return;
    }
    if (
      this.running.size > 0 &&
      at - this.lastProgress > this.quietMs &&
      at - this.lastReport > this.quietMs
    ) {
      this.lastReport = at;
      console.error(
        `\nWatchdog: no test file has ended for ${Math.round((at - this.lastProgress) / 1000)} s. ` +
          `Running:\n${this.describe().join('\n')}\n`,
      );
    }
  }
}
