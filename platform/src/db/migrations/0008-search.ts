import { sql, type Kysely } from 'kysely';

/**
 * Full-text search (issue 18): `unaccent` (a trusted extension shipped with PostgreSQL) and the
 * English configuration of the search index, `public.epos_english`: English stemming over words
 * whose accents are removed first, so "Savitri" finds "Sāvitrī". The search read model's own
 * schema (rm_search_v<version>) names it qualified.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists unaccent with schema public`.execute(db);
  await sql`create text search configuration public.epos_english (copy = pg_catalog.english)`.execute(db);
  await sql`alter text search configuration public.epos_english alter mapping for hword, hword_part, word with public.unaccent, pg_catalog.english_stem`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop text search configuration if exists public.epos_english`.execute(db);
  await sql`drop extension if exists unaccent`.execute(db);
}
