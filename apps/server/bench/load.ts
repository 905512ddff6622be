/**
 * `npm run bench`: the API under load, against a bare Fastify route measured in the same run
 * (docs/benchmarks/load.md).
 *
 * The API under test is the compiled server (`apps/server/dist/main.js`, built first) in its own
 * process, in production mode with rate limits and request logging off (on PGlite in development mode:
 * production refuses to run without DATABASE_URL); the bare route is a plain
 * Fastify instance in another process. This process only generates the load (autocannon) and hosts the
 * development identity provider for the one sign-in. For each target it measures the maximum rate
 * (no rate cap), then latency at fixed offered rates, and prints each figure with its ratio to the bare
 * route's. Runs on PGlite, and also on PostgreSQL when DATABASE_URL is set (that database gets the demo
 * world and the 10,000-role performance dataset when missing).
 *
 * Environment: BENCH_SECONDS (4, per measurement), BENCH_RATES (50,100,200,500 req/s offered),
 * BENCH_CONNECTIONS (50 at fixed rates), BENCH_MAX_CONNECTIONS (20 for the maximum rate),
 * BENCH_DATABASES (pglite,postgres: which of them to run), BENCH_DATA_DIR (PGlite copy, seeded once,
 * default <tmp>/pca-bench-load), DATABASE_POOL_SIZE and SESSION_CACHE_MS (passed to the API).
 */
import { productionSecrets } from '../../../tools/run/production-secrets.ts';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon, { type Request } from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import { startIdentityProvider } from '@pca/identity-provider/server';
import { loadDemoIdentities } from '@pca/identity-provider/identities';
import { signInThroughProvider } from '@pca/identity-provider/testing';
import {
  apiPaths,
  meApiPaths,
  practitionerApiPaths,
  shellApiPaths,
  welcomeApiPaths,
} from '@pca/contracts';
import { DEVELOPMENT_CLIENT_SECRET } from '#lib/config.ts';
import { createDatabase, type CreateDatabaseOptions } from '#db/client.ts';
import { migrateDatabase } from '#db/migrate.ts';
import { organisations } from '#db/schema/index.ts';
import { demoIds, isDatabaseEmpty, seedDemoWorld } from '#db/seed/index.ts';
import {
  PERFORMANCE_ORGANISATION_KEY,
  seedPerformanceDataset,
} from '#db/seed/performance-dataset.ts';
import { freePort } from '@pca/identity-provider/free-port';
import { removeClusterDir, startCluster } from '../../../tools/run/cluster.ts';
import { offerOpenLoop } from './open-loop.ts';

const serverRoot = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rates = (process.env.BENCH_RATES ?? '50,100,200,500').split(',').map(Number);
const rateConnections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const maxConnections = Number(process.env.BENCH_MAX_CONNECTIONS ?? 20);
const pgliteDir = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pca-bench-load');
const databaseUrl = process.env.DATABASE_URL;
const databases = (process.env.BENCH_DATABASES ?? 'pglite,postgres')
  .split(',')
  .filter((d) => d === 'pglite' || (d === 'postgres' && databaseUrl)) as ('pglite' | 'postgres')[];
/** Alice: Organisation Manager of the 10,000-role organisation. */
const RA_NUMBER = '2000000011';
/** Seconds after which autocannon counts a request as timed out. */
const TIMEOUT_S = 10;

/** A process started by this benchmark, its output kept for when it fails. */
interface Child {
  process: ChildProcess;
  output: () => string;
  exited: Promise<unknown>;
}

function startChild(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Child> {
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve({ process: child, output: () => output, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`${args.join(' ')} exited:\n${output}`)));
  });
}

async function stopChild(child: Child) {
  if (child.process.exitCode !== null) return;
  child.process.kill('SIGTERM');
  await child.exited;
}

