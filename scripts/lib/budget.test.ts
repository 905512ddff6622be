import { expect, it } from 'vitest';
import { budgetMs, budgetReport, CI_BUDGET_MINUTES, runStartedAt } from './budget.ts';

it('is 30 minutes unless PCA_TEST_BUDGET_MINUTES says otherwise, and refuses a limit that is no number', () => {
  expect(CI_BUDGET_MINUTES).toBe(30);
  expect(budgetMs({})).toBe(30 * 60_000);
  expect(budgetMs({ PCA_TEST_BUDGET_MINUTES: '' })).toBe(30 * 60_000);
  expect(budgetMs({ PCA_TEST_BUDGET_MINUTES: '0.5' })).toBe(30_000);
  expect(() => budgetMs({ PCA_TEST_BUDGET_MINUTES: 'soon' })).toThrow(/positive number.*"soon"/);
  expect(() => budgetMs({ PCA_TEST_BUDGET_MINUTES: '-1' })).toThrow(/positive number/);
});

it("counts from .ci/run's start when it gave one, and from npm test's own start otherwise", () => {
  expect(runStartedAt(5_000, { PCA_RUN_STARTED_AT: '1000' })).toBe(1_000);
  expect(runStartedAt(5_000, {})).toBe(5_000);
  expect(runStartedAt(5_000, { PCA_RUN_STARTED_AT: 'yesterday' })).toBe(5_000);
  // A start after npm test's own is no start of this run.
  expect(runStartedAt(5_000, { PCA_RUN_STARTED_AT: '9000' })).toBe(5_000);
});

it('prints every step, the install before them, the whole run and its limit, and passes within the limit', () => {
  const { lines, over } = budgetReport(
    [
      ['Lint', 100_000],
      ['Journeys', 600_000],
    ],
    760_000,
    30 * 60_000,
  );
  expect(lines).toEqual([
    '     60.0 s  Before the first step (install)',
    '    100.0 s  Lint',
    '    600.0 s  Journeys',
    '    760.0 s  Whole run (12 min 40 s; limit 30 min 00 s)',
  ]);
  expect(over).toBeNull();
});

it('fails a run past its limit, naming both times and where the limit is set', () => {
  const { lines, over } = budgetReport([['Journeys', 1_900_000]], 1_900_200, 30 * 60_000);
  expect(lines).toEqual([
    '   1900.0 s  Journeys',
    '   1900.2 s  Whole run (31 min 40 s; limit 30 min 00 s)',
  ]);
  expect(over).toBe(
    'The whole run took 31 min 40 s, past its limit of 30 min 00 s (scripts/lib/budget.ts; docs/decisions/052-ci-budget.md)',
  );
});
