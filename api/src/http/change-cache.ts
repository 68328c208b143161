import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable, NotificationListener, parseChangeNotice, type Database, type Logger } from '@epos/platform';
import { BoundedEntries } from './bounded-entries.js';
import { asBody, kept, type CacheableBody } from './http-cache.js';
import type { MemoryBudget } from './memory-budget.js';

interface Entry {
  body: CacheableBody;
  scope: string | undefined;
}

/**
 * Rendered responses of one read model, kept in memory until it changes: its projection announces
 * on `channel` each batch that changed it when the batch commits (see `announceChange`), with the
 * scopes it touched when it can tell. Entries kept with one of those scopes, and entries kept
 * without a scope, are dropped; a notice without scopes drops everything. Notifications on one
 * channel arrive in commit order, so having seen position P means every change up to P has been seen.
 *
 * Entries are kept under the process's memory budget, least recently used first out, and keyed by
 * what the answer depends on (a route's validated parameters, `requestKey`), never by the raw URL.
 *
 * While the database is down, entries are kept and served (marked stale) to requests that could
 * not be answered afresh: nothing can change while nothing can be written. They are dropped when
 * the listener reconnects, since changes may have been missed meanwhile.
 */
export class ChangeCache {
  private readonly listener: NotificationListener;
  private readonly alsoListeners: NotificationListener[];
  protected version = 0;
  private seen = -1n;
  private readonly entries: BoundedEntries<Entry>;
  private building = new Map<string, Promise<CacheableBody | null>>();

  /**
   * `alsoOn`: other read models' channels the kept answers also depend on (a page made from the poem
   * and the blogs): any change announced there drops them all, as does a lost connection.
   */
  constructor(database: Database, channel: string, budget: MemoryBudget, alsoOn: readonly string[] = []) {
    this.entries = new BoundedEntries<Entry>(budget, channel, (entry) => entry.body.body.length);
    this.listener = new NotificationListener(database.url, channel, database.logger);
    this.listener.onPayload((payload) => {
      const notice = parseChangeNotice(payload);
      if (notice.shown) this.invalidate(notice.position, notice.scopes);
      else if (notice.position > this.seen) this.seen = notice.position;
    });
    // Changes made while disconnected were not announced.
    this.listener.onReconnect(() => this.invalidate(-1n, null));
    this.alsoListeners = alsoOn.map((other) => {
      const listener = new NotificationListener(database.url, other, database.logger);
      listener.onPayload(() => this.invalidate(-1n, null));
      listener.onReconnect(() => this.invalidate(-1n, null));
      return listener;
    });
  }

  private get listening(): boolean {
    return this.listener.connected && this.alsoListeners.every((listener) => listener.connected);
  }

  async start(): Promise<void> {
    await Promise.all([this.listener.start(), ...this.alsoListeners.map((listener) => listener.start())]);
  }

  private invalidate(position: bigint, scopes: ReadonlySet<string> | null): void {
    // Answers being built may have read the old state, whatever their scope: none of them is kept.
    this.version++;
    if (position > this.seen) this.seen = position;
    this.building = new Map();
    if (!scopes) {
      this.entries.clear();
      return;
    }
    this.entries.deleteWhere((entry) => entry.scope === undefined || scopes.has(entry.scope));
  }

  /** Whether cached bodies reflect every change up to `position` (without it: the latest seen). */
  covers(position?: bigint): boolean {
    return this.listening && (position === undefined || this.seen >= position);
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
        // Still the answer while it is kept here and changes are being heard.
        this.entries.set(key, { body: kept(body, () => this.listening && this.entries.peek(key)?.body === body), scope });
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
  async answer(
    consistentAfter: bigint | undefined,
    schema: () => Promise<string>,
    key: string,
    build: () => Promise<unknown>,
    scope?: string,
  ): Promise<CacheableBody | null> {
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
    const kept = this.entries.peek(`${await schema().catch(() => '')}:${key}`);
    return kept ? { ...kept.body, stale: true } : null;
  }

  async close(): Promise<void> {
    this.entries.close();
    await Promise.all([this.listener.close(), ...this.alsoListeners.map((listener) => listener.close())]);
  }
}

async function bodyOf(build: () => Promise<unknown>): Promise<CacheableBody | null> {
  const value = await build();
  return value === null ? null : asBody(value);
}

/**
 * Starts `cache` listening for a plugin's routes, closed with the app. Without the database's
 * notices it serves uncached (said once, as a warning, naming `what`) until they are back.
 */
export async function listenWithApp(app: FastifyInstance, cache: ChangeCache, logger: Logger, what: string): Promise<void> {
  await cache.start().catch((error: unknown) => logger.warn({ err: error }, `${what} cache listener not connected; serving uncached`));
  app.addHook('onClose', async () => cache.close());
}
