import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { profileApiPath } from '@pca/contracts';
import { createDatabase, type DatabaseHandle } from '#db/client.ts';
import { demoIds } from '#db/seed/index.ts';
import { loadConfig } from '#lib/config.ts';
import { createOidcIdentityClient } from '#integrations/identity/oidc-identity-client.ts';
import { identities } from '../reliability/authorisation-matrix.ts';
import { openSessionFor } from '../reliability/sessions.ts';
import { plantCredentialDocuments, plantedDocuments } from '../test/credential-documents.ts';
import { databaseUrlFor, templateDatabaseName } from '../test/test-data.ts';
import { buildApp } from './build-app.ts';
import { openDatabase } from './open-database.ts';

// Backups that restore (docs/operations/backups.md, docs/decisions/075-operations.md): the procedure of the
// operations page, step by step — pg_dump of the seeded world with a photo and credential documents added, a
// tar of the documents folder, both restored into an empty database and a new folder — then the API started
// on the copy reads the same practitioners, delegations, publications, photo and documents as the original.
// PostgreSQL only (pg_dump and pg_restore are PostgreSQL's tools): it runs in the PostgreSQL pass.

const run = promisify(execFile);
const adminUrl = process.env.TEST_DATABASE_URL;
const suffix = `${process.pid}_${Date.now().toString(36)}`;
const names = { source: `pca_backup_src_${suffix}`, restored: `pca_backup_dst_${suffix}` };
const work = mkdtempSync(path.join(tmpdir(), 'pca-backup-'));
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  rmSync(work, { recursive: true, force: true });
});

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The API on a database and a documents folder, as a person calls it, with sessions opened for the reads. */
async function apiOn(databaseUrl: string, documentsDir: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DOCUMENTS_DIR: documentsDir,
  });
  // As the API starts: migrations (none may be pending on a restored copy) and no seeding of a non-empty database.
  const handle: DatabaseHandle = await openDatabase(config);
  const app = await buildApp({
    db: handle.db,
    config,
    identity: createOidcIdentityClient(config.oidc),
    logger: false,
    serveWeb: false,
    pool: handle.pool,
  });
  let open = true;
  const close = async () => {
    if (!open) return;
    open = false;
    await app.close();
    await handle.close();
  };
  cleanups.push(close);
  const as = async (who: keyof typeof identities) => ({
    authorization: `Bearer ${await openSessionFor(handle.db, identities[who])}`,
  });
  return { app, handle, config, as, close };
}

/** What the restored API must answer alike: each read's status and body. */
async function reads(api: Awaited<ReturnType<typeof apiOn>>) {
  const alice = await api.as('alice');
  const priya = await api.as('priya');
  const get = async (url: string, headers: Record<string, string>) => {
    const res = await api.app.inject({ method: 'GET', url, headers });
    return { url, status: res.statusCode, body: res.body };
  };
  const gp = demoIds.healthcareService('surry-hills-gp');
  return [
    await get('/api/ready', {}),
    await get('/api/practitioners/search?name=Nguyen', alice),
    await get(`/api/workplaces/healthcare-services/${gp}`, alice),
    await get('/api/delegations', alice),
    await get('/api/practitioner-publications', alice),
    await get('/api/publications-overview', priya),
    await get(profileApiPath('profile', demoIds.user('alice')), alice),
    await get('/api/credential-documents', alice),
    await get(`/api/credential-documents/${plantedDocuments.alice}/file`, alice),
  ];
}

describe.skipIf(!adminUrl)('backup and restore (PostgreSQL)', () => {
  it('pg_dump and a tar of the documents restore into an empty database that the API serves unchanged', async () => {
    // The original: the seeded world, with a profile photo and credential documents uploaded.
    await admin(`CREATE DATABASE "${names.source}" TEMPLATE "${templateDatabaseName()}"`);
    cleanups.push(() => admin(`DROP DATABASE IF EXISTS "${names.source}" WITH (FORCE)`));
    const sourceUrl = databaseUrlFor(adminUrl!, names.source);
    const sourceDocuments = path.join(work, 'documents');
    const source = await apiOn(sourceUrl, sourceDocuments);
    await plantCredentialDocuments({ db: source.handle.db, config: source.config });
    const photo = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#3a7bd5' },
    })
      .png()
      .toBuffer();
    const uploaded = await source.app.inject({
      method: 'PUT',
      url: profileApiPath('photo', demoIds.user('alice')),
      headers: { ...(await source.as('alice')), 'content-type': 'image/png' },
      payload: photo,
    });
    expect(uploaded.statusCode).toBe(200);
    const before = await reads(source);
    for (const read of before) expect(read.status, read.url).toBe(200);
    expect(before.find((r) => r.url.startsWith('/api/profile/'))!.body).toContain(
      'data:image/png;base64,',
    );

    // The backup, as docs/operations/backups.md does it.
    const dump = path.join(work, 'pca.dump');
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      '--file',
      dump,
      sourceUrl,
    ]);
    const documentsTar = path.join(work, 'documents.tar.gz');
    await run('tar', ['-C', sourceDocuments, '-czf', documentsTar, '.']);

    // The restore: an empty database and an empty folder.
    await admin(`CREATE DATABASE "${names.restored}" TEMPLATE template0`);
    cleanups.push(() => admin(`DROP DATABASE IF EXISTS "${names.restored}" WITH (FORCE)`));
    const restoredUrl = databaseUrlFor(adminUrl!, names.restored);
    const empty = await createDatabase({ databaseUrl: restoredUrl });
    const tables = await empty.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    await empty.close();
    expect((tables as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      '--dbname',
      restoredUrl,
      dump,
    ]);
    const restoredDocuments = path.join(work, 'documents-restored');
    await run('mkdir', ['-p', restoredDocuments]);
    await run('tar', ['-C', restoredDocuments, '-xzf', documentsTar]);
    expect(readdirSync(restoredDocuments, { recursive: true }).length).toBeGreaterThan(0);

    // The API on the copy, with the original gone, answers every read as it did.
    await source.close();
    rmSync(sourceDocuments, { recursive: true, force: true });
    const restored = await apiOn(restoredUrl, restoredDocuments);
    const after = await reads(restored);
    expect(after).toEqual(before);
  }, 180_000);
});
