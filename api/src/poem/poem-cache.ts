import { NotificationListener, type Database } from '@epos/platform';
import { POEM_CHANGED_CHANNEL } from '@epos/projections/poem/read-model';
import { render, type CacheableBody } from '../plugins/http-cache.js';
import type { LineIndex } from './line-index.js';

const MAX_ENTRIES = 5_000;

/**
 * Rendered poem responses and the line index, kept in memory until the poem changes: the
 * projection notifies `epos_poem_changed` with its batch's position when a batch that changed
 * the poem commits, and every entry is dropped. Notifications on one channel arrive in commit
 * order, so having seen position P means every change up to P has been seen.
 */
export class PoemCache {
  private readonly listener: NotificationListener;
  private version = 0;
  private seen = -1n;
  private entries = new Map<string, CacheableBody>();
  private building = new Map<string, Promise<CacheableBody | null>>();
  private index: { key: string; version: number; value: Promise<LineIndex> } | null = null;

  constructor(database: Database) {
    this.listener = new NotificationListener(database.url, POEM_CHANGED_CHANNEL);
    this.listener.onPayload((payload) => this.invalidate(BigInt(payload)));
    // Changes made while disconnected were not announced.
    this.listener.onReconnect(() => this.invalidate(-1n));
  }

  async start(): Promise<void> {
    await this.listener.start();
  }

  private invalidate(position: bigint): void {
    this.version++;
    if (position > this.seen) this.seen = position;
    this.entries = new Map();
    this.building = new Map();
  }

  /** Whether cached bodies reflect every change up to `position` (without it: the latest seen). */
  covers(position?: bigint): boolean {
    return this.listener.connected && (position === undefined || this.seen >= position);
  }

  /** A body through the cache; `null` (nothing found) is answered but not kept. */
  async body(key: string, build: () => Promise<unknown>): Promise<CacheableBody | null> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const pending = this.building.get(key);
    if (pending) return pending;
    const version = this.version;
    const made = build().then((value) => (value === null ? null : render(value)));
    this.building.set(key, made);
    try {
      const body = await made;
      if (body && version === this.version) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        this.entries.set(key, body);
      }
      return body;
    } finally {
      if (this.building.get(key) === made) this.building.delete(key);
    }
  }

  lineIndex(key: string, load: () => Promise<LineIndex>): Promise<LineIndex> {
    if (this.index && this.index.version === this.version && this.index.key === key) return this.index.value;
    const value = load();
    this.index = { key, version: this.version, value };
    value.catch(() => {
      if (this.index?.value === value) this.index = null;
    });
    return value;
  }

  async close(): Promise<void> {
    await this.listener.close();
  }
}
