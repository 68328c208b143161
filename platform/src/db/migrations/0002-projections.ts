import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projection_checkpoints (
      name text not null,
      version integer not null,
      position bigint not null default 0,
      status text not null default 'catching-up',
      error text,
      updated_at timestamptz not null default now(),
      primary key (name, version)
    )`.execute(db);
  await sql`
    create table projection_active (
      name text primary key,
      version integer not null,
      activated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table projection_active`.execute(db);
  await sql`drop table projection_checkpoints`.execute(db);
}
