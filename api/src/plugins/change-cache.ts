import { NotificationListener, type Database } from '@epos/platform';
import { render, type CacheableBody } from './http-cache.js';

const MAX_ENTRIES = 5_000;

/**
 * Rendered responses of one read model, kept in memory until it changes: its projection notifies
 * `channel` with its batch's position when a batch that changed it commits, and every entry is
 * dropped. Notifications on one channel arrive in commit order, so having seen position P means
 * every change up to P has been seen.
 */
export class ChangeCache {
  private readonly listener: NotificationListener;
  protected version = 0;
  private seen = -1n;
  private entries = new Map<string, CacheableBody>();
  private building = new Map<string, Promise<CacheableBody | null>>();

  constructor(database: Database, channel: string) {
    this.listener = new NotificationListener(database.url, channel);
    this.listener.onPayload((payload) => this.invalidate(BigInt(payload)));
    // Changes made while disconnected were not announced.
    this.listener.onReconnect(() => this.invalidate(-1n));
  }

  async start(): Promise<void> {
    await this.listener.start();
  }

  protected invalidate(position: bigint): void {
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

  async close(): Promise<void> {
    await this.listener.close();
  }
}
