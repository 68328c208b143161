import path from 'node:path';
import type { Config } from '../config/config.js';
import { LocalFolderStorage } from './local-folder-storage.js';
import type { MediaStorage } from './port.js';

export { isObjectKey, StorageFullError, type MediaStorage } from './port.js';
export { withStorageLock } from './storage-lock.js';
export { LocalFolderStorage } from './local-folder-storage.js';

/** The folder the media files and PDFs are kept in, under the data folder. */
export function mediaRoot(dataDir: string): string {
  return path.join(dataDir, 'media', 'objects');
}

/** The media store: a local folder under DATA_DIR (the only adapter so far; see port.ts for adding one). */
export function createMediaStorage(config: Pick<Config, 'dataDir'>): MediaStorage {
  return new LocalFolderStorage(mediaRoot(config.dataDir));
}
