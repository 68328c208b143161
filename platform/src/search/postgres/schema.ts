import { sql, type Kysely } from 'kysely';
import { searchScopes } from '@epos/schemas/search/documents';
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
 * search_path to it): the documents with their stored vector, partitioned by scope so that each
 * scope has its own statistics (the planner walks a scope in order for a word half of it holds and
 * looks a rare one up in the GIN index), and the autocomplete entries with how many documents hold
 * each (by prefix for suggestions, by trigrams for "did you mean").
 */
export async function createSearchTables(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table documents (
      id text not null,
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
      vector tsvector generated always as (${vector}) stored,
      primary key (id, scope)
    ) partition by list (scope)`.execute(db);
  for (const scope of searchScopes)
    await sql`create table ${sql.id(`documents_${scope}`)} partition of documents for values in (${sql.lit(scope)})`.execute(db);
  await sql`create index documents_vector on documents using gin (vector)`.execute(db);
  await sql`create index documents_order on documents (scope, ord asc nulls last, date desc nulls last, id)`.execute(db);
  await sql`create index documents_sentence on documents (sentence) where sentence is not null`.execute(db);
  await sql`create index documents_post on documents (post) where post is not null`.execute(db);
  await sql`create index documents_author on documents (author) where author is not null`.execute(db);
  await sql`create table suggestions (key text collate "C" primary key, label text not null, documents integer not null)`.execute(db);
  await sql`create index suggestions_trigrams on suggestions using gin (key public.gin_trgm_ops)`.execute(db);
}
