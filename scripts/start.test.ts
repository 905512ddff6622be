import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { alive, childrenOf } from '../tools/run/process-table.ts';
import { repoRoot } from '../tools/run/processes.ts';
import { freePort } from '../tools/run/free-port.ts';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

it('npm start prints its banner after the services (identity provider, mail catcher, API, partner sandbox, clinical system) start, and on SIGTERM stops them all and exits 0', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pca-start-'));
  // A web build folder already up to date, so this test is about the process tree, not the SPA build.
  const webDist = mkdtempSync(path.join(tmpdir(), 'pca-start-web-'));
  writeFileSync(path.join(webDist, 'build-info.json'), '{}');
  cleanups.push(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });
  const sandboxPort = await freePort();
  const cisPort = await freePort();
  const start = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(await freePort()),
      IDP_PORT: String(await freePort()),
      MAIL_SMTP_PORT: String(await freePort()),
      MAIL_WEB_PORT: String(await freePort()),
      SANDBOX_PORT: String(sandboxPort),
      CIS_PORT: String(cisPort),
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => {
    if (start.exitCode === null) start.kill('SIGKILL');
  });
  let stdout = '';
  start.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  const exited = once(start, 'exit');
  await new Promise<void>((resolve, reject) => {
    start.stdout.on('data', () => stdout.includes('Stop: Ctrl+C') && resolve());
    void exited.then(() => reject(new Error(`npm start exited early:\n${stdout}`)));
  });

  // The banner comes last: after the services' own start-up lines, and no request lines after it.
  const banner = stdout.indexOf('Provider Connect Australia is running');
  expect(
    stdout.indexOf('[identity-provider] Development identity provider listening'),
  ).toBeLessThan(banner);
  expect(stdout.indexOf('[api] Server listening')).toBeLessThan(banner);
  expect(stdout.indexOf('[mail-catcher] Development mail catcher: SMTP on')).toBeLessThan(banner);
  expect(stdout).toContain('[mail-catcher] Development mail catcher: SMTP on');
  expect(stdout).toMatch(/Mailbox: +http:\/\/localhost:\d+\//);
  expect(stdout).not.toMatch(/\[api\] GET \/api\/health/);
  expect(stdout.indexOf('[partner-sandbox] Partner sandbox on')).toBeLessThan(banner);
  expect(stdout).toMatch(/Partner sandbox: +http:\/\/localhost:\d+\//);
  // The sandbox reads what is published to MediFund with the credentials made for this run.
  const published = await fetch(`http://127.0.0.1:${sandboxPort}/?postcode=2010`);
  expect(published.status).toBe(200);
  expect(await published.text()).toContain('Harbour General Practice Surry Hills');
  // The clinical system sends people back to this run's portal.
  expect(stdout.indexOf('[clinical-system] Clinical system on')).toBeLessThan(banner);
  expect(stdout).toMatch(/Clinical system: +http:\/\/127\.0\.0\.1:\d+\//);
  const smart = await fetch(`http://127.0.0.1:${cisPort}/fhir/.well-known/smart-configuration`);
  expect(smart.status).toBe(200);

  const services = childrenOf(start.pid!).filter((pid) =>
    /main\.ts/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8')),
  );
  expect(services).toHaveLength(5);

  start.kill('SIGTERM');
  const [code] = await exited;
  expect(code).toBe(0);
  // The supervisor waits for its services, so they are gone by the time it exits.
  expect(services.filter(alive)).toEqual([]);
  expect(stdout).toMatch(/\[api\] Stopped\./);
}, 120_000);