/** A bare Fastify route in its own process: the ceiling of this machine, Node and the framework. */
function startBare(port: number) {
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/bare', () => ({ ok: true }));
    await app.listen({ host: '127.0.0.1', port: ${port} });
    console.log('bare listening');
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));`;
  return startChild(['--input-type=module', '-e', code], {}, /bare listening/);
}

/** Demo world plus the performance dataset, added only when missing. */
async function prepareDatabase(options: CreateDatabaseOptions) {
  const started = performance.now();
  const handle = await createDatabase(options);
  try {
    await migrateDatabase(handle);
    if (await isDatabaseEmpty(handle.db)) await seedDemoWorld(handle.db);
    const metro = demoIds.organisation(PERFORMANCE_ORGANISATION_KEY);
    const [present] = await handle.db
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, metro));
    if (!present) {
      const seeded = await seedPerformanceDataset(handle.db);
      // Fresh planner statistics, as `npm run seed:performance` leaves them (PGlite has no autovacuum).
      await handle.db.execute(sql`analyze`);
      console.info(
        `Seeded ${seeded.roles} roles over ${seeded.practitioners} practitioners in ${Math.round(performance.now() - started)} ms`,
      );
    }
  } finally {
    await handle.close();
  }
}

/** Signs Alice in through the API and the identity provider, as the browser does; returns her token. */
async function signIn(api: string) {
  const login = await fetch(`${api}/api/auth/login`, { redirect: 'manual' });
  const location = login.headers.get('location');
  if (!location) throw new Error(`login answered ${login.status} without a redirect`);
  const callback = await signInThroughProvider(location, RA_NUMBER);
  const token = await fetch(`${api}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(Object.fromEntries(callback.searchParams)),
  });
  if (token.status !== 200) throw new Error(`sign-in answered ${token.status}`);
  return ((await token.json()) as { token: string }).token;
}

interface Target {
  name: string;
  base: string;
  requests: Request[];
}

interface Measured {
  rps: number;
  /** The fastest answer: the request's own cost with the least queueing on a shared machine. */
  min: number;
  p50: number;
  p99: number;
  timeouts: number;
  errors: number;
  non2xx: number;
}

/** Requests still queued in the server when a run stops must not slow the next run. */
async function drain(target: Target) {
  // Answered only after the backlog, as the API's database work is queued ahead of it.
  await Promise.all(
    target.requests.map((r) =>
      fetch(target.base + r.path, { headers: r.headers }).then((res) => res.arrayBuffer()),
    ),
  );
}

/** The maximum rate: autocannon's closed loop, each connection sending as soon as it is answered. */
async function measureMax(target: Target): Promise<Measured> {
  const result = await autocannon({
    url: target.base,
    requests: target.requests,
    connections: maxConnections,
    duration: seconds,
    timeout: TIMEOUT_S,
  });
  await drain(target);
  return {
    rps: result.requests.total / seconds,
    min: result.latency.min,
    p50: result.latency.p50,
    p99: result.latency.p99,
    timeouts: result.timeouts,
    // autocannon counts a time-out as an error too.
    errors: result.errors - result.timeouts,
    non2xx: result.non2xx,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
    : 0;

/**
 * A fixed offered rate, open loop: request i is due at start + i / rate whatever happened to the
 * ones before it, and its latency counts from that moment, so time spent waiting for one of the
 * `rateConnections` connections is part of it. (autocannon's overallRate sends each connection's share
 * in a burst at the start of every second and stops offering load while the server is behind, which
 * flatters a saturated server.) A request unanswered TIMEOUT_S after it was due is a time-out.
 */
async function measureRate(target: Target, rate: number): Promise<Measured> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: rateConnections });
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  const counts = { timeouts: 0, errors: 0, non2xx: 0 };
  let lastAnswer = 0;
  const send = (request: Request, due: number) =>
    new Promise<void>((resolve) => {
      let settled = false;
      const finish = (failure?: keyof typeof counts) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (failure) counts[failure]++;
        resolve();
      };
      const req = http.get(
        target.base + request.path,
        { agent, headers: request.headers },
        (res) => {
          res.resume();
          res.on('end', () => {
            const now = performance.now();
            lastAnswer = Math.max(lastAnswer, now);
            const ok = res.statusCode! >= 200 && res.statusCode! < 300;
            if (ok && !settled) latencies.push(now - due);
            finish(ok ? undefined : 'non2xx');
          });
        },
      );
      const timer = setTimeout(
        () => {
          finish('timeouts');
          req.destroy();
        },
        due + TIMEOUT_S * 1000 - performance.now(),
      );
      req.on('error', () => finish('errors'));
    });
  const { start } = await offerOpenLoop(rate, total, (i, due) =>
    send(target.requests[i % target.requests.length]!, due),
  );
  agent.destroy();
  await drain(target);
  latencies.sort((x, y) => x - y);
  // Answered requests over the time from the first being due to the last answer.
  const span = Math.max(lastAnswer - start, seconds * 1000);
  return {
    rps: (latencies.length * 1000) / span,
    min: latencies[0] ?? 0,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...counts,
  };
}

