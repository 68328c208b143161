import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaStorageContract } from './contract.js';
import { LocalFolderStorage } from './local-folder-storage.js';

mediaStorageContract('local folder', async () => new LocalFolderStorage(await mkdtemp(path.join(os.tmpdir(), 'epos-media-'))));

describe('local folder storage', () => {
  it('files an object two folders deep by its key and leaves no temporary file', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'epos-media-'));
    const store = new LocalFolderStorage(root);
    const { key } = await store.put(new Uint8Array([9, 9, 9]));
    expect(await readdir(path.join(root, key.slice(0, 2), key.slice(2, 4)))).toEqual([key]);
  });
});
