/**
 * `npm run ci:cold`: CI's run as a new machine meets it. Clones this repository's HEAD (committed work only)
 * into a fresh temporary folder and runs `.ci/run` there (`npm ci && npm test`, with CI=true, so the
 * PostgreSQL step runs too), with every cache a new machine would not have pointed at an empty folder:
 *
 * - the temporary folder (TMPDIR): tsx's and jiti's compile caches (`tsx-<uid>`, `jiti`), Playwright's
 *   transform cache (`playwright-transform-cache-<uid>`), chromium's profiles, the journeys' seeded worlds;
 * - XDG_CACHE_HOME and XDG_CONFIG_HOME (fontconfig's and chromium's caches and settings);
 * - npm's download cache (`npm_config_cache`): `npm ci` downloads every package from the registry, as on a
 *   new machine. `--warm-npm-cache` keeps the machine's own (for a machine without the network);
 * - the clone has no `node_modules` (Vite's and Vitest's caches live there), no `.test-data` (the API tests'
 *   seeded PGlite snapshot) and no `apps/web/dist` or `apps/server/dist`;
 * - the PostgreSQL step builds a seeded template database of its own (`PCA_TEST_TEMPLATE_PREFIX`), dropped
 *   at the end, instead of copying the one earlier runs left in the machine's cluster;
 * - node's compile cache (NODE_COMPILE_CACHE) is unset.
 *
 * What stays: the system's packages (Debian's chromium and PostgreSQL 15 — a new machine installs them
 * first, about 63 s for chromium) and the operating system's page cache.
 *
 * Prints the whole time and the load average at the start, every minute and at the end (the machine is
 * shared: a figure means little without its load). `--keep` leaves the folder for a look afterwards.
 * Exits with `.ci/run`'s code.
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../tools/run/processes.ts';

const args = new Set(process.argv.slice(2));
const keep = args.has('--keep');
const warmNpmCache = args.has('--warm-npm-cache');

const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const git = (...a: string[]) => execFileSync('git', a, { cwd: repoRoot, encoding: 'utf8' }).trim();
const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};

const head = git('rev-parse', 'HEAD');
if (git('status', '--porcelain', '--untracked-files=no'))
  console.warn('ci:cold: uncommitted changes are not part of the run (it clones HEAD).');

const root = mkdtempSync(path.join(os.tmpdir(), 'pca-ci-cold-'));
const clone = path.join(root, 'repo');
const dirs = Object.fromEntries(
  ['tmp', 'xdg-cache', 'xdg-config', 'npm-cache'].map((d) => [d, path.join(root, d)]),
);
for (const dir of Object.values(dirs)) mkdirSync(dir);
execFileSync('git', ['clone', '--quiet', '--no-checkout', '--no-hardlinks', repoRoot, clone]);
execFileSync('git', ['-C', clone, 'checkout', '--quiet', '--detach', head]);

const templatePrefix = `pca_cold_${randomBytes(4).toString('hex')}_`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  CI: 'true',
  TMPDIR: dirs['tmp'],
  XDG_CACHE_HOME: dirs['xdg-cache'],
  XDG_CONFIG_HOME: dirs['xdg-config'],
  PCA_TEST_TEMPLATE_PREFIX: templatePrefix,
  ...(warmNpmCache ? {} : { npm_config_cache: dirs['npm-cache'] }),
};
// Nothing of this shell's own runs reaches the cold one.
for (const name of Object.keys(env))
  if (/^(E2E_|PLAYWRIGHT_|WEB_DIST$|NODE_COMPILE_CACHE$|PCA_RUN_STARTED_AT$|TSX_)/.test(name))
    delete env[name];

const samples: number[] = [];
const sample = () => samples.push(Number(loadavg().split(' ')[0]));
console.log(
  `ci:cold: ${head.slice(0, 7)} cloned into ${clone}; ${warmNpmCache ? "the machine's" : 'an empty'} npm cache; load average ${loadavg()}`,
);
sample();
const started = Date.now();
const ticker = setInterval(() => {
  sample();
  console.log(`ci:cold: ${clock(Date.now() - started)} in, load average ${loadavg()}`);
}, 60_000);

const child = spawn(path.join(clone, '.ci/run'), [], { cwd: clone, env, stdio: 'inherit' });
const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
process.on('SIGINT', forward('SIGINT'));
process.on('SIGTERM', forward('SIGTERM'));
const code = await new Promise<number>((resolve) =>
  child.on('exit', (c, signal) => resolve(c ?? (signal ? 128 + os.constants.signals[signal] : 1))),
);
clearInterval(ticker);
sample();
const elapsed = Date.now() - started;

// The template this run built is of no use to anyone else.
try {
  execFileSync(
    'su',
    [
      'postgres',
      '-c',
      `psql -tAc "SELECT format('DROP DATABASE IF EXISTS %I WITH (FORCE);', datname) FROM pg_database WHERE starts_with(datname, '${templatePrefix}')" | psql -q`,
    ],
    { stdio: 'ignore', timeout: 60_000 },
  );
} catch {
  // No PostgreSQL here (or the run never reached it): nothing to drop.
}
if (!keep) rmSync(root, { recursive: true, force: true });

const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
console.log(
  `\nci:cold: .ci/run ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${clock(elapsed)} ` +
    `(${(elapsed / 1000).toFixed(0)} s) on ${os.availableParallelism()} cores, ${new Date().toISOString()}; ` +
    `load average 1-min at start ${samples[0]}, mean ${mean.toFixed(1)}, max ${Math.max(...samples)}; now ${loadavg()}` +
    (keep ? `\nci:cold: the clone and its caches are in ${root}` : ''),
);
process.exit(code);
