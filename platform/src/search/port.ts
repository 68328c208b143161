import type { Kysely } from 'kysely';
import type { SearchDocument, SearchQuery, SearchResult } from '@epos/schemas/search/documents';

/** Where the search read model is served from now (ProjectionProgress answers it). */
export interface ReadModelSchemas {
  schemaOf(name: string): Promise<string>;
  /** The served schema and the position it has applied, when known: counts are cached under it. */
  appliedOf?(name: string): { schema: string; position: bigint } | null;
}

/** What to remove at once: one thing, a sentence's documents, a post with its comments, an author's everything (erasure). */
export type SearchRemoval = { ids: readonly string[] } | { sentence: number } | { post: string } | { author: string };

/**
 * The writes of one batch of the search projection. The PostgreSQL index writes them in the batch's
 * own transaction (`db`, with the projection's checkpoint); Typesense sends them over HTTP (upserts
 * are idempotent, so a batch applied again after a crash changes nothing).
 */
export interface SearchWriter {
  /**
   * A document's id fixes its scope: the same id is never upserted in another scope. `replacing`:
   * what these documents replace as the projection last wrote them (for the autocomplete counts),
   * so that an index written in the projection's transaction need not read them back; without it,
   * or where writes are not transactional (Typesense), the index reads what it holds.
   */
  upsert(documents: readonly SearchDocument[], replacing?: readonly Pick<SearchDocument, 'id' | 'scope' | 'title' | 'text'>[]): Promise<void>;
  remove(removal: SearchRemoval): Promise<void>;
}

/**
 * The search port: one index, PostgreSQL full text by default or Typesense (TYPESENSE_URL), chosen by
 * configuration like the event store and the jobs. The search projection builds it from the log.
 */
export interface SearchIndex {
  readonly adapter: 'postgres' | 'typesense';
  /** Creates the index for a new version of the search projection (in its fresh schema for PostgreSQL; a new collection for Typesense). */
  setup(db: Kysely<unknown>, version: number): Promise<void>;
  writer(db: Kysely<unknown>, version: number): SearchWriter;
  /** Once a rebuilt version has caught up: Typesense points its alias at the new collection; PostgreSQL's read models switch themselves. */
  activate(version: number): Promise<void>;
  search(query: SearchQuery): Promise<SearchResult>;
  /** Up to `limit` completions of `prefix` from the poem's words, post titles and page names. */
  suggest(prefix: string, limit: number): Promise<string[]>;
  /**
   * "Did you mean": the query with each word the poem and the titles do not hold replaced by the
   * closest one they do (trigram similarity); null when every word is known or nothing is close.
   * Absent where the engine is typo-tolerant itself (Typesense).
   */
  didYouMean?(q: string): Promise<string | null>;
  close(): Promise<void>;
}
