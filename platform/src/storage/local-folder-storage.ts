import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { isObjectKey, StorageFullError, type ByteRange, type MediaStorage, type StoredObject } from './port.js';

/**
 * Media files in a local folder (`DATA_DIR/media/objects` by default), in two levels of
 * subfolders by the key's first digits so no folder grows past a few thousand entries.
 * Writes go to a temporary name and are renamed into place, so a reader never sees half a file,
 * and a write that fails (the disk full) leaves nothing behind.
 */
export class LocalFolderStorage implements MediaStorage {
  readonly kind = 'local';

  constructor(readonly root: string) {}

  async put(data: Uint8Array): Promise<StoredObject> {
    const key = createHash('sha256').update(data).digest('hex');
    const target = this.pathOf(key);
    const existing = await this.stat(key);
    if (existing?.size === data.byteLength) return existing;
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.part`;
    try {
      await writeFile(temporary, data, { mode: 0o644 });
      await rename(temporary, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOSPC' || code === 'EDQUOT') throw new StorageFullError(error);
      throw error;
    } finally {
      await rm(temporary, { force: true });
    }
    return { key, size: data.byteLength };
  }

  async stat(key: string): Promise<StoredObject | null> {
    if (!isObjectKey(key)) return null;
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { key, size: info.size } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const found = await this.stat(key);
    if (!found) return null;
    if (range) checkRange(range, found.size);
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<boolean> {
    if (!(await this.stat(key))) return false;
    await rm(this.pathOf(key), { force: true });
    return true;
  }

  async freeBytes(): Promise<number> {
    await mkdir(this.root, { recursive: true });
    const info = await statfs(this.root);
    // Blocks an unprivileged process may use (bavail), not those kept for root (bfree).
    return info.bavail * info.bsize;
  }

  private pathOf(key: string): string {
    if (!isObjectKey(key)) throw new Error(`not an object key: ${JSON.stringify(key)}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }
}

function checkRange(range: ByteRange, size: number): void {
  const whole = (n: number) => Number.isInteger(n) && n >= 0;
  if (!whole(range.start) || !whole(range.end) || range.start > range.end || range.end >= size) {
    throw new RangeError(`bytes ${range.start}-${range.end} are not within an object of ${size} bytes`);
  }
}
