import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsFromEnv } from './config.ts';
import { loadDemoIdentities, repoRoot } from './identities.ts';
import {
  KNOWN_WARNINGS,
  KNOWN_WARNINGS_NOTE,
  heldBackWarnings,
  withoutKnownWarningsSync,
} from './known-warnings.ts';
import { createLoginRateLimiter } from './login-rate-limit.ts';
import { startIdentityProvider, type RunningIdentityProvider } from './server.ts';
import { freePort } from './testing/free-port.ts';

describe('the sign-in form is rate limited per client address', () => {
  let running: RunningIdentityProvider;
  beforeAll(async () => {
    const port = await freePort();
    const settings = settingsFromEnv({ IDP_PORT: String(port), PORT: '3999' });
    running = await startIdentityProvider({
      issuer: settings.issuer,
      port,
      host: '127.0.0.1',
      clients: [settings.client],
      identities: loadDemoIdentities(),
      loginRateLimit: { max: 3, windowMs: 60_000 },
    });
  });
  afterAll(() => running?.close());

  const post = () =>
    fetch(`${running.url.replace('localhost', '127.0.0.1')}/interaction/some-uid/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'raNumber=2000000011',
    });

  it('answers the first posts, then 429 with Retry-After and a page that says what to do', async () => {
    // Without a live sign-in request these are refused as expired, but they are counted all the same.
    for (let i = 0; i < 3; i++) {
      const res = await post();
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('This sign-in has expired');
    }
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const html = await limited.text();
    expect(html).toContain('<h1>Too many sign-in attempts</h1>');
    expect(html).toMatch(/Wait \d+ seconds, then go back to the portal and choose Sign in again\./);
  });
});

describe('the in-memory login limiter', () => {
  it('counts per address, starts a new window when one ends, and forgets ended windows', () => {
    let now = 1_000_000;
    const limiter = createLoginRateLimiter({ max: 2, windowMs: 10_000 }, () => now);
    expect(limiter.hit('a')).toEqual({ allowed: true });
    expect(limiter.hit('a')).toEqual({ allowed: true });
    now += 4_000;
    expect(limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(limiter.hit('b')).toEqual({ allowed: true });
    now += 6_000;
    expect(limiter.hit('a')).toEqual({ allowed: true });
    now += 10_000;
    limiter.hit('c');
    // 'a' and 'b' had their windows end; only 'c' is kept.
    expect(limiter.size).toBe(1);
  });

  it('reads IDP_RATE_LIMIT_LOGIN', () => {
    expect(settingsFromEnv({}).loginRateLimit).toEqual({ max: 60, windowMs: 60_000 });
    expect(settingsFromEnv({ IDP_RATE_LIMIT_LOGIN: '5/2m' }).loginRateLimit).toEqual({
      max: 5,
      windowMs: 120_000,
    });
    expect(settingsFromEnv({ IDP_RATE_LIMIT_LOGIN: 'off' }).loginRateLimit).toBe(false);
    expect(() => settingsFromEnv({ IDP_RATE_LIMIT_LOGIN: 'lots' })).toThrow(
      'IDP_RATE_LIMIT_LOGIN must look like <max>/<window>, e.g. 60/1m; got "lots"',
    );
  });
});

describe("oidc-provider's known start-up warnings", () => {
  it('holds back exactly those two messages (coloured or not) and lets every other warning through', () => {
    const printed: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => printed.push(args);
    try {
      withoutKnownWarningsSync(() => {
        console.warn(`\x1b[31;1m${KNOWN_WARNINGS[0]}\x1b[0m`);
        console.warn(KNOWN_WARNINGS[1]);
        console.warn(`${KNOWN_WARNINGS[1]} and something new`);
        console.warn('oidc-provider WARNING: something else');
      });
      console.warn(KNOWN_WARNINGS[0]);
    } finally {
      console.warn = warn;
    }
    expect(printed).toEqual([
      [`${KNOWN_WARNINGS[1]} and something new`],
      ['oidc-provider WARNING: something else'],
      // Outside the provider's start-up nothing is held back.
      [KNOWN_WARNINGS[0]],
    ]);
    expect(heldBackWarnings()).toEqual(expect.arrayContaining([...KNOWN_WARNINGS]));
  });

  it('the CLI prints one line explaining them instead of the warnings', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(repoRoot, 'apps/identity-provider/src/main.ts')],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'development', IDP_PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      // The note follows the listening line; the test waits for it, not for a time.
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes(KNOWN_WARNINGS_NOTE)) resolve();
        });
        child.once('exit', (code) =>
          reject(new Error(`exited with ${code} before the note: ${stdout} ${stderr}`)),
        );
      });
    } finally {
      child.kill('SIGTERM');
    }
    expect(stdout).toContain(`Development identity provider listening on http://localhost:${port}`);
    expect(stderr).not.toContain('oidc-provider WARNING');
  });
});
