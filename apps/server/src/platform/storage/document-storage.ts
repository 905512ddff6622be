import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files are kept (docs/decisions/057-credential-documents.md): one small interface, files
 * under a folder by default, S3-compatible object storage by configuration. Every object is written once
 * under a fresh key and never overwritten, so a row can point at it only after it is whole.
 */
export interface DocumentStorage {
  /** Streams `source` into a new object; on any error (the source's included) nothing is left behind. */
  put(key: string, source: Readable): Promise<void>;
  /** The object's bytes as a stream; NotFound when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Thrown by `get` when the object does not exist. */
export class StoredObjectMissing extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`);
  }
}

/** A fresh key under a prefix: random, so nothing can guess or overwrite it. */
export const newStorageKey = (prefix: string) => `${prefix}/${randomUUID()}`;

/** Keys are only ever made by newStorageKey: anything else (a path, `..`) is refused. */
const KEY = /^[a-z-]+\/[0-9a-f-]{36}$/;
export function checkKey(key: string) {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
  return key;
}
