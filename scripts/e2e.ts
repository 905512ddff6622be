/**
 * Builds the SPA if needed and runs the Playwright journeys, two spec files at a time (`E2E_PARALLEL`,
 * default: the machine's cores, at most 2): a journey spends most of its time waiting on a browser or a
 * server, not computing, so a second lane nearly halves the wall time on a 2-core CI machine
 * (docs/decisions/003-browser-tests.md).
 *
 * Servers are paid for once (docs/decisions/052-ci-budget.md). The demo world is migrated and seeded once
 * per run, and the API compiled once (`apps/server/build.ts`: node starts it without compiling TypeScript).
 * Each lane starts its identity provider, mail catcher and clinical system once (and the partner sandbox when one of its
 * files asks for it) and keeps them for all its spec files. Journeys change the demo world (a registration is
 * submitted and approved, a delegation accepted…) and one file's changes must not decide whether another
 * file passes, so each spec file gets the one thing that holds its data: the API, started on a fresh copy
 * of the seeded world's directory (a file copy, not a seed), with an empty mailbox. A spec file may ask for
 * its own server environment (tools/run/server-env.ts); its API gets it, and it reaches the config as
 * E2E_SERVER_ENV. Arguments are passed to Playwright; naming spec files runs just those.
 *
 * After each spec file its API stops and the consent check runs on the data the file's journeys left
 * (`check-publications`, docs/decisions/056-publications-need-current-acceptance.md): a publication without a
 * person's acceptance of the partner's current statement fails the run, naming the file, even when every
 * journey in it passed. One node process on the file's PGlite copy, about a second each.
 */
import type { ChildProcess } from 'node:child_process';
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
import {
  COMPILED_API_ENTRY,
  journeyServices,
  needsSandbox,
  SEEDED_SANDBOX_URL,
  serverEnvFor,
  type JourneyPorts,
  type JourneyService,
} from '../tools/run/server-env.ts';
import { buildWebIfNeeded } from './lib/build-web.ts';
import { ensureChromium } from './lib/chromium.ts';
import { repoRoot, run, startService, waitForUrl } from '../tools/run/processes.ts';

type Stats = { expected: number; unexpected: number; flaky: number; skipped: number };

const args = process.argv.slice(2);
const jsonOut = process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'];
/** `E2E_API=sources` runs the API's TypeScript through tsx instead of the compiled build. */
const compiledApi = process.env['E2E_API'] !== 'sources';
/** Ports handed to lanes: two lanes must never be given the same one. */
const portsInUse = new Set<number>();

/**
 * Ports free right now for one lane's servers (API, identity provider, mail catcher, partner sandbox, clinical
 * system): fixed
 * ones may be taken on a shared machine. Two listeners closed one after the other may be handed the same
 * port, so it asks again until each differs from every port a lane holds.
 */
async function freePorts(): Promise<JourneyPorts> {
  const next = async () => {
    let port = await freePort();
    while (portsInUse.has(port)) port = await freePort();
    portsInUse.add(port);
    return port;
  };
  return {
    port: await next(),
    idpPort: await next(),
    mailSmtpPort: await next(),
    mailWebPort: await next(),
    sandboxPort: await next(),
    cisPort: await next(),
  };
}

/** The ports as the config reads them from the environment. */
const portEnv = (p: JourneyPorts) => ({
  E2E_PORT: String(p.port),
  E2E_IDP_PORT: String(p.idpPort),
  E2E_MAIL_SMTP_PORT: String(p.mailSmtpPort),
  E2E_MAIL_WEB_PORT: String(p.mailWebPort),
  E2E_SANDBOX_PORT: String(p.sandboxPort),
  E2E_CIS_PORT: String(p.cisPort),
});

// Playwright's command line run by node itself: through npx, npm starts first (and warns) for every spec file.
const playwrightArgs = (extra: string[]) => [
  path.join(repoRoot, 'node_modules/@playwright/test/cli.js'),
  'test',
  '-c',
  'e2e/playwright.config.ts',
  ...extra,
];

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

/** The consent check: compiled beside the API when the run built it, else its TypeScript through tsx. */
const consentCheckArgs = compiledApi
  ? ['apps/server/dist/check-publications.js']
  : ['--import', 'tsx', 'apps/server/src/cli/check-publications.ts'];

/**
 * Runs the consent check on a spec file's data directory (its API stopped) and prints what it says under
 * the file's label. Resolves with whether it found nothing; a check that cannot run counts as a finding.
 */
function consentCheck(dataDir: string, label: string): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const child = spawn(process.execPath, consentCheckArgs, {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const limit = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const done = (clean: boolean) => {
      clearTimeout(limit);
      for (const line of output.trimEnd().split('\n')) if (line) console.log(`${label}${line}`);
      resolve(clean);
    };
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(false);
    });
    child.on('exit', (code) => done(code === 0));
  });
}

