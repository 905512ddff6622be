/**
 * `npm start`: builds what is needed, then starts the development identity provider, the development mail
 * catcher and the API (which migrates, seeds an empty database, serves the SPA and sends its mail to the
 * catcher), and the partner sandbox playing MediFund against the partner API with client credentials made for
 * this run, and the clinical-system stand-in the portal connects to. Honours PORT, IDP_PORT, MAIL_SMTP_PORT,
 * MAIL_WEB_PORT, SANDBOX_PORT, CIS_PORT, SMTP_URL, DATA_DIR,
 * DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { buildWebIfNeeded } from './lib/build-web.ts';
import { startService, superviseServices, waitForUrl } from '../tools/run/processes.ts';
import { demoIdentities } from './lib/world.ts';

const started = Date.now();
const port = process.env['PORT'] ?? '3000';
const idpPort = process.env['IDP_PORT'] ?? '3001';
const mailSmtpPort = process.env['MAIL_SMTP_PORT'] ?? '3025';
const mailWebPort = process.env['MAIL_WEB_PORT'] ?? '3002';
const sandboxPort = process.env['SANDBOX_PORT'] ?? '3004';
const cisPort = process.env['CIS_PORT'] ?? '3006';
// The partner sandbox's credentials are made afresh each run and handed to both sides: the API gives its
// client system this secret's hash (docs/decisions/030-publishing-to-partners.md, "The partner sandbox").
const sandboxClientId = 'medifund-sandbox';
const sandboxSecret = randomBytes(32).toString('base64url');
// Mail goes to the development mail catcher unless SMTP_URL names another relay
// (docs/decisions/019-mail-outbox-and-catcher.md).
const ownRelay = process.env['SMTP_URL'];
const env = {
  PORT: port,
  IDP_PORT: idpPort,
  MAIL_SMTP_PORT: mailSmtpPort,
  MAIL_WEB_PORT: mailWebPort,
  SMTP_URL: ownRelay ?? `smtp://127.0.0.1:${mailSmtpPort}`,
  PARTNER_SANDBOX_CLIENT: `medifund:${sandboxClientId}:${sandboxSecret}`,
  // The seeded online-form task opens the sandbox's form.
  PARTNER_SANDBOX_URL: `http://localhost:${sandboxPort}`,
};
const sandboxEnv = {
  SANDBOX_PORT: sandboxPort,
  PORTAL_URL: `http://localhost:${port}`,
  SANDBOX_CLIENT_ID: sandboxClientId,
  SANDBOX_CLIENT_SECRET: sandboxSecret,
  SANDBOX_PUBLIC_URL: `http://localhost:${sandboxPort}`,
};

console.log('Provider Connect: preparing…');
if (await buildWebIfNeeded()) console.log('Built the web app.');

const idp = startService('identity-provider', 'apps/identity-provider/src/main.ts', env);
const mail = ownRelay ? null : startService('mail-catcher', 'apps/mail-catcher/src/main.ts', env);
const api = startService('api', 'apps/server/src/main.ts', env);
const sandbox = startService('partner-sandbox', 'apps/partner-sandbox/src/main.ts', sandboxEnv);
// The practice's clinical software the portal connects to (docs/decisions/068-clinical-system-stand-in.md).
const cis = startService('clinical-system', 'apps/clinical-system/src/main.ts', {
  CIS_PORT: cisPort,
  PORTAL_URL: `http://localhost:${port}`,
});
// Ctrl+C or SIGTERM stops them all gracefully (requests in flight finish), then this process exits.
superviseServices([
  { name: 'identity provider', child: idp },
  ...(mail ? [{ name: 'mail catcher', child: mail }] : []),
  { name: 'API', child: api },
  { name: 'partner sandbox', child: sandbox },
  { name: 'clinical system', child: cis },
]);

await Promise.all([
  waitForUrl(`http://localhost:${idpPort}/.well-known/openid-configuration`),
  ...(mail ? [waitForUrl(`http://127.0.0.1:${mailWebPort}/api/messages`)] : []),
  waitForUrl(`http://localhost:${port}/api/health`, 120_000),
  waitForUrl(`http://127.0.0.1:${sandboxPort}/health`),
  waitForUrl(`http://127.0.0.1:${cisPort}/health`),
]);

const rows = demoIdentities().map(
  (i) => `  ${i.raNumber}  ${`${i.givenName} ${i.familyName}`.padEnd(20)} ${i.note}`,
);
console.log(`
Provider Connect Australia is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Portal:             http://localhost:${port}/
  Identity provider:  http://localhost:${idpPort}/  (development stand-in for the provider-login service)
  ${mail ? `Mailbox:            http://localhost:${mailWebPort}/  (development mail catcher: the mail the portal sends)` : 'Mail:               sent to SMTP_URL'}
  Partner sandbox:    http://localhost:${sandboxPort}/  (MediFund reading what is published to it through the partner API)
  Clinical system:    http://127.0.0.1:${cisPort}/  (Harbour Medical Group's practice software, SMART on FHIR at /fhir)
  Database:           ${process.env['DATABASE_URL'] ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${process.env['DATA_DIR'] ?? './.data'}`}

Demo identities (RA numbers to sign in with):
${rows.join('\n')}

Reset the demo world: npm run reset-demo      Stop: Ctrl+C
`);
