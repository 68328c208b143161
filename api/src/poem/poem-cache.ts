import { createHash } from 'node:crypto';
import { NotificationListener, type Database } from '@epos/platform';
import { POEM_CHANGED_CHANNEL } from '@epos/projections/poem/read-model';
import type { LineIndex } from './line-index.js';

export interface CachedBody {
  /** Encoded once, so a cache hit sends bytes without re-encoding the text. */
  body: Buffer;
  etag: string;
}

const MAX_ENTRIES = 5_000;

/**
 * Rendered poem responses and the line index, kept in memory until the poem changes: the
 * projection notifies `epos_poem_changed` when a batch commits, and every entry built before
 * that is dropped. Reads that must see a given position bypass the cache.
 */
export class PoemCache {
  private readonly listener: NotificationListener;
  private version = 0;
  private entries = new Map<string, CachedBody>();
  private index: { version: number; value: Promise<LineIndex> } | null = null;

  constructor(database: Database) {
    this.listener = new NotificationListener(database.url, POEM_CHANGED_CHANNEL);
    this.listener.onPayload(() => this.invalidate());
    // Changes made while disconnected were not announced.
    this.listener.onReconnect(() => this.invalidate());
  }

  async start(): Promise<void> {
    await this.listener.start();
  }

  private invalidate(): void {
    this.version++;
    this.entries = new Map();
  }

  /** Whether the cache can be trusted now (it cannot while its notifications are not arriving). */
  get live(): boolean {
    return this.listener.connected;
  }

  async body(key: string, build: () => Promise<unknown>): Promise<CachedBody> {
    const hit = this.live ? this.entries.get(key) : undefined;
    if (hit) return hit;
    const version = this.version;
    const made = render(await build());
    if (this.live && version === this.version) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, made);
    }
    return made;
  }

  lineIndex(load: () => Promise<LineIndex>): Promise<LineIndex> {
    if (this.index && this.index.version === this.version && this.live) return this.index.value;
    const value = load();
    this.index = { version: this.version, value };
    value.catch(() => (this.index = null));
    return value;
  }

  async close(): Promise<void> {
    await this.listener.close();
  }
}

export function render(value: unknown): CachedBody {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}
