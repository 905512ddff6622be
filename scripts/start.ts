/**
 * `npm start`: builds what is needed, then starts the development identity provider and the API
 * (which migrates, seeds an empty database and serves the SPA). Honours PORT, IDP_PORT, DATA_DIR, DATABASE_URL.
 */
import { buildWebIfNeeded } from './lib/build-web.ts';
import { startService, superviseServices, waitForUrl } from './lib/processes.ts';
import { demoIdentities } from './lib/world.ts';

const started = Date.now();
const port = process.env['PORT'] ?? '3000';
const idpPort = process.env['IDP_PORT'] ?? '3001';
const env = { PORT: port, IDP_PORT: idpPort };

console.log('Provider Connect: preparing…');
if (await buildWebIfNeeded()) console.log('Built the web app.');

const idp = startService('identity-provider', 'apps/identity-provider/src/main.ts', env);
const api = startService('api', 'apps/server/src/main.ts', env);
// Ctrl+C or SIGTERM stops both gracefully (requests in flight finish), then this process exits.
superviseServices([
  { name: 'identity provider', child: idp },
  { name: 'API', child: api },
]);

await Promise.all([
  waitForUrl(`http://localhost:${idpPort}/.well-known/openid-configuration`),
  waitForUrl(`http://localhost:${port}/api/health`, 120_000),
]);

const rows = demoIdentities().map(
  (i) => `  ${i.raNumber}  ${`${i.givenName} ${i.familyName}`.padEnd(20)} ${i.note}`,
);
console.log(`
Provider Connect Australia is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Portal:             http://localhost:${port}/
  Identity provider:  http://localhost:${idpPort}/  (development stand-in for the provider-login service)
  Database:           ${process.env['DATABASE_URL'] ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${process.env['DATA_DIR'] ?? './.data'}`}

Demo identities (RA numbers to sign in with):
${rows.join('\n')}

Reset the demo world: npm run reset-demo      Stop: Ctrl+C
`);
