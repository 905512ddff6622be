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
