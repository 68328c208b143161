import { sql, type Kysely } from 'kysely';

/**
 * The event a stopped projection could not apply (its position, stream and type, beside the
 * error), and how many times an operator asked for each read model to be rebuilt beside the one
 * serving (`npm run rebuild`): each request runs the projection under a version one higher.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table projection_checkpoints
      add column failed_position bigint,
      add column failed_stream text,
      add column failed_type text`.execute(db);
  await sql`
    create table projection_rebuilds (
      name text primary key,
      rebuilds integer not null,
      requested_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table projection_rebuilds`.execute(db);
  await sql`alter table projection_checkpoints drop column failed_position, drop column failed_stream, drop column failed_type`.execute(db);
}