/** Stops a service gracefully (SIGTERM; SIGKILL after 15 s) and resolves once it has exited. */
async function stopService(name: string, child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const kill = setTimeout(() => {
    console.error(`The ${name} did not stop within 15 s; killing it.`);
    child.kill('SIGKILL');
  }, 15_000);
  await exited;
  clearTimeout(kill);
}

/** Starts services side by side and resolves once every one answers (rejects if one stops first). */
async function startAll(services: Array<JourneyService & { label: string }>) {
  const started = services.map((s) => ({ ...s, child: startService(s.label, s.entry, s.env) }));
  try {
    await Promise.all(
      started.map(
        (s) =>
          new Promise<void>((resolve, reject) => {
            const early = (code: number | null, signal: NodeJS.Signals | null) =>
              reject(
                new Error(
                  `The ${s.label} stopped (${signal ?? `exit ${code}`}) before it answered`,
                ),
              );
            s.child.once('exit', early);
            waitForUrl(s.readyUrl, s.readyWithinMs).then(() => {
              s.child.off('exit', early);
              resolve();
            }, reject);
          }),
      ),
    );
  } catch (error) {
    await Promise.all(started.map((s) => stopService(s.label, s.child)));
    throw error;
  }
  return started;
}

/** Runs Playwright on one spec file, each output line prefixed with the file's name. Resolves with whether it passed. */
function runPlaywright(spec: string, label: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  // A folder of the file's own: Playwright empties its output folder when it starts, and the lane's next
  // file would otherwise remove the screenshot of this file's failure before anyone saw it.
  const output = path.join(
    repoRoot,
    'test-results',
    `playwright-${env['E2E_PORT']}-${spec.replace(/\.spec\.ts$/, '')}`,
  );
  return new Promise<boolean>((resolve, reject) => {
    const args = playwrightArgs([`e2e/tests/${spec}`, '--output', output, ...options]);
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
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
}

const options = args.filter((a) => !a.endsWith('.spec.ts'));
const named = args.filter((a) => a.endsWith('.spec.ts')).map((a) => path.basename(a));

// Run on its own (not through npm test), a fresh machine may not have the browser yet.
await ensureChromium();
await buildWebIfNeeded();
// Node starts the compiled API in about a second; through tsx it compiles the server's sources first, at
// every start (docs/decisions/013-compiled-server.md). Under a second to build.
if (compiledApi) await run(process.execPath, ['--import', 'tsx', 'apps/server/build.ts']);

/**
 * The demo world, migrated and seeded once for the whole run (`npm run reset-demo` into an empty PGlite
 * directory; the seed's ids and dates are the same every time). Each spec file's API starts on its own copy.
 */
const seededWorld = mkdtempSync(path.join(os.tmpdir(), 'pca-e2e-world-'));
process.on('exit', () => rmSync(seededWorld, { recursive: true, force: true }));
await run('node', ['--import', 'tsx', 'apps/server/src/cli/reset-demo.ts'], {
  env: { DATA_DIR: seededWorld, LOG_LEVEL: 'warn', PARTNER_SANDBOX_URL: SEEDED_SANDBOX_URL },
});

/** A fresh copy of the seeded world for one spec file's API (removed when the file ends). */
function freshWorld(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pca-e2e-'));
  cpSync(seededWorld, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * One lane: its ports, its identity provider, mail catcher and clinical system (started at once), and its partner sandbox
 * (started when the first file that needs it comes). `runSpec` runs one spec file on a fresh API.
 */
async function openLane(n: number) {
  const ports = await freePorts();
  const services = journeyServices(ports, { dataDir: '' });
  const lasting: Array<{ label: string; child: ChildProcess }> = [];
  const started = Date.now();
  lasting.push(
    ...(await startAll([
      { ...services.identityProvider, label: `lane ${n} identity-provider` },
      { ...services.mailCatcher, label: `lane ${n} mail-catcher` },
      { ...services.clinicalSystem, label: `lane ${n} clinical-system` },
    ])),
  );
  console.log(
    `[lane ${n}] identity provider, mail catcher and clinical system ready in ${seconds(started)}`,
  );
  let sandbox = false;
  const mailbox = `http://127.0.0.1:${ports.mailWebPort}/api/messages`;

  async function runSpec(
    spec: string,
    env: NodeJS.ProcessEnv,
  ): Promise<{ passed: boolean; consent: boolean }> {
    const label = `[${spec.replace(/\.spec\.ts$/, '')}] `;
    const specEnvJson = serverEnvFor(spec);
    const specEnv = specEnvJson ? (JSON.parse(specEnvJson) as Record<string, string>) : {};
    const world = freshWorld();
    const started = Date.now();
    // The previous file's mail must not answer this file's waitForMail.
    const cleared = await fetch(mailbox, { method: 'DELETE' });
    if (!cleared.ok) throw new Error(`DELETE ${mailbox} answered ${cleared.status}`);
    const { api, partnerSandbox } = journeyServices(ports, {
      dataDir: world.dir,
      specEnv,
      ...(compiledApi ? { apiEntry: COMPILED_API_ENTRY } : {}),
    });
    let apiChild: ChildProcess | undefined;
    let passed: boolean;
    try {
      const [apiStarted] = await startAll([{ ...api, label: `${label.trim()} api` }]);
      apiChild = apiStarted!.child;
      if (needsSandbox(specEnv) && !sandbox) {
        lasting.push(
          ...(await startAll([{ ...partnerSandbox, label: `lane ${n} partner-sandbox` }])),
        );
        sandbox = true;
      }
      console.log(`${label}API ready on a fresh copy of the seeded world in ${seconds(started)}`);
      passed = await runPlaywright(spec, label, {
        ...env,
        ...portEnv(ports),
        E2E_SERVERS_RUNNING: '1',
        E2E_SERVER_ENV: specEnvJson,
      });
    } catch (error) {
      if (apiChild) await stopService(`${label.trim()} api`, apiChild);
      world.remove();
      throw error;
    }
    await stopService(`${label.trim()} api`, apiChild);
    // What the file's journeys left, read once its API has let go of the directory.
    try {
      return { passed, consent: await consentCheck(world.dir, label) };
    } finally {
      world.remove();
    }
  }

  async function close() {
    await Promise.all(lasting.map((s) => stopService(s.label, s.child)));
    for (const port of Object.values(ports)) portsInUse.delete(port);
  }
  return { runSpec, close };
}

const lanes = Math.max(
  1,
  Number(process.env['E2E_PARALLEL'] ?? Math.min(2, os.availableParallelism())),
);
const specs = (
  named.length
    ? named
    : readdirSync(path.join(repoRoot, 'e2e/tests')).filter((f) => f.endsWith('.spec.ts'))
)
  // Longest first (by size, which follows their running time), so the lanes finish together.
  .map((f) => ({ f, size: readFileSync(path.join(repoRoot, 'e2e/tests', f)).length }))
  .sort((a, b) => b.size - a.size)
  .map(({ f }) => f);
const total: Stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
const failed: string[] = [];
const queue = [...specs];
// Each file's Playwright writes its own JSON report here, which the summary adds up.
const reportsDir = mkdtempSync(path.join(os.tmpdir(), 'pca-e2e-reports-'));
process.on('exit', () => rmSync(reportsDir, { recursive: true, force: true }));
const runStarted = Date.now();
const lane = async (n: number) => {
  const { runSpec, close } = await openLane(n);
  try {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const out = path.join(reportsDir, `${spec}.json`);
      const started = Date.now();
      let passed = false;
      let consent = true;
      try {
        ({ passed, consent } = await runSpec(spec, { PLAYWRIGHT_JSON_OUTPUT_NAME: out }));
      } catch (error) {
        console.error(`[${spec}] ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!passed) failed.push(spec);
      // A file whose journeys leave a publication nobody accepted fails, counted once in the tally.
      if (!consent) {
        failed.push(`${spec} (consent check)`);
        total.unexpected += 1;
      }
      console.log(
        `[${spec}] ${passed && consent ? 'passed' : 'FAILED'}${consent ? '' : ' (consent check)'} in ${seconds(started)}`,
      );
      if (existsSync(out)) {
        const { stats } = JSON.parse(readFileSync(out, 'utf8')) as { stats: Stats };
        for (const key of Object.keys(total) as Array<keyof Stats>) total[key] += stats[key];
        rmSync(out);
      } else {
        // A file whose servers never started reported nothing: it counts as one failure.
        total.unexpected += 1;
      }
    }
  } finally {
    await close();
  }
};
const laneCount = Math.min(lanes, specs.length);
await Promise.all(Array.from({ length: laneCount }, (_, i) => lane(i + 1)));
// One summary for scripts/test.ts, in the shape of Playwright's own JSON report.
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ stats: total }));
console.log(
  `\nBrowser journeys: ${total.expected + total.flaky} passed, ${total.unexpected} failed` +
    (total.flaky ? ` (${total.flaky} passed on retry)` : '') +
    ` (${specs.length} spec files, ${laneCount} at a time, ${seconds(runStarted)})`,
);
if (failed.length) {
  console.error(`Failing spec files: ${failed.join(', ')}`);
  process.exit(1);
}
