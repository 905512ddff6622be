import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { portFromEnv } from './support/free-port.ts';
import type { E2eService } from './support/servers.ts';
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, serverEnvOfRun } from './support/server-env.ts';

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
// A spec file that asks for the partner sandbox (e2e/support/server-env.ts) finds it here.
const withSandbox = Boolean(serverEnvOfRun()['PARTNER_SANDBOX_CLIENT']);
process.env['E2E_SANDBOX_URL'] = `http://127.0.0.1:${sandboxPort}`;
// The journeys read the mail the portal sent from this mail catcher (the `mailbox` fixture); written to
// the environment so Playwright's workers see it too.
process.env['E2E_MAILBOX_URL'] = `http://127.0.0.1:${mailWebPort}/`;
// Every run starts from a freshly seeded demo world, so journeys that change data are repeatable.
const dataDir = process.env['E2E_DATA_DIR'] ?? mkdtempSync(path.join(os.tmpdir(), 'pca-e2e-'));
const env = {
  PORT: String(port),
  IDP_PORT: String(idpPort),
  MAIL_SMTP_PORT: String(mailSmtpPort),
  MAIL_WEB_PORT: String(mailWebPort),
  SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
  // Mail reaches the mailbox within a quarter of a second of the change that queued it.
  MAIL_POLL_MS: '250',
  // The journeys assert the demo world as seeded: the reminder job would add Alice a task and a
  // notification at start-up (docs/decisions/027-reminders.md).
  REMINDER_JOB_INTERVAL_MS: '0',
  DATA_DIR: dataDir,
  // The seeded online-form task opens the partner sandbox's form (running when a spec asks for it).
  PARTNER_SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  // Parallel runs (several developers on one machine) can each build and serve their own SPA.
  ...(process.env['WEB_DIST'] ? { WEB_DIST: process.env['WEB_DIST'] } : {}),
  // What this run's spec file asks of its server (e2e/support/server-env.ts; set by scripts/e2e.ts).
  ...serverEnvOfRun(),
};
const services: E2eService[] = [
  {
    name: 'identity-provider',
    entry: 'apps/identity-provider/src/main.ts',
    env,
    readyUrl: `http://localhost:${idpPort}/.well-known/openid-configuration`,
    readyWithinMs: 60_000,
  },
  {
    name: 'mail-catcher',
    entry: 'apps/mail-catcher/src/main.ts',
    env,
    readyUrl: `http://127.0.0.1:${mailWebPort}/api/messages`,
    readyWithinMs: 60_000,
  },
  {
    name: 'api',
    entry: 'apps/server/src/main.ts',
    env,
    readyUrl: `http://localhost:${port}/api/health`,
    readyWithinMs: 120_000,
  },
  ...(withSandbox
    ? [
        {
          name: 'partner-sandbox',
          entry: 'apps/partner-sandbox/src/main.ts',
          env: {
            SANDBOX_PORT: String(sandboxPort),
            PORTAL_URL: `http://localhost:${port}`,
            SANDBOX_CLIENT_ID,
            SANDBOX_CLIENT_SECRET,
            // Its online form's address, as the browser reaches it (the portal sends people there).
            SANDBOX_PUBLIC_URL: `http://127.0.0.1:${sandboxPort}`,
          },
          readyUrl: `http://127.0.0.1:${sandboxPort}/health`,
          readyWithinMs: 60_000,
        },
      ]
    : []),
];
const jsonOut = process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'];

export default defineConfig({
  testDir: './tests',
  // One folder per port, so parallel runs on one machine keep each other's traces.
  outputDir: path.join(root, 'test-results', `playwright-${port}`),
  fullyParallel: false,
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  // CI machines are shared: two full runs side by side (load 10 on 2 cores) took a long journey past 60 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: jsonOut ? [['list'], ['json', { outputFile: jsonOut }]] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
    trace: 'retain-on-failure',
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
  // One command starts the identity provider, the mail catcher, the API and (when asked) the partner sandbox
  // side by side, and says when all of them answer (e2e/support/servers.ts).
  webServer: {
    command: 'node --import tsx e2e/support/servers.ts',
    cwd: root,
    env: { E2E_SERVICES: JSON.stringify(services) },
    wait: { stdout: /SERVERS_READY/ },
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
