import { sql, type Kysely } from 'kysely';

/**
 * Events about account secrets waiting to be appended: written in the transaction that changes the
 * secrets (a confirmed email, a new password), so the two can never disagree; an event leaves the
 * outbox once the event store holds it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table account_outbox (
      event_id uuid primary key,
      stream_id text not null,
      type text not null,
      data jsonb not null,
      cause jsonb not null,
      recorded_at timestamptz not null default clock_timestamp()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table account_outbox`.execute(db);
}
