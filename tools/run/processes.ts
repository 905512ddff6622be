import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Repository root (scripts live one level below it). */
export const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Process groups of commands `run` has started and not yet seen end. */
const runningGroups = new Set<number>();
let forwardingSignals = false;

/** A signal that stops this process stops every command it has running too (they lead groups of their own). */
function forwardSignals() {
  if (forwardingSignals) return;
  forwardingSignals = true;
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
  ] as const)
    process.on(signal, () => {
      for (const group of runningGroups) killGroup(group, signal);
      process.exit(128 + number);
    });
}

const duration = (ms: number) =>
  ms >= 120_000 ? `${Math.round(ms / 60_000)} minutes` : `${Math.round(ms / 1000)} s`;

function killGroup(group: number, signal: NodeJS.Signals) {
  try {
    process.kill(-group, signal);
  } catch {
    // already gone
  }
}

/**
 * Runs a command to completion, inheriting stdio; rejects with its exit code. With `timeoutMs`, a command
 * still running then is stopped with everything it started (its process group: SIGTERM, SIGKILL 10 s
 * later) and the call rejects saying so — a hung step fails in minutes, named, rather than at CI's limit.
 */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
) {
  const name = `${command} ${args.join(' ')}`;
  const limitMs = options.timeoutMs;
  return new Promise<void>((resolve, reject) => {
    forwardSignals();
    const child = spawn(command, args, {
      stdio: 'inherit',
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      detached: true,
    });
    const group = child.pid;
    if (group) runningGroups.add(group);
    let timedOut = false;
    let kill: NodeJS.Timeout | undefined;
    const limit = limitMs
      ? setTimeout(() => {
          timedOut = true;
          console.error(`\n${name} is still running after ${duration(limitMs)}; stopping it.`);
          if (group) killGroup(group, 'SIGTERM');
          kill = setTimeout(() => group && killGroup(group, 'SIGKILL'), 10_000);
        }, limitMs)
      : undefined;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(limit);
      // Whatever the command left behind in its group goes with it.
      if (group) {
        killGroup(group, 'SIGKILL');
        runningGroups.delete(group);
      }
      clearTimeout(kill);
      if (timedOut) reject(new Error(`${name} did not end within ${duration(limitMs!)}`));
      else if (code === 0) resolve();
      else reject(new Error(`${name} exited with ${code ?? signal}`));
    });
  });
}

/**
 * Starts a long-running entry point, prefixing its output: TypeScript with tsx, JavaScript (a compiled
 * build) with node alone. The IPC channel lets the service notice when this process dies without stopping
 * it (the channel closes: it stops too). Each service leads a session of its own, as Playwright's
 * `webServer` and browsers do: Linux shares the CPU between sessions (autogroups) before processes, so on
 * a busy machine servers sharing the test runner's session starve its workers and the browser's pages
 * (docs/decisions/052-ci-budget.md).
 */
export function startService(name: string, entry: string, env: NodeJS.ProcessEnv): ChildProcess {
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child = spawn(process.execPath, [...loader, entry], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  const prefix = (chunk: Buffer) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (c: Buffer) => process.stdout.write(prefix(c)));
  child.stderr?.on('data', (c: Buffer) => process.stderr.write(prefix(c)));
  return child;
}

/** Polls a URL until it answers 2xx (or the deadline passes). */
export async function waitForUrl(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** How long services may take to stop gracefully before they are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * Keeps services running until this process is asked to stop (SIGINT/SIGTERM) or one of them stops on
 * its own, then stops the others gracefully (SIGTERM, SIGKILL after a grace period) and exits: 0 when
 * asked to stop and every service stopped cleanly, otherwise non-zero. No orphan keeps a port.
 */
export function superviseServices(services: { name: string; child: ChildProcess }[]) {
  let stopping = false;
  const running = () =>
    services.filter((s) => s.child.exitCode === null && s.child.signalCode === null);
  const exited = (s: { child: ChildProcess }) =>
    new Promise<void>((resolve) => {
      if (s.child.exitCode !== null || s.child.signalCode !== null) resolve();
      else s.child.once('exit', () => resolve());
    });

  async function stopAll(exitCode: number) {
    if (stopping) return;
    stopping = true;
    for (const s of running()) s.child.kill('SIGTERM');
    const kill = setTimeout(() => {
      for (const s of running()) {
        console.error(`The ${s.name} did not stop within ${STOP_GRACE_MS / 1000} s; killing it.`);
        s.child.kill('SIGKILL');
      }
    }, STOP_GRACE_MS);
    await Promise.all(services.map(exited));
    clearTimeout(kill);
    const unclean = services.filter((s) => s.child.exitCode !== 0);
    process.exit(exitCode || (unclean.length ? 1 : 0));
  }

  for (const s of services) {
    s.child.on('exit', (code, signal) => {
      if (stopping) return;
      console.error(`The ${s.name} stopped (${signal ?? `exit ${code}`}); stopping.`);
      void stopAll(code || 1);
    });
  }
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  // Last resort when this process exits some other way (an uncaught error).
  process.on('exit', () => {
    for (const s of running()) s.child.kill('SIGTERM');
  });
}
