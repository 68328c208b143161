import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files under one folder, at most `capBytes` in all: writing past the cap removes the least
 * recently used first. Use is remembered in the files' modification times, so the order survives a
 * restart. Several processes may share the folder; each keeps its own account of it and a file
 * another process removed is simply a miss.
 */
export class DiskCache {
  /** key → size; a Map iterates in insertion order, so re-inserting on use keeps it oldest-first. */
  private readonly entries = new Map<string, number>();
  private bytes = 0;
  private loaded: Promise<void> | undefined;

  constructor(
    readonly folder: string,
    readonly capBytes: number,
    private readonly extension: string,
  ) {}

  /** The total size of the files this process knows of. */
  get size(): number {
    return this.bytes;
  }

  file(key: string): string {
    return path.join(this.folder, `${key}.${this.extension}`);
  }

  async read(key: string): Promise<Buffer | undefined> {
    await this.load();
    const content = await readFile(this.file(key)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (content === undefined) {
      this.forget(key);
      return undefined;
    }
    this.remember(key, content.length);
    const now = new Date();
    await utimes(this.file(key), now, now).catch(() => undefined);
    return content;
  }

  async write(key: string, content: Buffer): Promise<void> {
    await this.load();
    if (content.length > this.capBytes) return;
    await mkdir(this.folder, { recursive: true });
    const partial = `${this.file(key)}.${randomBytes(6).toString('hex')}.part`;
    try {
      await writeFile(partial, content);
      await rename(partial, this.file(key));
    } finally {
      await rm(partial, { force: true });
    }
    this.remember(key, content.length);
    await this.evict();
  }

  private remember(key: string, size: number): void {
    this.forget(key);
    this.entries.set(key, size);
    this.bytes += size;
  }

  private forget(key: string): void {
    const size = this.entries.get(key);
    if (size === undefined) return;
    this.entries.delete(key);
    this.bytes -= size;
  }

  private async evict(): Promise<void> {
    for (const [key] of this.entries) {
      if (this.bytes <= this.capBytes) return;
      this.forget(key);
      await rm(this.file(key), { force: true });
    }
  }

  /** What is already on disk, oldest use first (once per process). */
  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const suffix = `.${this.extension}`;
      const names = await readdir(this.folder).catch(() => [] as string[]);
      const found = await Promise.all(
        names
          .filter((name) => name.endsWith(suffix))
          .map(async (name) => {
            const info = await stat(path.join(this.folder, name)).catch(() => undefined);
            return info?.isFile() ? { key: name.slice(0, -suffix.length), size: info.size, used: info.mtimeMs } : undefined;
          }),
      );
      const files = found.filter((entry) => entry !== undefined).sort((a, b) => a.used - b.used);
      for (const { key, size } of files) this.remember(key, size);
      await this.evict();
    })();
    return this.loaded;
  }
}
