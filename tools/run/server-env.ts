/**
 * The journeys' API server environment beyond e2e/playwright.config.ts's defaults. scripts/e2e.ts gives
 * each spec file its own servers on a freshly seeded world, so a file may ask for a server set up
 * differently (`serverEnvOfSpec`) without changing what any other file sees; it reaches the config as
 * `E2E_SERVER_ENV` (JSON).
 */

/**
 * The partner sandbox's client credentials in the journeys that run it (partners.spec.ts): the API gives
 * the sandbox's client system this secret's hash at start, as `npm start` does with a fresh one.
 */
export const SANDBOX_CLIENT_ID = 'medifund-sandbox';
export const SANDBOX_CLIENT_SECRET = 'e2e-partner-sandbox-client-secret-of-enough-length';

/**
 * The partner sandbox's address in the demo world the journeys run on. The world is seeded once per run,
 * before any lane's sandbox has a port, so its online-form task names this address; the tasks journey plays
 * the partner's form there itself (e2e/tests/tasks.spec.ts).
 */
export const SEEDED_SANDBOX_URL = 'http://127.0.0.1:3004';

/**
 * A spec file's own server environment, by file name. The reminder job is off everywhere else, since the
 * journeys assert the demo world as seeded (docs/decisions/027-reminders.md); reminders.spec.ts runs it
 * at the server's start to see what it creates.
 */
export const serverEnvOfSpec: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'reminders.spec.ts': { REMINDER_JOB_INTERVAL_MS: '3600000' },
  // The partner journeys run the partner sandbox beside the API (e2e/playwright.config.ts).
  'partners.spec.ts': {
    PARTNER_SANDBOX_CLIENT: `medifund:${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`,
  },
  // The bank-account journey's sandbox reads the account Alice shares with MediFund (docs/decisions/058-bank-account.md).
  'bank-account.spec.ts': {
    PARTNER_SANDBOX_CLIENT: `medifund:${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`,
  },
  // The partner services journey watches MediFund's view pause and resume (docs/decisions/064-partner-services.md).
  'partner-services.spec.ts': {
    PARTNER_SANDBOX_CLIENT: `medifund:${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`,
  },
  // The notification journey sends its unsafe message as MediFund through the partner API (the demo
  // world seeds no test message: issue 30).
  'notifications.spec.ts': {
    PARTNER_SANDBOX_CLIENT: `medifund:${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`,
  },
};

/** `E2E_SERVER_ENV` for a spec file ('' when it needs nothing of its own). */
export function serverEnvFor(specPath: string): string {
  const env = serverEnvOfSpec[specPath.split(/[\\/]/).pop() ?? ''];
  return env ? JSON.stringify(env) : '';
}

/** The environment scripts/e2e.ts gave this run's server (for a spec to check it got its own). */
export function serverEnvOfRun(): Record<string, string> {
  const given = process.env['E2E_SERVER_ENV'];
  return given ? (JSON.parse(given) as Record<string, string>) : {};
}

/** One service of a journey run (started by scripts/e2e.ts, or by e2e/support/servers.ts when run alone). */
export interface JourneyService {
  name: string;
  /** A TypeScript entry (run through tsx) or a JavaScript one (run by node itself). */
  entry: string;
  env: Record<string, string>;
  readyUrl: string;
  readyWithinMs: number;
}

/** The ports of one run's services, as scripts/e2e.ts passes them (E2E_PORT…). */
export interface JourneyPorts {
  port: number;
  idpPort: number;
  mailSmtpPort: number;
  mailWebPort: number;
  sandboxPort: number;
  /** The clinical-system stand-in (apps/clinical-system), which every lane runs. */
  cisPort: number;
}

/** The compiled API (`npm run build:server`), which the journeys run when scripts/e2e.ts has built it. */
export const COMPILED_API_ENTRY = 'apps/server/dist/main.js';

/**
 * The services of a journey run: the identity provider, the mail catcher, the clinical system and the partner
 * sandbox can serve every spec file of a lane, the API serves one spec file on its own copy of the seeded world (`dataDir`),
 * with the file's own environment (`specEnv`, from `serverEnvFor`).
 */
export function journeyServices(
  ports: JourneyPorts,
  options: { dataDir: string; specEnv?: Record<string, string>; apiEntry?: string },
) {
  const { port, idpPort, mailSmtpPort, mailWebPort, sandboxPort, cisPort } = ports;
  const env: Record<string, string> = {
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
    DATA_DIR: options.dataDir,
    // The seeded online-form task's form, the same address as in the world scripts/e2e.ts seeds once.
    PARTNER_SANDBOX_URL: SEEDED_SANDBOX_URL,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    // Parallel runs (several developers on one machine) can each build and serve their own SPA.
    ...(process.env['WEB_DIST'] ? { WEB_DIST: process.env['WEB_DIST'] } : {}),
    ...options.specEnv,
  };
  const identityProvider: JourneyService = {
    name: 'identity-provider',
    entry: 'apps/identity-provider/src/main.ts',
    env,
    readyUrl: `http://localhost:${idpPort}/.well-known/openid-configuration`,
    readyWithinMs: 60_000,
  };
  const mailCatcher: JourneyService = {
    name: 'mail-catcher',
    entry: 'apps/mail-catcher/src/main.ts',
    env,
    readyUrl: `http://127.0.0.1:${mailWebPort}/api/messages`,
    readyWithinMs: 60_000,
  };
  const api: JourneyService = {
    name: 'api',
    entry: options.apiEntry ?? 'apps/server/src/main.ts',
    env,
    readyUrl: `http://localhost:${port}/api/health`,
    readyWithinMs: 120_000,
  };
  const partnerSandbox: JourneyService = {
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
  };
  // The practice's clinical software the portal connects to (docs/decisions/068-clinical-system-stand-in.md);
  // its default clients send people back to this lane's portal.
  const clinicalSystem: JourneyService = {
    name: 'clinical-system',
    entry: 'apps/clinical-system/src/main.ts',
    env: {
      CIS_PORT: String(cisPort),
      PORTAL_URL: `http://localhost:${port}`,
      NODE_ENV: 'development',
    },
    readyUrl: `http://127.0.0.1:${cisPort}/health`,
    readyWithinMs: 60_000,
  };
  return { identityProvider, mailCatcher, api, partnerSandbox, clinicalSystem };
}

/** Whether a spec file's API talks to the partner sandbox (which must then run beside it). */
export const needsSandbox = (specEnv: Record<string, string>) =>
  Boolean(specEnv['PARTNER_SANDBOX_CLIENT']);
