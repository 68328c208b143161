import { sql, type Kysely } from 'kysely';
import { searchScopes, type SearchHit, type SearchQuery, type SearchResult, type SearchScope } from '@epos/schemas/search/documents';
import type { Database } from '../../db/database.js';
import type { SearchIndex, SearchWriter } from '../port.js';
import { markedToHtml, MARK_START, MARK_STOP } from '../snippet.js';
import { suggestionKey, WORD } from '../suggestion-terms.js';
import { PostgresSearchWriter } from './postgres-search-writer.js';
import { createSearchTables } from './schema.js';
import { matchingDocuments, parseQuery, rowQuery } from './matching.js';
import { configurationOf, searchable, unsearchable } from './text-search.js';

/** Where the search read model is served from now (ProjectionProgress answers it). */
export interface ReadModelSchemas {
  schemaOf(name: string): Promise<string>;
}

const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_STOP}", MaxWords=40, MinWords=20, ShortWord=2`;
/**
 * Ranking reads every hit's whole vector: a scope with more hits than this (a very common word) is
 * ordered by poem order and newest first alone.
 */
const MAX_RANKED_HITS = 2000;
/** Words of a query looked up for "did you mean". */
const MAX_CORRECTED_WORDS = 8;
/** ts_headline reads the whole text: a long post is cut to its beginning for the snippet. */
const SNIPPET_SOURCE_CHARS = 20_000;

interface HitRow {
  id: string;
  scope: SearchScope;
  title: string;
  link: string;
  sentence: string | null;
  date: Date | null;
  snippet: string;
}

/**
 * The default search index: PostgreSQL full text in the search projection's schema. Documents are
 * matched with each language's own configuration (one GIN lookup per distinct reading of the
 * query), counted per scope in one query, ranked by ts_rank with titles weighing more,
 * ties in poem order then newest first.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly adapter = 'postgres';

  constructor(
    private readonly database: Pick<Database, 'db'>,
    private readonly readModels: ReadModelSchemas,
    private readonly projection = 'search',
  ) {}

  async setup(db: Kysely<unknown>): Promise<void> {
    await createSearchTables(db);
  }

  writer(db: Kysely<unknown>): SearchWriter {
    return new PostgresSearchWriter(db);
  }

  /** The read models switch versions themselves (ProjectionProgress). */
  async activate(): Promise<void> {}

  async search(query: SearchQuery): Promise<SearchResult> {
    const counts = Object.fromEntries(searchScopes.map((s) => [s, 0])) as Record<SearchScope, number>;
    const schema = await this.readModels.schemaOf(this.projection);
    const { db } = this.database;
    const groups = await parseQuery(db, query);
    if (groups.length === 0) return { counts, hits: [], total: 0 };
    const matches = matchingDocuments(schema, groups, query);
    const counted = await sql<{ scope: SearchScope; n: number }>`select d.scope, count(*)::int as n from ${matches} group by d.scope`.execute(db);
    for (const { scope, n } of counted.rows) counts[scope] = n;
    const total = counts[query.scope];
    const offset = (Math.max(1, query.page) - 1) * query.pageSize;
    if (offset >= total) return { counts, total, hits: [] };
    const rank = total <= MAX_RANKED_HITS ? sql`ts_rank(d.vector, ${rowQuery(groups)})` : sql`0`;
    const page = await sql<HitRow>`
      select d.id, d.scope, d.title, d.link, d.sentence, d.date,
        ts_headline(${configurationOf('d.language')}, ${searchable(`left(d.text, ${SNIPPET_SOURCE_CHARS})`)}, ${rowQuery(groups)}, ${HEADLINE_OPTIONS}) as snippet
      from (
        select d.*, ${rank} as rank from ${matches} and d.scope = ${query.scope}
        order by rank desc, d.ord asc nulls last, d.date desc nulls last, d.id
        limit ${query.pageSize} offset ${offset}
      ) d
      order by d.rank desc, d.ord asc nulls last, d.date desc nulls last, d.id`.execute(db);
    return { counts, total, hits: page.rows.map(toHit) };
  }

  async suggest(prefix: string, limit: number): Promise<string[]> {
    const key = suggestionKey(prefix);
    if (key === '' || limit < 1) return [];
    const schema = await this.readModels.schemaOf(this.projection);
    const rows = await sql<{ label: string }>`
      select label from ${sql.id(schema, 'suggestions')} where key like ${likePrefix(key)}
      order by documents desc, key limit ${limit}`.execute(this.database.db);
    return rows.rows.map((r) => r.label);
  }

  async didYouMean(q: string): Promise<string | null> {
    const words = [...new Set([...q.matchAll(WORD)].map(([word]) => suggestionKey(word)))].slice(0, MAX_CORRECTED_WORDS);
    if (words.length === 0) return null;
    const schema = await this.readModels.schemaOf(this.projection);
    const suggestions = sql.id(schema, 'suggestions');
    const { rows } = await sql<{ word: string; fix: string | null }>`
      select w.word, (
        select s.key from ${suggestions} s
        where s.key operator(public.%) w.word and position(' ' in s.key) = 0
        order by public.similarity(s.key, w.word) desc, s.documents desc, s.key limit 1
      ) as fix
      from unnest(${words}::text[]) w(word)
      where not exists (select from ${suggestions} k where k.key = w.word collate "C")`.execute(this.database.db);
    const fixes = new Map(rows.filter((r) => r.fix !== null).map((r) => [r.word, r.fix!]));
    if (fixes.size === 0) return null;
    return q.replace(WORD, (word) => fixes.get(suggestionKey(word)) ?? word).trim();
  }

  async close(): Promise<void> {}
}

function likePrefix(key: string): string {
  return `${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function toHit(row: HitRow): SearchHit {
  return {
    id: row.id,
    scope: row.scope,
    title: row.title,
    link: row.link,
    sentence: row.sentence === null ? null : Number(row.sentence),
    date: row.date === null ? null : row.date.toISOString(),
    snippet: markedToHtml(unsearchable(row.snippet)),
  };
}
