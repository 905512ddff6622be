import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// s3rver ships no types: only its constructor, run and close are used here.
// @ts-expect-error -- untyped development dependency
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import {
  CredentialDocument,
  credentialDocumentApiPaths as paths,
  credentialDocumentFileApiPath as filePath,
} from '@pca/contracts';
import { freePort } from '@pca/identity-provider/free-port';
import { newStorageKey, StoredObjectMissing, type DocumentStorage } from './document-storage.ts';
import { fileStorage } from './file-storage.ts';
import { s3Storage, type S3Settings } from './s3-storage.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { craftPdf, documentDetails, uploadBody } from '../../test/multipart.ts';

// The document storage (docs/decisions/057-credential-documents.md) against files and against an
// S3-compatible server (s3rver, on a free port), and the API storing an upload in S3 by configuration.

interface Server {
  run(): Promise<unknown>;
  close(): Promise<void>;
}

const BUCKET = 'documents';
let server: Server;
let settings: S3Settings;

beforeAll(async () => {
  const port = await freePort();
  server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), 'pca-s3rver-')),
    configureBuckets: [{ name: BUCKET }],
  }) as Server;
  await server.run();
  settings = {
    bucket: BUCKET,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'ap-southeast-2',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
});
afterAll(() => server?.close());

/** A source that yields some chunks, then fails: an upload refused halfway. */
function failingSource() {
  return new Readable({
    read() {
      this.push(Buffer.alloc(64 * 1024, 1));
      this.destroy(new Error('refused halfway'));
    },
  });
}

const backends: Array<[string, () => DocumentStorage, () => Promise<number>]> = [
  [
    'files',
    () => fileStorage(files),
    async () => {
      const { readdirSync } = await import('node:fs');
      return readdirSync(files, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
        .length;
    },
  ],
  [
    'S3-compatible',
    () => s3Storage(settings),
    async () => {
      const client = new S3Client({ ...settings });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return listed.KeyCount ?? 0;
    },
  ],
];
const files = mkdtempSync(path.join(os.tmpdir(), 'pca-files-'));

describe.each(backends)('document storage: %s', (_name, storageOf, objects) => {
  it('streams an object in and out, and deletes it', async () => {
    const storage = storageOf();
    const key = newStorageKey('credential-documents');
    // 6 MB in 64 KB chunks: more than one multipart part in S3.
    const data = Buffer.alloc(6 * 1024 * 1024, 7);
    const chunks = Array.from({ length: data.length / 65_536 }, (_, i) =>
      data.subarray(i * 65_536, (i + 1) * 65_536),
    );
    await storage.put(key, Readable.from(chunks));
    expect((await buffer(await storage.get(key))).equals(data)).toBe(true);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectMissing);
    await storage.delete(key);
  });

  it('leaves nothing behind when the source fails', async () => {
    const storage = storageOf();
    const before = await objects();
    const key = newStorageKey('credential-documents');
    await expect(storage.put(key, failingSource())).rejects.toThrow('refused halfway');
    expect(await objects()).toBe(before);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectMissing);
  });

  it('refuses a key it did not make', async () => {
    await expect(storageOf().get('../../etc/passwd')).rejects.toThrow('Not a storage key');
  });
});

describe('the API with S3-compatible storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMITS: 'false',
      DOCUMENTS_S3_BUCKET: BUCKET,
      DOCUMENTS_S3_ENDPOINT: settings.endpoint!,
      DOCUMENTS_S3_FORCE_PATH_STYLE: 'true',
      DOCUMENTS_S3_ACCESS_KEY_ID: 'S3RVER',
      DOCUMENTS_S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('stores an upload in the bucket and serves it back', async () => {
    const headers = t.bearer(await t.tokenFor('2000000011'));
    const pdf = craftPdf('Stored in S3');
    const form = uploadBody(pdf, documentDetails());
    const created = await t.app.inject({
      method: 'POST',
      url: paths.list,
      headers: { ...headers, ...form.headers },
      payload: form.body,
    });
    expect(created.statusCode).toBe(201);
    const { id } = CredentialDocument.parse(created.json());
    const download = await t.app.inject({ method: 'GET', url: filePath(id), headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const refused = uploadBody(Buffer.from('MZ\x90\x00 program', 'latin1'), documentDetails());
    const before = await backends[1]![2]();
    const res = await t.app.inject({
      method: 'POST',
      url: paths.list,
      headers: { ...headers, ...refused.headers },
      payload: refused.body,
    });
    expect(res.statusCode).toBe(415);
    expect(await backends[1]![2]()).toBe(before);
  });
});