interface TargetResult {
  target: Target;
  max: Measured;
  /** Undefined for a rate not run because a lower one already saturated the target. */
  atRate: Map<number, Measured | undefined>;
}

/** Saturated: answered well under the offered rate, or requests timed out. */
const saturated = (m: Measured, rate: number) => m.timeouts > 0 || m.rps < 0.9 * rate;

async function run(target: Target): Promise<TargetResult> {
  // Warm-up: JIT compilation and caches filling are not the steady state.
  for (let i = 0; i < 10; i++)
    for (const r of target.requests) {
      const res = await fetch(target.base + r.path, { headers: r.headers });
      if (res.status !== 200) throw new Error(`${target.name}: ${r.path} answered ${res.status}`);
      await res.arrayBuffer();
    }
  const max = await measureMax(target);
  const atRate = new Map<number, Measured | undefined>();
  let skip = false;
  for (const rate of rates) {
    // Higher rates than one the target could not keep up with only add time-outs and minutes.
    const m = skip ? undefined : await measureRate(target, rate);
    atRate.set(rate, m);
    if (m && saturated(m, rate)) skip = true;
  }
  return { target, max, atRate };
}

const fmt = (n: number) => (n >= 100 ? String(Math.round(n)) : n.toFixed(1));
const ratio = (n: number, of: number) => (of > 0 ? `${(n / of).toFixed(2)}×` : '—');
const percent = (n: number, of: number) => (of > 0 ? `${((n / of) * 100).toFixed(1)} %` : '—');
const failures = (m: Measured) => `${m.timeouts} / ${m.errors} / ${m.non2xx}`;

