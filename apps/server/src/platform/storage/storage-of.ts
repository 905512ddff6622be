import type { ServerConfig } from '#lib/config.ts';
import type { DocumentStorage } from './document-storage.ts';
import { fileStorage } from './file-storage.ts';
import { s3Storage } from './s3-storage.ts';

/** The storage the configuration names. */
export function documentStorageOf(config: Pick<ServerConfig, 'documents'>): DocumentStorage {
  const settings = config.documents;
  return settings.kind === 's3' ? s3Storage(settings) : fileStorage(settings.dir);
}
