import { isDatabaseUnavailable, NotificationListener, parseChangeNotice, type Database } from '@epos/platform';
import { asBody, kept, type CacheableBody } from './http-cache.js';

const MAX_ENTRIES = 5_000;

/**
 * Rendered responses of one read model, kept in memory until it changes: its projection announces
 * on `channel` each batch that changed it when the batch commits (see `announceChange`), with the
 * scopes it touched when it can tell. Entries kept with one of those scopes, and entries kept
 * without a scope, are dropped; a notice without scopes drops everything. Notifications on one
 * channel arrive in commit order, so having seen position P means every change up to P has been seen.
 *
 * While the database is down, entries are kept and served (marked stale) to requests that could
 * not be answered afresh: nothing can change while nothing can be written. They are dropped when
 * the listener reconnects, since changes may have been missed meanwhile.
 */
export class ChangeCache {
  private readonly listener: NotificationListener;
  protected version = 0;
  private seen = -1n;
  private entries = new Map<string, { body: CacheableBody; scope: string | undefined }>();
  private building = new Map<string, Promise<CacheableBody | null>>();

  constructor(database: Database, channel: string) {
    this.listener = new NotificationListener(database.url, channel, database.logger);
    this.listener.onPayload((payload) => {
      const notice = parseChangeNotice(payload);
      if (notice.shown) this.invalidate(notice.position, notice.scopes);
      else if (notice.position > this.seen) this.seen = notice.position;
    });
    // Changes made while disconnected were not announced.
    this.listener.onReconnect(() => this.invalidate(-1n, null));
  }

  async start(): Promise<void> {
    await this.listener.start();
  }

  private invalidate(position: bigint, scopes: ReadonlySet<string> | null): void {
    // Answers being built may have read the old state, whatever their scope: none of them is kept.
    this.version++;
    if (position > this.seen) this.seen = position;
    this.building = new Map();
    if (!scopes) {
      this.entries = new Map();
      return;
    }
    for (const [key, entry] of this.entries) if (entry.scope === undefined || scopes.has(entry.scope)) this.entries.delete(key);
  }

  /** Whether cached bodies reflect every change up to `position` (without it: the latest seen). */
  covers(position?: bigint): boolean {
    return this.listener.connected && (position === undefined || this.seen >= position);
  }

  /**
   * A body through the cache; `null` (nothing found) is answered but not kept. `scope` names what
   * the answer depends on (kept until a change in that scope); without it, any change drops it.
   * `build` answers a value to send as JSON, or an already rendered body.
   */
  async body(key: string, build: () => Promise<unknown>, scope?: string): Promise<CacheableBody | null> {
    const hit = this.entries.get(key);
    if (hit) return hit.body;
    const pending = this.building.get(key);
    if (pending) return pending;
    const version = this.version;
    const made = bodyOf(build);
    this.building.set(key, made);
    try {
      const body = await made;
      if (body && version === this.version) {
        if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        // Still the answer while it is kept here and changes are being heard.
        this.entries.set(key, { body: kept(body, () => this.listener.connected && this.entries.get(key)?.body === body), scope });
      }
      return body;
    } finally {
      if (this.building.get(key) === made) this.building.delete(key);
    }
  }

  /**
   * `build`'s answer to a request that must see every change up to `consistentAfter`: through the
   * cache when it has seen them, keyed by `schema` (the read model's version, so a rebuilt one never
   * serves the old one's bodies) and `key`; else built afresh.
   */
  async answer(consistentAfter: bigint | undefined, schema: () => Promise<string>, key: string, build: () => Promise<unknown>, scope?: string): Promise<CacheableBody | null> {
    if (this.covers(consistentAfter)) return this.body(`${await schema()}:${key}`, build, scope);
    try {
      return await bodyOf(build);
    } catch (error) {
      const kept = isDatabaseUnavailable(error) ? await this.keptDuringOutage(consistentAfter, schema, key) : null;
      if (kept) return kept;
      throw error;
    }
  }

  /** The kept answer, marked stale, when it has seen every change up to `consistentAfter`. */
  private async keptDuringOutage(consistentAfter: bigint | undefined, schema: () => Promise<string>, key: string): Promise<CacheableBody | null> {
    if (consistentAfter !== undefined && this.seen < consistentAfter) return null;
    const kept = this.entries.get(`${await schema().catch(() => '')}:${key}`);
    return kept ? { ...kept.body, stale: true } : null;
  }

  async close(): Promise<void> {
    await this.listener.close();
  }
}

async function bodyOf(build: () => Promise<unknown>): Promise<CacheableBody | null> {
  const value = await build();
  return value === null ? null : asBody(value);
}
