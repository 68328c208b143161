import type { Readable } from 'node:stream';

/** A stored object: its key is the SHA-256 of its bytes, in lowercase hex. */
export interface StoredObject {
  key: string;
  size: number;
}

/** Bytes `start` to `end`, both included, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The one port for media files (images, audio, PDFs). Content-addressed: an object is named by
 * the SHA-256 of its bytes, so storing the same bytes twice keeps one copy, a key never changes
 * meaning, and readers may cache it forever. The store knows bytes only: kinds, types and names
 * live in events. An object-store adapter (S3, R2, MinIO…) implements these four calls with
 * PutObject (key = hash, If-None-Match: *), HeadObject, GetObject (Range) and DeleteObject.
 */
export interface MediaStorage {
  readonly kind: string;
  /** Stores the bytes (a no-op when they are stored already) and answers their key and size. */
  put(data: Uint8Array): Promise<StoredObject>;
  /** The object's size, or null when no object has this key. */
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes (or the range of them), or null when no object has this key. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  /** True when an object was removed. */
  delete(key: string): Promise<boolean>;
  /** Bytes free for new objects (a local folder's disk, by statfs), or null when the store cannot tell. */
  freeBytes(): Promise<number | null>;
}

/** The store has no room for the bytes (a full disk, a user quota): `put` wrote nothing. */
export class StorageFullError extends Error {
  constructor(cause: unknown) {
    super('The media store has no room for the file', { cause });
    this.name = 'StorageFullError';
  }
}

const KEY = /^[0-9a-f]{64}$/;

/** Whether a string can name a stored object (64 lowercase hex digits): never a path. */
export function isObjectKey(key: string): boolean {
  return KEY.test(key);
}
