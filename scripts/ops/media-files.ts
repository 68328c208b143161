import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isObjectKey, type MediaStorage } from '@epos/platform/storage/index';
import { keysDigest, type BackupManifest } from './backup-format.js';
import { OperatorError } from './cli.js';

/** Every stored object under `root` (files named by a key; unfinished `.part` files are not). */
export async function* storedObjects(root: string): AsyncGenerator<{ key: string; file: string }> {
  let entries;
  try {
    entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    if (entry.isFile() && isObjectKey(entry.name)) yield { key: entry.name, file: path.join(entry.parentPath, entry.name) };
  }
}

/**
 * Copies a stored object, checking on the way that its bytes hash to its key (the name says what
 * the content must be, so a damaged file is found here rather than by a reader).
 */
export async function copyObject(key: string, from: string, to: string): Promise<number> {
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.byteLength;
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(from), measure, createWriteStream(to, { flags: 'wx' }));
  const actual = hash.digest('hex');
  if (actual !== key) {
    await fs.rm(to, { force: true });
    throw new OperatorError(`media file ${from} is damaged: its bytes hash to ${actual}, not to its name`);
  }
  return size;
}

/**
 * Puts the backup's media files into the site's store, after checking that they are the files the
 * manifest lists. The store checks nothing by itself, so each file's bytes must hash to its name.
 */
export async function restoreMedia(folder: string, manifest: BackupManifest, storage: MediaStorage): Promise<void> {
  const found: { key: string; file: string }[] = [];
  for await (const object of storedObjects(path.join(folder, 'media'))) found.push(object);
  const keys = found.map((o) => o.key);
  if (found.length !== manifest.media.objects || keysDigest(keys) !== manifest.media.sha256) {
    throw new OperatorError(
      `${path.join(folder, 'media')}: holds ${found.length} media files, not the ${manifest.media.objects} the manifest lists (files missing or added)`,
    );
  }
  for (const { key, file } of found) {
    const bytes = await fs.readFile(file);
    const actual = createHash('sha256').update(bytes).digest('hex');
    if (actual !== key) throw new OperatorError(`media file ${file} is damaged: its bytes hash to ${actual}, not to its name`);
    await storage.put(bytes);
  }
}
