import path from 'node:path';
import type { Config } from '../config/config.js';
import { LocalFolderStorage } from './local-folder-storage.js';
import type { MediaStorage } from './port.js';

export { isObjectKey, type ByteRange, type MediaStorage, type StoredObject } from './port.js';
export { LocalFolderStorage } from './local-folder-storage.js';

/** The media store: a local folder under DATA_DIR (the only adapter so far; see port.ts for adding one). */
export function createMediaStorage(config: Pick<Config, 'dataDir'>): MediaStorage {
  return new LocalFolderStorage(path.join(config.dataDir, 'media', 'objects'));
}
