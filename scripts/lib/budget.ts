/**
 * CI's time budget (docs/decisions/052-ci-budget.md): a clean clone's whole `.ci/run` — install, lint,
 * types, Vitest, PostgreSQL, journeys — must end within this many minutes on a new 2-core machine, cold.
 * `npm test` fails when the run passes it, so a wave of new tests cannot drift past it unseen. Set in this
 * one place; `PCA_TEST_BUDGET_MINUTES` overrides it for a local experiment.
 */
export const CI_BUDGET_MINUTES = 30;

/** The run's limit in milliseconds: `PCA_TEST_BUDGET_MINUTES` when set (a positive number), else the budget. */
export function budgetMs(env: NodeJS.ProcessEnv = process.env): number {
  const given = env['PCA_TEST_BUDGET_MINUTES'];
  if (given === undefined || given === '') return CI_BUDGET_MINUTES * 60_000;
  const minutes = Number(given);
  if (!Number.isFinite(minutes) || minutes <= 0)
    throw new Error(`PCA_TEST_BUDGET_MINUTES must be a positive number of minutes, not "${given}"`);
  return minutes * 60_000;
}

/**
 * When the run began: `.ci/run` writes the time before `npm ci` to `PCA_RUN_STARTED_AT` (milliseconds since
 * the epoch), so the install counts against the budget too; otherwise `fallback` (when `npm test` started).
 */
export function runStartedAt(fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const given = Number(env['PCA_RUN_STARTED_AT']);
  return Number.isFinite(given) && given > 0 && given <= fallback ? given : fallback;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

/**
 * The durations block `npm test` ends with: each step, what came before the first step (the install, when
 * `.ci/run` said when it began), the whole run and the limit; and, past the limit, the line that fails it.
 */
export function budgetReport(
  steps: ReadonlyArray<readonly [name: string, ms: number]>,
  wholeMs: number,
  limitMs: number,
): { lines: string[]; over: string | null } {
  const lines = steps.map(([name, ms]) => `  ${seconds(ms)}  ${name}`);
  const beforeSteps = wholeMs - steps.reduce((sum, [, ms]) => sum + ms, 0);
  // Counted only when it is more than the few milliseconds between the run's start and the first step.
  if (beforeSteps >= 1_000)
    lines.unshift(`  ${seconds(beforeSteps)}  Before the first step (install)`);
  lines.push(`  ${seconds(wholeMs)}  Whole run (${clock(wholeMs)}; limit ${clock(limitMs)})`);
  const over =
    wholeMs > limitMs
      ? `The whole run took ${clock(wholeMs)}, past its limit of ${clock(limitMs)} ` +
        '(scripts/lib/budget.ts; docs/decisions/052-ci-budget.md)'
      : null;
  return { lines, over };
}
