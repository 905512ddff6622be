/**
 * `npm run cluster`: the portal as an agency runs it, on this machine. Debian's PostgreSQL 15 (started as
 * the PostgreSQL API tests start theirs), two API processes (or CLUSTER_APIS) on free ports sharing the
 * database `pca_cluster`, HAProxy in front of them with deploy/haproxy.cfg, and the development identity
 * provider, mail catcher and partner sandbox. Prints the URLs; Ctrl+C stops them all
 * (docs/decisions/074-cluster-behind-haproxy.md, deploy/README.md).
 */
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startCluster } from '../tools/run/cluster.ts';
import { buildWebIfNeeded } from './lib/build-web.ts';
import { startPostgres15 } from './lib/postgres.ts';
import { demoIdentities } from './lib/world.ts';

const DATABASE = 'pca_cluster';
const started = Date.now();
const apiCount = Number(process.env['CLUSTER_APIS'] ?? 2);

console.log('Provider Connect cluster: preparing…');
if (await buildWebIfNeeded()) console.log('Built the web app.');
const adminUrl = process.env['DATABASE_ADMIN_URL'] ?? (await startPostgres15());
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
if (!rowCount) await admin.query(`CREATE DATABASE "${DATABASE}"`);
await admin.end();
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${DATABASE}` }).toString();

const cluster = await startCluster({
  databaseUrl,
  dir: process.env['CLUSTER_DIR'] ?? path.join(os.tmpdir(), 'pca-cluster'),
  apiCount,
  echo: true,
  // The demo world's reminders appear as with `npm start` (docs/decisions/027-reminders.md).
  apiEnv: { REMINDER_JOB_INTERVAL_MS: '3600000' },
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping the cluster…');
  await cluster.stop();
  process.exit(0);
};
// Building the web app or starting PostgreSQL ran commands through `run`, whose own handlers exit at
// once on these signals: the cluster is stopped in order here instead (requests in flight finish).
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());

const rows = demoIdentities().map(
  (i) => `  ${i.raNumber}  ${`${i.givenName} ${i.familyName}`.padEnd(20)} ${i.note}`,
);
console.log(`
Provider Connect Australia is running as a cluster (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  Portal (HAProxy):   ${cluster.url}/
${cluster.apis.map((a) => `  ${`API process ${a.name}:`.padEnd(20)}${a.url}/  (behind the proxy)`).join('\n')}
  Identity provider:  ${cluster.idpUrl}/
  Mailbox:            ${cluster.mailboxUrl}/
  Partner sandbox:    ${cluster.sandboxUrl}/
  Database:           PostgreSQL ${DATABASE} (${new URL(adminUrl).host})

Demo identities (RA numbers to sign in with):
${rows.join('\n')}

Stop: Ctrl+C
`);
