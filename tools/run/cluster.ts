/**
 * A cluster as an agency would run it: several API processes on one PostgreSQL behind HAProxy with the
 * repository's own configuration (deploy/haproxy.cfg), plus the development identity provider, mail catcher
 * and partner sandbox. `npm run cluster` (scripts/cluster.ts), the cluster tests
 * (apps/server/src/reliability/cluster.test.ts) and `npm run bench -- --cluster` start it through here
 * (docs/decisions/074-cluster-behind-haproxy.md).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './free-port.ts';
import { repoRoot, run, startService, waitForUrl } from './processes.ts';

/** The proxy's configuration template, the one production uses. */
export const PROXY_TEMPLATE = path.join(repoRoot, 'deploy/haproxy.cfg');
/** Where Debian's haproxy is unpacked when the machine has none installed. */
const HAPROXY_CACHE = path.join(repoRoot, '.cache/haproxy');

/** What the proxy needs to run: its binary and the shared libraries unpacked beside it. */
export interface ProxyBinary {
  command: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Debian's haproxy: the installed one (`HAPROXY_PATH`, /usr/sbin/haproxy), else the package and the
 * libraries it needs that this machine lacks, downloaded by apt-get and unpacked with `dpkg -x` into
 * .cache/haproxy. Nothing is installed system-wide and no service is started, so it needs no root
 * beyond what apt-get's download asks (docs/decisions/074-cluster-behind-haproxy.md).
 */
export async function ensureHaproxy(): Promise<ProxyBinary> {
  const given = process.env['HAPROXY_PATH'];
  if (given) return { command: given, env: {} };
  if (existsSync('/usr/sbin/haproxy')) return { command: '/usr/sbin/haproxy', env: {} };
  const root = path.join(HAPROXY_CACHE, 'root');
  const command = path.join(root, 'usr/sbin/haproxy');
  const libraryPath = () => {
    const lib = path.join(root, 'usr/lib');
    const dirs = existsSync(lib)
      ? readdirSync(lib)
          .filter((d) => d.endsWith('-linux-gnu'))
          .map((d) => path.join(lib, d))
      : [];
    return { LD_LIBRARY_PATH: [...dirs, process.env['LD_LIBRARY_PATH'] ?? ''].join(':') };
  };
  if (existsSync(command)) return { command, env: libraryPath() };
  console.info('Unpacking Debian haproxy into .cache/haproxy for the cluster…');
  const debs = path.join(HAPROXY_CACHE, 'debs');
  mkdirSync(path.join(debs, 'partial'), { recursive: true });
  // Downloads haproxy and exactly the dependencies this machine does not have, installs nothing.
  const download = () =>
    run(
      'apt-get',
      [
        'install',
        '-y',
        '-qq',
        '--no-install-recommends',
        '--download-only',
        '-o',
        `Dir::Cache::archives=${debs}`,
        'haproxy',
      ],
      { env: { DEBIAN_FRONTEND: 'noninteractive' } },
    );
  try {
    await download();
  } catch {
    // A fresh machine may have empty package lists.
    await run('apt-get', ['update', '-qq'], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
    await download();
  }
  for (const deb of readdirSync(debs).filter((f) => f.endsWith('.deb')))
    await run('dpkg', ['-x', path.join(debs, deb), root]);
  if (!existsSync(command)) throw new Error(`haproxy is still missing at ${command}`);
  return { command, env: libraryPath() };
}

/** The template with its listener and one `server` line per API process filled in. */
export function renderProxyConfig(
  template: string,
  options: { bind: string; servers: { name: string; port: number; host?: string }[] },
): string {
  const servers = options.servers
    .map((s) => `    server ${s.name} ${s.host ?? '127.0.0.1'}:${s.port}`)
    .join('\n');
  // Only the placeholders on lines of their own (the comments name them too).
  return template
    .replace(/^(\s*bind )\{\{bind\}\}$/m, `$1${options.bind}`)
    .replace(/^\{\{servers\}\}$/m, servers);
}

/** A running HAProxy over the given API ports. */
export interface Proxy {
  url: string;
  port: number;
  child: ChildProcess;
  /**
   * What the proxy said about itself and its servers (state changes, failed checks), kept apart from the
   * request lines, which would push them out of `log` under load.
   */
  events: () => string;
  stop: () => Promise<void>;
}

/** Starts HAProxy in the foreground on `port` with the rendered template; resolves once it answers. */
export async function startProxy(options: {
  port: number;
  servers: { name: string; port: number }[];
  dir: string;
  /** Adds X-Served-By to every answer (tests only). */
  servedBy?: boolean;
  echo?: boolean;
}): Promise<Proxy> {
  const binary = await ensureHaproxy();
  mkdirSync(options.dir, { recursive: true });
  const configFile = path.join(options.dir, 'haproxy.cfg');
  writeFileSync(
    configFile,
    renderProxyConfig(readFileSync(PROXY_TEMPLATE, 'utf8'), {
      bind: `127.0.0.1:${options.port}`,
      servers: options.servers,
    }),
  );
  const check = spawnSync(binary.command, ['-c', '-f', configFile], {
    env: { ...process.env, ...binary.env },
    encoding: 'utf8',
  });
  if (check.status !== 0)
    throw new Error(`haproxy refused ${configFile}:\n${check.stdout}${check.stderr}`);
  const child = spawn(binary.command, ['-db', '-f', configFile], {
    env: {
      ...process.env,
      ...binary.env,
      ...(options.servedBy ? { PCA_PROXY_SERVED_BY: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // What it said while starting, for the error if it never listens.
  let startOutput = '';
  let events: string[] = [];
  // Whole lines, as the proxy wrote them: a chunk of its output may end in the middle of one.
  const keep = (line: string) => {
    if (startOutput.length < 20_000) startOutput += `${line}\n`;
    // Request lines start with the client's address (log-format in deploy/haproxy.cfg).
    if (line && !/^[\d.:a-f]+ \[/.test(line)) events = [...events, line].slice(-200);
    if (options.echo && line) process.stdout.write(`[proxy] ${line}\n`);
  };
  createInterface({ input: child.stdout! }).on('line', keep);
  createInterface({ input: child.stderr! }).on('line', keep);
  const url = `http://127.0.0.1:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await waitForListening(options.port, child, () => startOutput);
  return {
    url,
    port: options.port,
    child,
    events: () => events.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // SIGUSR1 is HAProxy's soft stop: it stops listening and finishes what is in flight.
      child.kill('SIGUSR1');
      await exited;
    },
  };
}

/** Polls until something accepts connections on the port, failing early if the process exits. */
async function waitForListening(port: number, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    if (Date.now() > deadline)
      throw new Error(`nothing listening on ${port} in 30 s:\n${output()}`);
    const open = await fetch(`http://127.0.0.1:${port}/`, { method: 'HEAD' })
      .then(() => true)
      .catch(() => false);
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** One API process of the cluster, which can be stopped, killed and started again on its port. */
export interface ClusterApi {
  name: string;
  port: number;
  url: string;
  child: () => ChildProcess | undefined;
  /** Starts the process (again) and resolves once it answers /api/health. */
  start: () => Promise<void>;
  /** SIGTERM: drains and stops; resolves with its exit code. */
  stop: () => Promise<number | null>;
  /** SIGKILL, as a crash. */
  kill: () => Promise<void>;
}

export interface Cluster {
  proxy: Proxy;
  apis: ClusterApi[];
  /** The portal's public address: the proxy. */
  url: string;
  idpUrl: string;
  mailboxUrl: string;
  sandboxUrl: string;
  /** Every process's output so far (for a failing test's message). */
  output: () => string;
  stop: () => Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  /** Folder for the cluster's files (PGlite is not used; documents and the proxy's configuration). */
  dir: string;
  /** API processes behind the proxy (2). */
  apiCount?: number;
  /** TypeScript source (default) or the compiled server (apps/server/dist/main.js). */
  apiEntry?: string;
  /** Settings for every API process beyond the cluster's own. */
  apiEnv?: Record<string, string>;
  /** Print every process's output with its name (npm run cluster); otherwise kept for errors. */
  echo?: boolean;
  /** The proxy adds X-Served-By (tests). */
  servedBy?: boolean;
  /** Start the identity provider, mail catcher and sandbox too (default true). */
  devServices?: boolean;
  /** Start the partner sandbox and give the API its client (default true; development only). */
  sandbox?: boolean;
}

/** A partner token signing key shared by every API process: a token one signs, the others accept. */
function sharedPartnerTokenKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/**
 * Starts the development services, the API processes (all at once, each migrating under the advisory
 * lock) and HAProxy in front of them. Every port is free at start; nothing is fixed.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const apiCount = options.apiCount ?? 2;
  const devServices = options.devServices ?? true;
  const sandbox = devServices && (options.sandbox ?? true);
  const taken: number[] = [];
  const port = async () => {
    let p = await freePort();
    while (taken.includes(p)) p = await freePort();
    taken.push(p);
    return p;
  };
  const [proxyPort, idpPort, mailSmtpPort, mailWebPort, sandboxPort] = [
    await port(),
    await port(),
    await port(),
    await port(),
    await port(),
  ];
  const apiPorts: number[] = [];
  for (let i = 0; i < apiCount; i++) apiPorts.push(await port());
  mkdirSync(options.dir, { recursive: true });
  const publicUrl = `http://localhost:${proxyPort}`;
  const sandboxClientId = 'medifund-sandbox';
  const sandboxSecret = randomBytes(32).toString('base64url');
  let output = '';
  const children: ChildProcess[] = [];
  const watch = (name: string, child: ChildProcess) => {
    children.push(child);
    // Whole lines: a chunk of output may end in the middle of one.
    const keep = (line: string) => {
      if (line) output = (output + `[${name}] ${line}\n`).slice(-100_000);
    };
    for (const stream of [child.stdout, child.stderr])
      if (stream) createInterface({ input: stream }).on('line', keep);
    return child;
  };
  const service = (name: string, entry: string, env: NodeJS.ProcessEnv) =>
    watch(name, options.echo ? startService(name, entry, env) : startQuiet(entry, env));

  const shared = {
    NODE_ENV: 'development',
    PORT: String(proxyPort),
    PUBLIC_URL: publicUrl,
    IDP_PORT: String(idpPort),
    MAIL_SMTP_PORT: String(mailSmtpPort),
    MAIL_WEB_PORT: String(mailWebPort),
  };
  if (devServices) {
    service('identity-provider', 'apps/identity-provider/src/main.ts', shared);
    service('mail-catcher', 'apps/mail-catcher/src/main.ts', shared);
  }

  const apiEnv: Record<string, string> = {
    ...shared,
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    // Shared by every process: documents on this machine's disk (one machine), the development
    // bank-account key derived from it, and one partner token key, so any process accepts a token
    // another signed (deploy/README.md).
    DATA_DIR: options.dir,
    PARTNER_TOKEN_PRIVATE_KEY: sharedPartnerTokenKey(),
    ...(devServices
      ? {
          OIDC_ISSUER: `http://localhost:${idpPort}`,
          SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
          PARTNER_SANDBOX_URL: `http://localhost:${sandboxPort}`,
        }
      : {}),
    ...(sandbox ? { PARTNER_SANDBOX_CLIENT: `medifund:${sandboxClientId}:${sandboxSecret}` } : {}),
    // The proxy is the one hop the API believes about the client's address.
    TRUST_PROXY: '1',
    // Long enough for the proxy's checks (fall 2 × inter 1 s) to see a stopping process as not ready
    // before it stops listening (deploy/haproxy.cfg, docs/decisions/074-cluster-behind-haproxy.md).
    SHUTDOWN_DRAIN_MS: '3000',
    LOG_LEVEL: 'warn',
    ...(process.env['WEB_DIST'] ? { WEB_DIST: process.env['WEB_DIST'] } : {}),
    ...options.apiEnv,
  };
  const entry = options.apiEntry ?? 'apps/server/src/main.ts';
  const apis: ClusterApi[] = apiPorts.map((apiPort, i) => {
    const name = `api${i + 1}`;
    let child: ChildProcess | undefined;
    let exited: Promise<number | null> = Promise.resolve(null);
    const url = `http://127.0.0.1:${apiPort}`;
    return {
      name,
      port: apiPort,
      url,
      child: () => child,
      async start() {
        child = service(name, entry, { ...apiEnv, PORT: String(apiPort) });
        const started = child;
        exited = new Promise((resolve) => started.once('exit', (code) => resolve(code)));
        await waitForHealthy(`${url}/api/health`, started, () => output);
      },
      async stop() {
        if (!child || child.exitCode !== null || child.signalCode !== null)
          return child?.exitCode ?? null;
        child.kill('SIGTERM');
        return exited;
      },
      async kill() {
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGKILL');
        await exited;
      },
    };
  });

  const stop = async () => {
    await Promise.all(apis.map((a) => a.stop()));
    await proxy?.stop();
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) resolve();
            else c.once('exit', () => resolve());
          }),
      ),
    );
  };

  let proxy: Proxy | undefined;
  // Last resort when this process exits without stop() (an uncaught error, or a signal handler that
  // exits at once, as `run`'s does): the API processes notice through their IPC channel, the proxy would
  // not, so every process still running is sent SIGTERM here.
  process.on('exit', () => {
    for (const child of [...children, ...(proxy ? [proxy.child] : [])])
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  });
  try {
    if (devServices)
      await Promise.all([
        waitForUrl(`http://localhost:${idpPort}/.well-known/openid-configuration`),
        waitForUrl(`http://127.0.0.1:${mailWebPort}/api/messages`),
      ]);
    // Together, as a deployment's processes start: the advisory lock lets one migrate (and seed an
    // empty database) while the others wait (docs/decisions/074-cluster-behind-haproxy.md).
    await Promise.all(apis.map((a) => a.start()));
    proxy = await startProxy({
      port: proxyPort,
      servers: apis.map((a) => ({ name: a.name, port: a.port })),
      dir: options.dir,
      servedBy: options.servedBy,
      echo: options.echo,
    });
    if (sandbox) {
      service('partner-sandbox', 'apps/partner-sandbox/src/main.ts', {
        SANDBOX_PORT: String(sandboxPort),
        PORTAL_URL: publicUrl,
        SANDBOX_CLIENT_ID: sandboxClientId,
        SANDBOX_CLIENT_SECRET: sandboxSecret,
        SANDBOX_PUBLIC_URL: `http://localhost:${sandboxPort}`,
      });
      await waitForUrl(`http://127.0.0.1:${sandboxPort}/health`);
    }
  } catch (error) {
    await stop();
    throw new Error(`The cluster did not start: ${(error as Error).message}\n${output}`);
  }
  return {
    proxy,
    apis,
    url: publicUrl,
    idpUrl: `http://localhost:${idpPort}`,
    mailboxUrl: `http://localhost:${mailWebPort}`,
    sandboxUrl: `http://localhost:${sandboxPort}`,
    output: () => output,
    stop,
  };
}

/** A service whose output is kept, not printed (tests): its own session, as startService does. */
function startQuiet(entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  return spawn(process.execPath, [...loader, entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
}

async function waitForHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode ?? child.signalCode})`);
    if (Date.now() > deadline) throw new Error(`${url} did not answer within 120 s:\n${output()}`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Removes the cluster's folder (not the database). */
export function removeClusterDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
}