function report(
  kind: string,
  results: TargetResult[],
  load: { before: number[]; after: number[] },
) {
  const bare = results[0]!;
  const lines = [
    `### ${kind}`,
    '',
    `Load average (1, 5, 15 min) before: ${load.before.map((l) => l.toFixed(2)).join(', ')}; after: ${load.after.map((l) => l.toFixed(2)).join(', ')} (${os.cpus().length} cores).`,
    '',
    `Maximum rate (${maxConnections} connections, no rate cap, ${seconds} s):`,
    '',
    '| target | req/s | of bare | min ms | p50 ms | p99 ms | time-outs / errors / non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.map(
      ({ target, max }) =>
        `| ${target.name} | ${fmt(max.rps)} | ${percent(max.rps, bare.max.rps)} | ${fmt(max.min)} | ${fmt(max.p50)} | ${fmt(max.p99)} | ${failures(max)} |`,
    ),
    '',
    `Fixed offered rates (${rateConnections} connections, ${seconds} s each; p99 ratio to the bare route's at the same rate):`,
    '',
    '| target | offered req/s | achieved req/s | p50 ms | p99 ms | p99 × bare | time-outs / errors / non-2xx |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...results.flatMap(({ target, atRate }) =>
      rates.map((rate) => {
        const m = atRate.get(rate);
        const b = bare.atRate.get(rate);
        if (!m) return `| ${target.name} | ${rate} | not run: saturated at a lower rate | | | | |`;
        return `| ${target.name} | ${rate} | ${fmt(m.rps)} | ${fmt(m.p50)} | ${fmt(m.p99)} | ${b ? ratio(m.p99, b.p99) : '—'} | ${failures(m)} |`;
      }),
    ),
    '',
  ];
  const me = results.find((r) => r.target.name === '/api/me')!;
  const filtered = results.find((r) => r.target.name.startsWith('practitioners, name filter'))!;
  const goal = (text: string, met: boolean) => `- ${met ? 'met' : '**not met**'}: ${text}`;
  /** A goal at one offered rate: met, not met, or not measured when the rate was not asked for. */
  const goalAt = (r: TargetResult, rate: number, text: string, check: (m: Measured) => boolean) => {
    if (!rates.includes(rate)) return `- not measured: ${text} (${rate} req/s not in BENCH_RATES)`;
    const m = r.atRate.get(rate);
    if (!m) return goal(`${text} (saturated at a lower rate)`, false);
    return goal(
      `${text} (p99 ${fmt(m.p99)} ms, ${fmt(m.rps)} req/s answered, ${m.timeouts} time-outs)`,
      check(m),
    );
  };
  const keptUp = (m: Measured, rate: number) => m.rps >= 0.95 * rate && m.timeouts === 0;
  const share = kind === 'PostgreSQL' ? 0.25 : 0.1;
  lines.push(
    'Goals:',
    '',
    goal(
      `/api/me ≥ ${share * 100} % of the bare route's maximum rate (${percent(me.max.rps, bare.max.rps)})`,
      me.max.rps >= share * bare.max.rps,
    ),
    ...(kind === 'PostgreSQL'
      ? [
          goalAt(
            me,
            500,
            '/api/me p99 ≤ 20 ms at 500 req/s offered',
            (m) => m.p99 <= 20 && keptUp(m, 500),
          ),
          goalAt(
            filtered,
            100,
            'practitioners, name filter: p99 ≤ 50 ms at 100 req/s offered',
            (m) => m.p99 <= 50 && keptUp(m, 100),
          ),
        ]
      : [
          goalAt(
            filtered,
            50,
            'practitioners, name filter: no time-outs at 50 req/s offered',
            (m) => m.timeouts === 0,
          ),
        ]),
    '',
  );
  return lines.join('\n');
}

async function benchDatabase(kind: 'pglite' | 'postgres', bareBase: string) {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  const dbEnv = kind === 'pglite' ? { DATA_DIR: pgliteDir } : { DATABASE_URL: databaseUrl! };
  console.info(`${label}: preparing the database…`);
  await prepareDatabase(kind === 'pglite' ? { dataDir: pgliteDir } : { databaseUrl: databaseUrl! });

  const [apiPort, idpPort] = [await freePort(), await freePort()];
  const api = `http://127.0.0.1:${apiPort}`;
  const issuer = `http://127.0.0.1:${idpPort}`;
  const idp = await startIdentityProvider({
    port: idpPort,
    host: '127.0.0.1',
    issuer,
    identities: loadDemoIdentities(),
    clients: [
      {
        clientId: 'provider-connect',
        clientSecret: DEVELOPMENT_CLIENT_SECRET,
        redirectUris: [`${api}/authorization-code/callback`],
        postLogoutRedirectUris: [`${api}/`],
      },
    ],
  });
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'pca-bench-web-'));
  let server: Child | undefined;
  try {
    server = await startChild(
      ['--enable-source-maps', 'dist/main.js'],
      {
        ...dbEnv,
        // Production needs a shared PostgreSQL (DATABASE_URL): PGlite runs as in development.
        NODE_ENV: kind === 'pglite' ? 'development' : 'production',
        HOST: '127.0.0.1',
        PORT: String(apiPort),
        PUBLIC_URL: api,
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_SECRET: DEVELOPMENT_CLIENT_SECRET,
        ...productionSecrets('bench'),
        WEB_DIST: webDist,
        RATE_LIMITS: 'false',
        LOG_REQUESTS: 'false',
        ...(process.env.DATABASE_POOL_SIZE
          ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE }
          : {}),
        // The session cache is on by default (5 s); SESSION_CACHE_MS=0 measures every request's lookup.
        ...(process.env.SESSION_CACHE_MS ? { SESSION_CACHE_MS: process.env.SESSION_CACHE_MS } : {}),
      },
      /Server listening/,
    );
    const token = await signIn(api);
    const auth = { authorization: `Bearer ${token}` };
    const targets: Target[] = [
      { name: 'bare Fastify route', base: bareBase, requests: [{ path: '/bare' }] },
      { name: '/api/me', base: api, requests: [{ path: apiPaths.me, headers: auth }] },
      {
        name: 'practitioners, unfiltered (2,042 of 10,000+ roles)',
        base: api,
        requests: [{ path: practitionerApiPaths.serviceOfferings, headers: auth }],
      },
      {
        name: 'practitioners, name filter (name=smi)',
        base: api,
        requests: [{ path: `${practitionerApiPaths.serviceOfferings}?name=smi`, headers: auth }],
      },
      {
        // The six calls the SPA makes when /welcome opens (as in statements-per-page.test.ts), cycled.
        name: '/welcome page load (6 calls, cycled)',
        base: api,
        requests: [
          { path: apiPaths.config },
          { path: apiPaths.me, headers: auth },
          { path: meApiPaths.organisations, headers: auth },
          { path: shellApiPaths.unreadNotificationCount, headers: auth },
          { path: welcomeApiPaths.signUpBanner, headers: auth },
          { path: welcomeApiPaths.siteOrganisations, headers: auth },
        ],
      },
    ];
    const before = os.loadavg();
    const results: TargetResult[] = [];
    for (const target of targets) {
      const started = performance.now();
      results.push(await run(target));
      console.info(`  ${target.name}: ${Math.round((performance.now() - started) / 1000)} s`);
    }
    return report(label, results, { before, after: os.loadavg() });
  } finally {
    if (server) await stopChild(server);
    await idp.close();
    rmSync(webDist, { recursive: true, force: true });
  }
}

