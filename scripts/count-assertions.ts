/**
 * Counts the assertions of every level of the test pyramid: browser journeys (e2e/, the `expect` calls and
 * the axe checks) against the component, API and other unit tests below them. A check moved from a journey
 * into a component or API test keeps the sum (issue 31: the number of assertions must not fall;
 * docs/benchmarks/README.md#the-test-run has the figures).
 *
 *   npx tsx scripts/count-assertions.ts            the levels
 *   npx tsx scripts/count-assertions.ts --by-file  and every journey file
 *   npx tsx scripts/count-assertions.ts --json     as JSON
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { countAssertions, levelOf, type AssertionCount, type Level } from './lib/assertions.ts';

const root = path.resolve(import.meta.dirname, '..');
// Piped into `head`, the pipe may close before the last line: that is no failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const args = new Set(process.argv.slice(2));

// Tracked files and new ones not yet committed, never node_modules or build output.
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f));

const levels: Record<Level, AssertionCount & { files: number }> = {
  journeys: { expects: 0, axe: 0, files: 0 },
  component: { expects: 0, axe: 0, files: 0 },
  api: { expects: 0, axe: 0, files: 0 },
  unit: { expects: 0, axe: 0, files: 0 },
};
const journeyFiles: Array<[string, AssertionCount]> = [];
for (const file of files) {
  const level = levelOf(file);
  if (!level) continue;
  let source: string;
  try {
    source = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  const count = countAssertions(source, file);
  levels[level].expects += count.expects;
  levels[level].axe += count.axe;
  levels[level].files += 1;
  if (level === 'journeys') journeyFiles.push([file, count]);
}

const below = {
  expects: levels.component.expects + levels.api.expects + levels.unit.expects,
  axe: levels.component.axe + levels.api.axe + levels.unit.axe,
};
const all = levels.journeys.expects + levels.journeys.axe + below.expects + below.axe;

if (args.has('--json')) {
  console.log(JSON.stringify({ levels, below, total: all }, null, 2));
} else {
  const row = (name: string, c: AssertionCount, files?: number) =>
    `${name.padEnd(44)}${String(c.expects).padStart(8)}${String(c.axe).padStart(6)}${files === undefined ? '' : String(files).padStart(7)}`;
  console.log(
    `${'level'.padEnd(44)}${'expect'.padStart(8)}${'axe'.padStart(6)}${'files'.padStart(7)}`,
  );
  console.log(row('browser journeys (e2e/)', levels.journeys, levels.journeys.files));
  console.log(row('below the browser', below));
  console.log(row('  component (apps/web, packages/ui)', levels.component, levels.component.files));
  console.log(row('  API (apps/server, identity provider)', levels.api, levels.api.files));
  console.log(row('  other unit', levels.unit, levels.unit.files));
  console.log(`every assertion: ${all}`);
  if (args.has('--by-file')) {
    console.log('');
    for (const [file, c] of journeyFiles.sort(([a], [b]) => a.localeCompare(b)))
      console.log(row(file, c));
  }
}
