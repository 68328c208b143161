import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '@epos/platform';
import type { HitCounter, Hits } from './hit-counter.js';

const CLEANUP_EVERY_MS = 60_000;

/**
 * Rate-limit counters in the `rate_limits` table: one atomic upsert per hit, timed by the database's
 * clock so every process agrees on when a window ends. Ended windows are deleted once a minute.
 */
export class PostgresHitCounter implements HitCounter {
  private readonly cleanup: NodeJS.Timeout;

  constructor(
    private readonly db: Kysely<PlatformDatabase>,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.cleanup = setInterval(() => void this.deleteEnded().catch(this.onError), CLEANUP_EVERY_MS);
    this.cleanup.unref();
  }

  async hit(key: string, windowMs: number): Promise<Hits> {
    const { rows } = await sql<{ hits: number; reset_in_ms: number }>`
      insert into rate_limits as r (key, hits, window_ends_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      on conflict (key) do update set
        hits = case when r.window_ends_at <= now() then 1 else r.hits + 1 end,
        window_ends_at = case when r.window_ends_at <= now() then excluded.window_ends_at else r.window_ends_at end
      returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000)::float8 as reset_in_ms`.execute(this.db);
    const row = rows[0]!;
    return { count: row.hits, resetInMs: Math.max(0, row.reset_in_ms) };
  }

  /** Forgets every window that has ended; returns how many it deleted. */
  async deleteEnded(): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('window_ends_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async close(): Promise<void> {
    clearInterval(this.cleanup);
  }
}
