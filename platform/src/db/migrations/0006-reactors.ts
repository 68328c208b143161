import { sql, type Kysely } from 'kysely';

/**
 * Where each reactor has got to in the event log, and the effects already carried out (a mail
 * sent): the checkpoint makes the normal path exactly once, the record makes a replay harmless.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reactor_checkpoints (
      name text primary key,
      position bigint not null default 0,
      error text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table effects_done (
      key text primary key,
      done_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table effects_done`.execute(db);
  await sql`drop table reactor_checkpoints`.execute(db);
}
