/**
 * CLI entry of the development identity provider (`node --import tsx apps/identity-provider/src/main.ts`).
 * Refuses to start with NODE_ENV=production.
 */
import { stopOnSignals } from '@pca/dev-services';
import { settingsFromEnv } from './config.ts';
import { loadDemoIdentities } from './identities.ts';
import { KNOWN_WARNINGS_NOTE, heldBackWarnings } from './known-warnings.ts';
import { productionRefusal } from './production-guard.ts';
import { startIdentityProvider } from './server.ts';

const refusal = productionRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

const settings = settingsFromEnv(process.env);
const identities = loadDemoIdentities();
const running = await startIdentityProvider({
  issuer: settings.issuer,
  port: settings.port,
  host: settings.host,
  clients: [settings.client],
  identities,
  loginRateLimit: settings.loginRateLimit,
});
console.info(
  `Development identity provider listening on ${running.url} (${identities.length} demo identities; sessions are kept in memory)`,
);
if (heldBackWarnings().length > 0) console.info(KNOWN_WARNINGS_NOTE);

// Requests in flight finish first (bounded), so Ctrl+C never cuts a sign-in mid-way.
stopOnSignals('identity provider', running.close);
