import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, StoredObjectMissing, type DocumentStorage } from './document-storage.ts';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  credentials?: S3ClientConfig['credentials'];
}

/**
 * S3-compatible object storage (DOCUMENTS_S3_BUCKET). An upload of unknown length goes up as a multipart
 * upload in 5 MB parts, so no more than a part is held in memory; a failed one is aborted, leaving nothing.
 */
export function s3Storage(settings: S3Settings): DocumentStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
  });
  const Bucket = settings.bucket;
  return {
    async put(key, source) {
      const upload = new Upload({
        client,
        params: { Bucket, Key: checkKey(key), Body: source },
        queueSize: 1,
        leavePartsOnError: false,
      });
      // The source failing (too big, unsafe) must end the upload too, not leave it waiting for bytes.
      const failed = new Promise<never>((_, reject) => {
        if (source.errored) reject(source.errored);
        else source.once('error', reject);
      });
      try {
        await Promise.race([upload.done(), failed]);
      } catch (error) {
        await upload.abort().catch(() => undefined);
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        throw error;
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey')
          throw new StoredObjectMissing(key);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
