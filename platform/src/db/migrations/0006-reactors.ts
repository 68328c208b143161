import { sql, type Kysely } from 'kysely';

/**
 * Where each reactor has got to in the event log, and the effects already carried out (a mail
 * sent): the checkpoint keeps an effect from being lost, the job ids and the record keep one
 * from being carried out twice when events are reacted to again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reactor_checkpoints (
      name text primary key,
      position bigint not null default 0,
      error text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  // The accounts and blogs reactors take over from routes that carried out these effects
  // themselves: on a site that already has events they start at its head, so nothing done
  // before is done again. A reactor added later starts from position 0 unless it says otherwise.
  await sql`
    insert into reactor_checkpoints (name, position)
    select name, coalesce((select max(global_position) from events), 0) from (values ('accounts'), ('blogs')) as reactors(name)`.execute(db);
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
