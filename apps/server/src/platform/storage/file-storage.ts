import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, StoredObjectMissing, type DocumentStorage } from './document-storage.ts';

/**
 * Files under a folder (DATA_DIR/documents by default). An upload is written to `<key>.part` and renamed
 * when whole, so a reader never sees half a file and a failed upload leaves nothing under its key.
 */
export function fileStorage(dir: string): DocumentStorage {
  const fileOf = (key: string) => path.join(dir, ...checkKey(key).split('/'));
  return {
    async put(key, source) {
      const file = fileOf(key);
      const part = `${file}.part`;
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline(source, createWriteStream(part, { flags: 'wx' }));
        await rename(part, file);
      } catch (error) {
        await rm(part, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      const stream = createReadStream(file);
      // Opening fails asynchronously: wait for it, so a missing file is an error here, not mid-answer.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'ENOENT' ? new StoredObjectMissing(key) : error),
        );
      });
      return stream as Readable;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
