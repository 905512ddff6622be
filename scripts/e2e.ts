/**
 * Builds the SPA if needed and runs the Playwright journeys. Each spec file gets its own servers on a
 * freshly seeded database: journeys change the demo world (a registration is submitted and approved, a
 * delegation accepted…), and one file's changes must not decide whether another file passes. Because
 * they share nothing, two spec files run side by side (`E2E_PARALLEL`, default: the machine's cores, at
 * most 2): a journey spends most of its time waiting on a browser or a server, not computing, so a
 * second lane nearly halves the wall time on a 2-core CI machine (docs/decisions/003-browser-tests.md).
 * A spec file may ask for its own server environment (tools/run/server-env.ts), passed to the config
 * as E2E_SERVER_ENV. Arguments are passed to Playwright; naming spec files runs just those, in one run
 * per server environment.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../tools/run/free-port.ts';
import { serverEnvFor } from '../tools/run/server-env.ts';
import { buildWebIfNeeded } from './lib/build-web.ts';
import { ensureChromium } from './lib/chromium.ts';
import { repoRoot, run } from '../tools/run/processes.ts';

type Stats = { expected: number; unexpected: number; flaky: number; skipped: number };

const args = process.argv.slice(2);
const jsonOut = process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'];
const PORT_NAMES = [
  'E2E_PORT',
  'E2E_IDP_PORT',
  'E2E_MAIL_SMTP_PORT',
  'E2E_MAIL_WEB_PORT',
  'E2E_SANDBOX_PORT',
];
/** Ports handed to runs still going: two lanes must never be given the same one. */
const portsInUse = new Set<string>();

/**
 * Ports free right now for one run's servers (API, identity provider, mail catcher, partner sandbox): fixed ones may be
 * taken on a shared machine. Two listeners closed one after the other may be handed the same port, so
 * it asks again until each differs from every port a running lane holds.
 */
async function freePorts(): Promise<Record<string, string>> {
  const ports: Record<string, string> = {};
  for (const name of PORT_NAMES) {
    let port = String(await freePort());
    while (portsInUse.has(port)) port = String(await freePort());
    portsInUse.add(port);
    ports[name] = port;
  }
  return ports;
}

// Playwright's command line run by node itself: through npx, npm starts first (and warns) for every spec file.
const playwrightArgs = (extra: string[]) => [
  path.join(repoRoot, 'node_modules/@playwright/test/cli.js'),
  'test',
  '-c',
  'e2e/playwright.config.ts',
  ...extra,
];

/**
 * Runs one spec file in its own Playwright process, each output line prefixed with the file's name so
 * two lanes' logs stay readable side by side. Resolves with whether it passed.
 */
async function runSpec(spec: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const ports = await freePorts();
  const world = freshWorld();
  const label = `[${spec.replace(/\.spec\.ts$/, '')}] `;
  try {
    return await new Promise<boolean>((resolve, reject) => {
      const child = spawn(process.execPath, playwrightArgs([`e2e/tests/${spec}`, ...args]), {
        cwd: repoRoot,
        env: {
          ...process.env,
          ...env,
          ...ports,
          E2E_DATA_DIR: world.dir,
          E2E_SERVER_ENV: serverEnvFor(spec),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const prefixed = (out: NodeJS.WriteStream) => {
        let partial = '';
        return (chunk: Buffer) => {
          const lines = (partial + chunk.toString()).split('\n');
          partial = lines.pop() ?? '';
          for (const line of lines) out.write(`${label}${line}\n`);
        };
      };
      child.stdout.on('data', prefixed(process.stdout));
      child.stderr.on('data', prefixed(process.stderr));
      child.on('error', reject);
      child.on('exit', (code) => resolve(code === 0));
    });
  } finally {
    for (const port of Object.values(ports)) portsInUse.delete(port);
    world.remove();
  }
}

// Run on its own (not through npm test), a fresh machine may not have the browser yet.
await ensureChromium();
await buildWebIfNeeded();

/**
 * The demo world, migrated and seeded once for the whole run (`npm run reset-demo` into an empty PGlite
 * directory; the seed's ids and dates are the same every time). Each run of servers starts on its own copy:
 * seeding took about 8 of every spec file's 20 s of start-up.
 */
const seededWorld = mkdtempSync(path.join(os.tmpdir(), 'pca-e2e-world-'));
process.on('exit', () => rmSync(seededWorld, { recursive: true, force: true }));
await run('node', ['--import', 'tsx', 'apps/server/src/cli/reset-demo.ts'], {
  env: { DATA_DIR: seededWorld, LOG_LEVEL: 'warn' },
});

/** A fresh copy of the seeded world for one run's API (removed when the run ends). */
function freshWorld(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pca-e2e-'));
  cpSync(seededWorld, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

if (args.some((a) => a.endsWith('.spec.ts'))) {
  // Files asking for the same server environment share one run; each other environment gets its own.
  const options = args.filter((a) => !a.endsWith('.spec.ts'));
  const runs = new Map<string, string[]>();
  for (const spec of args.filter((a) => a.endsWith('.spec.ts')))
    runs.set(serverEnvFor(spec), [...(runs.get(serverEnvFor(spec)) ?? []), spec]);
  for (const [serverEnv, specs] of runs) {
    const world = freshWorld();
    try {
      await run(process.execPath, playwrightArgs([...specs, ...options]), {
        env: { ...(await freePorts()), E2E_DATA_DIR: world.dir, E2E_SERVER_ENV: serverEnv },
      });
    } finally {
      world.remove();
    }
  }
} else {
  const lanes = Math.max(
    1,
    Number(process.env['E2E_PARALLEL'] ?? Math.min(2, os.availableParallelism())),
  );
  const specs = readdirSync(path.join(repoRoot, 'e2e/tests'))
    .filter((f) => f.endsWith('.spec.ts'))
    // Longest first (by size, which follows their running time), so the lanes finish together.
    .map((f) => ({ f, size: readFileSync(path.join(repoRoot, 'e2e/tests', f)).length }))
    .sort((a, b) => b.size - a.size)
    .map(({ f }) => f);
  const total: Stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
  const failed: string[] = [];
  const queue = [...specs];
  const lane = async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const out = jsonOut ? `${jsonOut}.${spec}.json` : undefined;
      const started = Date.now();
      const passed = await runSpec(spec, out ? { PLAYWRIGHT_JSON_OUTPUT_NAME: out } : {});
      if (!passed) failed.push(spec);
      console.log(
        `[${spec}] ${passed ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      if (out && existsSync(out)) {
        const { stats } = JSON.parse(readFileSync(out, 'utf8')) as { stats: Stats };
        for (const key of Object.keys(total) as Array<keyof Stats>) total[key] += stats[key];
        rmSync(out);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, specs.length) }, lane));
  // One summary for scripts/test.ts, in the shape of Playwright's own JSON report.
  if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ stats: total }));
  console.log(
    `\nBrowser journeys: ${total.expected + total.flaky} passed, ${total.unexpected} failed` +
      (total.flaky ? ` (${total.flaky} passed on retry)` : '') +
      ` (${specs.length} spec files, ${lanes} at a time)`,
  );
  if (failed.length) {
    console.error(`Failing spec files: ${failed.join(', ')}`);
    process.exit(1);
  }
}
