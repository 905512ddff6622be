import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { portFromEnv } from '../tools/run/free-port.ts';
import {
  journeyServices,
  needsSandbox,
  serverEnvOfRun,
  type JourneyService,
} from '../tools/run/server-env.ts';

const root = path.resolve(import.meta.dirname, '..');
// scripts/e2e.ts passes free ports; run directly, the config picks its own (never fixed ones, which
// collide with anything else on the machine).
const port = await portFromEnv('E2E_PORT');
const idpPort = await portFromEnv('E2E_IDP_PORT', [port]);
const mailSmtpPort = await portFromEnv('E2E_MAIL_SMTP_PORT', [port, idpPort]);
const mailWebPort = await portFromEnv('E2E_MAIL_WEB_PORT', [port, idpPort, mailSmtpPort]);
const sandboxPort = await portFromEnv('E2E_SANDBOX_PORT', [
  port,
  idpPort,
  mailSmtpPort,
  mailWebPort,
]);
const cisPort = await portFromEnv('E2E_CIS_PORT', [
  port,
  idpPort,
  mailSmtpPort,
  mailWebPort,
  sandboxPort,
]);
process.env['E2E_SANDBOX_URL'] = `http://127.0.0.1:${sandboxPort}`;
// Every run has the clinical-system stand-in; a spec reads its address (and its FHIR base, `${url}/fhir`) here.
process.env['E2E_CIS_URL'] = `http://127.0.0.1:${cisPort}`;
// The journeys read the mail the portal sent from this mail catcher (the `mailbox` fixture); written to
// the environment so Playwright's workers see it too.
process.env['E2E_MAILBOX_URL'] = `http://127.0.0.1:${mailWebPort}/`;
// scripts/e2e.ts starts the servers itself (once per lane, the API once per spec file on a fresh copy of
// the seeded world: docs/decisions/052-ci-budget.md) and says so; run directly, Playwright starts them.
const serversRunning = process.env['E2E_SERVERS_RUNNING'] === '1';
const specEnv = serverEnvOfRun();
const running = journeyServices(
  { port, idpPort, mailSmtpPort, mailWebPort, sandboxPort, cisPort },
  // Every run starts from a freshly seeded demo world, so journeys that change data are repeatable.
  {
    dataDir: serversRunning
      ? ''
      : (process.env['E2E_DATA_DIR'] ?? mkdtempSync(path.join(os.tmpdir(), 'pca-e2e-'))),
    specEnv,
  },
);
// A spec file that asks for the partner sandbox (tools/run/server-env.ts) finds it here.
const services: JourneyService[] = [
  running.identityProvider,
  running.mailCatcher,
  running.api,
  running.clinicalSystem,
  ...(needsSandbox(specEnv) ? [running.partnerSandbox] : []),
];
const jsonOut = process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'];

export default defineConfig({
  testDir: './tests',
  // One folder per port, so parallel runs on one machine keep each other's traces.
  outputDir: path.join(root, 'test-results', `playwright-${port}`),
  fullyParallel: false,
  workers: 1,
  // No retries, in CI too: a flaky journey is a failure with its name, fixed at its cause (wait on state,
  // not time; docs/decisions/052-ci-budget.md).
  retries: 0,
  // CI machines are shared: two full runs side by side (load 10 on 2 cores) took a long journey past 60 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: jsonOut ? [['list'], ['json', { outputFile: jsonOut }]] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    // Recording a trace costs every journey about a sixth of its CPU, passed or not, and CI keeps no
    // files: a failing journey is run again with `--trace on` (docs/decisions/089-journey-cpu.md).
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // One command starts the identity provider, the mail catcher, the API, the clinical system and (when asked) the partner sandbox
  // side by side, and says when all of them answer (e2e/support/servers.ts).
  ...(serversRunning
    ? {}
    : {
        webServer: {
          command: 'node --import tsx e2e/support/servers.ts',
          cwd: root,
          env: { E2E_SERVICES: JSON.stringify(services) },
          wait: { stdout: /SERVERS_READY/ },
          reuseExistingServer: false,
          timeout: 120_000,
        },
      }),
});
