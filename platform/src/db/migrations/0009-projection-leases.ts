import { sql, type Kysely } from 'kysely';

/**
 * Who runs each projection version: one holder at a time, renewed while it works and taken over
 * by another process once it has expired (a killed holder renews no more).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projection_leases (
      name text not null,
      version integer not null,
      holder text not null,
      acquired_at timestamptz not null default now(),
      expires_at timestamptz not null,
      primary key (name, version)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table projection_leases`.execute(db);
}
