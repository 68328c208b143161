import { sql, type Kysely } from 'kysely';

/**
 * Trigram indexes (pg_trgm, a trusted extension shipped with PostgreSQL) let the console's lists
 * find a substring of a name, an email or a title (`ilike '%…%'`) without reading the whole table.
 * Installed in public so that every read model's schema can name `public.gin_trgm_ops`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop extension if exists pg_trgm`.execute(db);
}
