import { sql } from 'kysely';
import { NotificationListener, type Database } from '@epos/platform';

/** Where the `sessions` table's trigger (migration 0012) announces each ended session's token hash. */
const SESSION_ENDED_CHANNEL = 'session_ended';
/** How often the sessions still watched are read again: those that expired meanwhile end here. */
const SWEEP_MS = 30_000;

/**
 * Hears every session that ends, whichever API process ended it: the database announces each one
 * (a trigger on `sessions`), and each watcher of that session is told once. While the LISTEN
 * connection is down, notices are lost: after it comes back every watched session is read again,
 * and `stillLive` asks the database for a session whose watch began before the outage.
 */
export class SessionEnds {
  private readonly listener: NotificationListener;
  private readonly watchers = new Map<string, Set<() => void>>();
  /** Moves on each time notices may have been missed; a watch that began at another value cannot trust silence. */
  private epoch = 0;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly onError: (error: unknown) => void,
  ) {
    this.listener = new NotificationListener(database.url, SESSION_ENDED_CHANNEL, database.logger);
    this.listener.onPayload((hash) => this.ended(hash));
    this.listener.onReconnect(() => {
      this.epoch++;
      void this.sweep();
    });
  }

  async start(): Promise<void> {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_MS);
    this.sweeper.unref();
    await this.listener.start();
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    await this.listener.close();
  }

  /** How many sessions are watched: those of the requests in flight and the streams open. */
  get size(): number {
    return this.watchers.size;
  }

  /** Where watches stand now, for `stillLive` later; -1 while ends go unheard. */
  get now(): number {
    return this.listener.connected ? this.epoch : -1;
  }

  /** Calls `ended` once when session `hash` ends; answers how to stop watching. */
  watch(hash: string, ended: () => void): () => void {
    let called = false;
    const once = () => {
      if (called) return;
      called = true;
      stop();
      ended();
    };
    const set = this.watchers.get(hash) ?? new Set();
    set.add(once);
    this.watchers.set(hash, set);
    const stop = () => {
      set.delete(once);
      if (set.size === 0 && this.watchers.get(hash) === set) this.watchers.delete(hash);
    };
    return stop;
  }

  /**
   * Whether session `hash`, watched since `since` (`now` then) without hearing its end, is still
   * live: silence is trusted while the LISTEN connection stayed up, else the database is asked.
   * While the database cannot answer, no session can end (an end is a write to it): the request keeps
   * the session it came with, and the sweep after the outage ends what ended unheard before it.
   */
  async stillLive(hash: string, since: number): Promise<boolean> {
    if (since >= 0 && since === this.now) return true;
    try {
      return (await this.liveAmong([hash])).has(hash);
    } catch (error) {
      this.onError(error);
      return true;
    }
  }

  private ended(hash: string): void {
    for (const watcher of [...(this.watchers.get(hash) ?? [])]) watcher();
  }

  /** Which of these sessions are live now, read from the database. */
  async liveAmong(hashes: readonly string[]): Promise<Set<string>> {
    const rows = await this.database.db
      .selectFrom('sessions')
      .select('token_hash')
      .where(sql<boolean>`token_hash = any(${hashes})`)
      .where('expires_at', '>', new Date())
      .execute();
    return new Set(rows.map((r) => r.token_hash));
  }

  /** Ends the watched sessions the database no longer holds (expired, or ended while notices were lost). */
  private async sweep(): Promise<void> {
    const hashes = [...this.watchers.keys()];
    if (hashes.length === 0) return;
    try {
      const live = await this.liveAmong(hashes);
      for (const hash of hashes) if (!live.has(hash)) this.ended(hash);
    } catch (error) {
      this.onError(error);
    }
  }
}
