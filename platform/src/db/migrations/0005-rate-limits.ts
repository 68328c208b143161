import { sql, type Kysely } from 'kysely';

/**
 * Request counters shared by every API process, one row per key and time window. Unlogged: the
 * counts need not survive a database crash, and skipping the write-ahead log keeps each hit cheap.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unlogged table rate_limits (
      key text primary key,
      hits integer not null,
      window_ends_at timestamptz not null
    )`.execute(db);
  await sql`create index rate_limits_window_ends_at on rate_limits (window_ends_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limits`.execute(db);
}
