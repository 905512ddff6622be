/**
 * CLI entry of the clinical-system stand-in (`node --import tsx apps/clinical-system/src/main.ts`), started by
 * `npm start`. Reads CIS_PORT (3006), PORTAL_URL (the portal's address, http://localhost:3000 by default),
 * CIS_CLIENTS and CIS_APP_LAUNCH_URL. Refuses to start with NODE_ENV=production.
 */
import { portFrom, stopOnSignals } from '@pca/dev-services';
import { heldBackWarnings } from '@pca/identity-provider/known-warnings';
import { productionRefusal } from './production-guard.ts';

const refusal = productionRefusal(process.env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}

// Loaded after the check, so nothing of the authorisation server is set up in production.
const { startClinicalSystem } = await import('./server.ts');
let running;
try {
  running = await startClinicalSystem({
    port: portFrom(process.env['CIS_PORT'], 3006, 'CIS_PORT'),
    portalUrl: process.env['PORTAL_URL'] ?? 'http://localhost:3000',
  });
} catch (error) {
  console.error(
    `The clinical system did not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
console.info(`Clinical system on ${running.url}/ (FHIR ${running.iss})`);
if (heldBackWarnings().length > 0)
  console.info(
    "oidc-provider's warnings about Node.js 22 and its in-memory store were held back: they do not apply to" +
      ' this development-only stand-in (apps/clinical-system/README.md).',
  );

stopOnSignals('clinical system', running.close);
