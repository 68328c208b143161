import { sql, type Kysely } from 'kysely';

/** Secrets the site signs links with (unsubscribe links), made on first use and shared by every process. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table site_secrets (name text primary key, secret bytea not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table site_secrets`.execute(db);
}