/** One maximum-rate measurement after a warm-up, as `run` does for the single process. */
async function measureWarm(target: Target): Promise<Measured> {
  for (let i = 0; i < 10; i++)
    for (const r of target.requests) {
      const res = await fetch(target.base + r.path, { headers: r.headers });
      if (res.status !== 200) throw new Error(`${target.name}: ${r.path} answered ${res.status}`);
      await res.arrayBuffer();
    }
  return measureMax(target);
}

/**
 * `npm run bench -- --cluster` (or BENCH_CLUSTER=1): two API processes behind HAProxy
 * (deploy/haproxy.cfg, tools/run/cluster.ts) against one process behind the same proxy, in one run on
 * DATABASE_URL's PostgreSQL: the second process is stopped (it drains, the proxy takes it out) for the
 * one-process rounds and started again after. Rounds alternate, two then one, BENCH_ROUNDS times (2).
 */
async function benchCluster() {
  if (!databaseUrl)
    throw new Error('The cluster benchmark needs DATABASE_URL: its processes share PostgreSQL.');
  console.info('Cluster: preparing the database…');
  await prepareDatabase({ databaseUrl });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pca-bench-cluster-'));
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'pca-bench-web-'));
  const cluster = await startCluster({
    databaseUrl,
    dir,
    apiEntry: 'apps/server/dist/main.js',
    sandbox: false,
    servedBy: true,
    apiEnv: {
      NODE_ENV: 'production',
      OIDC_CLIENT_SECRET: DEVELOPMENT_CLIENT_SECRET,
      ...productionSecrets('bench'),
      WEB_DIST: webDist,
      RATE_LIMITS: 'false',
      LOG_REQUESTS: 'false',
      ...(process.env.SESSION_CACHE_MS ? { SESSION_CACHE_MS: process.env.SESSION_CACHE_MS } : {}),
    },
  });
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  try {
    const token = await signIn(cluster.proxy.url);
    const auth = { authorization: `Bearer ${token}` };
    const targets: Target[] = [
      {
        name: '/api/me',
        base: cluster.proxy.url,
        requests: [{ path: apiPaths.me, headers: auth }],
      },
      {
        name: 'practitioners, unfiltered (2,042 of 10,000+ roles)',
        base: cluster.proxy.url,
        requests: [{ path: practitionerApiPaths.serviceOfferings, headers: auth }],
      },
    ];
    const uptime = () => promisify(execFile)('uptime').then((r) => r.stdout.trim());
    const uptimeBefore = await uptime();
    const measured = new Map<string, { two: Measured[]; one: Measured[] }>(
      targets.map((t) => [t.name, { two: [], one: [] }]),
    );
    const second = cluster.apis[1]!;
    for (let round = 0; round < rounds; round++) {
      for (const t of targets) measured.get(t.name)!.two.push(await measureWarm(t));
      // SIGTERM: /api/ready answers 503, the proxy's checks take it out, then it exits.
      await second.stop();
      for (const t of targets) measured.get(t.name)!.one.push(await measureWarm(t));
      await second.start();
      // Until the proxy's checks have put it back (rise 2) and it answers again.
      for (let back = false; !back;) {
        const res = await fetch(cluster.proxy.url + apiPaths.me, { headers: auth });
        await res.arrayBuffer();
        back = res.headers.get('x-served-by') === second.name;
        if (!back) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      console.info(`  round ${round + 1} of ${rounds} done`);
    }
    const uptimeAfter = await uptime();
    const mean = (ms: Measured[], key: keyof Measured) =>
      ms.reduce((sum, m) => sum + m[key], 0) / ms.length;
    const lines = [
      `### Cluster: two API processes behind HAProxy against one, PostgreSQL`,
      '',
      `\`uptime\` before: ${uptimeBefore}`,
      `\`uptime\` after: ${uptimeAfter}`,
      '',
      `Maximum rate (${maxConnections} connections, no rate cap, ${seconds} s, mean of ${rounds} alternating rounds):`,
      '',
      '| target | 2 processes req/s | 1 process req/s | ratio | p99 ms (2 / 1) | errors (2 / 1) |',
      '| --- | --- | --- | --- | --- | --- |',
      ...targets.map((t) => {
        const { two, one } = measured.get(t.name)!;
        const failures = (ms: Measured[]) =>
          ms.reduce((sum, m) => sum + m.timeouts + m.errors + m.non2xx, 0);
        return `| ${t.name} | ${fmt(mean(two, 'rps'))} | ${fmt(mean(one, 'rps'))} | ${ratio(mean(two, 'rps'), mean(one, 'rps'))} | ${fmt(mean(two, 'p99'))} / ${fmt(mean(one, 'p99'))} | ${failures(two)} / ${failures(one)} |`;
      }),
      '',
      `Each round's req/s (2 / 1): ${targets
        .map((t) => {
          const { two, one } = measured.get(t.name)!;
          return `${t.name}: ${two.map((m, i) => `${fmt(m.rps)} / ${fmt(one[i]!.rps)}`).join(', ')}`;
        })
        .join('; ')}`,
      '',
    ];
    return lines.join('\n');
  } finally {
    await cluster.stop();
    removeClusterDir(dir);
    rmSync(webDist, { recursive: true, force: true });
  }
}

const started = performance.now();
console.info('Building the API (apps/server/dist/main.js)…');
await promisify(execFile)(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: serverRoot });
if (process.argv.includes('--cluster') || process.env.BENCH_CLUSTER === '1') {
  const text = `## ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, ${Math.round((performance.now() - started) / 1000)} s to build\n\n${await benchCluster()}`;
  console.info(`\n${text}`);
  if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, text);
  process.exit(0);
}
const barePort = await freePort();
const bare = await startBare(barePort);
const reports: string[] = [];
try {
  for (const kind of databases)
    reports.push(await benchDatabase(kind, `http://127.0.0.1:${barePort}`));
} finally {
  await stopChild(bare);
}
const cache = process.env.SESSION_CACHE_MS ?? '5000 (default)';
const header = `## ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores, SESSION_CACHE_MS ${cache}, ${Math.round((performance.now() - started) / 1000)} s in all\n`;
const text = [header, ...reports].join('\n');
console.info(`\n${text}`);
if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, text);
