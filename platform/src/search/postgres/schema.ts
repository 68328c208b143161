import { sql, type Kysely } from 'kysely';
import { configurationOf, searchable } from './text-search.js';

const vector = sql.join(
  [
    sql`setweight(to_tsvector(${configurationOf('language')}, ${searchable('title')}), 'A')`,
    sql`setweight(to_tsvector(${configurationOf('language')}, ${searchable('text')}), 'B')`,
  ],
  sql` || `,
);

/**
 * The search index's tables, created in the search projection's own schema (the runner sets the
 * search_path to it): the documents with their stored vector, and the autocomplete entries with
 * how many documents hold each (by prefix for suggestions, by trigrams for "did you mean").
 */
export async function createSearchTables(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table documents (
      id text primary key,
      scope text not null,
      language text not null,
      title text not null,
      text text not null,
      link text not null,
      sentence bigint,
      ord bigint,
      date timestamptz,
      author text,
      blog text,
      post text,
      vector tsvector generated always as (${vector}) stored
    )`.execute(db);
  await sql`create index documents_vector on documents using gin (vector)`.execute(db);
  await sql`create index documents_scope_order on documents (scope, ord, date)`.execute(db);
  await sql`create index documents_sentence on documents (sentence) where sentence is not null`.execute(db);
  await sql`create index documents_post on documents (post) where post is not null`.execute(db);
  await sql`create index documents_author on documents (author) where author is not null`.execute(db);
  await sql`create table suggestions (key text collate "C" primary key, label text not null, documents integer not null)`.execute(db);
  await sql`create index suggestions_trigrams on suggestions using gin (key public.gin_trgm_ops)`.execute(db);
}
