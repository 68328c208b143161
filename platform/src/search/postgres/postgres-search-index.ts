import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SEARCH_COUNT_CAP, searchScopes, type SearchHit, type SearchQuery, type SearchResult, type SearchScope } from '@epos/schemas/search/documents';
import type { Database } from '../../db/database.js';
import type { ReadModelSchemas, SearchIndex, SearchWriter } from '../port.js';
import { markedToHtml, MARK_START, MARK_STOP } from '../snippet.js';
import { suggestionKey, WORD } from '../suggestion-terms.js';
import { PostgresSearchWriter } from './postgres-search-writer.js';
import { capCounts, nothingSearched } from '../counts.js';
import { onlyCommonWords } from '../common-words.js';
import { startingWith } from '../../db/like.js';
import { createSearchTables } from './schema.js';
import { anyWordOf, matchingDocuments, parseQuery, rowQuery } from './matching.js';
import { configurationOf, searchable, unsearchable } from './text-search.js';

const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_STOP}", MaxWords=40, MinWords=20, ShortWord=2`;
/** Poem order, then newest first: the documents_order index. */
const DOCUMENT_ORDER = sql`d.ord asc nulls last, d.date desc nulls last, d.id`;
/** Words of a query looked up for "did you mean". */
const MAX_CORRECTED_WORDS = 8;
/** ts_headline reads the whole text: a long post is cut to its beginning for the snippet. */
const SNIPPET_SOURCE_CHARS = 20_000;
/**
 * Before PostgreSQL 18 ts_headline looks for the span holding the whole query from every word on,
 * each look reading on to the text's end: a query of many words, or one not all inside the snippet's
 * source, took seconds a document (two minutes a page of results on 15). There the snippet marks any
 * of the query's words instead, which it finds in one pass. 18 finds the span in one pass.
 */
const WHOLE_QUERY_HEADLINE_SINCE = 180_000;

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
 * query), counted per scope up to SEARCH_COUNT_CAP in one query, ranked by ts_rank with titles
 * weighing more, ties in poem order then newest first.
 */
export class PostgresSearchIndex implements SearchIndex {
  readonly adapter = 'postgres';
  private readonly otherCounts: CountsCache;
  private headlineForm?: Promise<(tsquery: string) => string>;

  constructor(
    private readonly database: Pick<Database, 'db'>,
    private readonly readModels: ReadModelSchemas,
    private readonly projection = 'search',
  ) {
    this.otherCounts = new CountsCache(1000, () => this.readModels.appliedOf?.(this.projection) ?? null);
  }

  async setup(db: Kysely<unknown>): Promise<void> {
    await createSearchTables(db);
  }

  writer(db: Kysely<unknown>): SearchWriter {
    return new PostgresSearchWriter(db);
  }

  /** The read models switch versions themselves (ProjectionProgress). */
  async activate(): Promise<void> {}

  async search(query: SearchQuery): Promise<SearchResult> {
    if (onlyCommonWords(query.q)) return nothingSearched(true);
    const schema = await this.readModels.schemaOf(this.projection);
    const { db } = this.database;
    const groups = await parseQuery(db, query);
    if (groups.length === 0) return nothingSearched(false);
    const matches = (scope: SearchScope) => matchingDocuments(schema, groups, query, scope);
    const offset = (Math.max(1, query.page) - 1) * query.pageSize;
    const headlineQuery = rowQuery(groups, await this.headlineQueryForm());
    const headline = sql`ts_headline(${configurationOf('d.language')}, ${searchable(`left(d.text, ${SNIPPET_SOURCE_CHARS})`)}, ${headlineQuery}, ${HEADLINE_OPTIONS})`;
    // The chosen scope's matches are found once: counted up to one past the cap and, up to the cap,
    // ranked (title above text), ties in poem order then newest first. The other tabs are counted beside it.
    const others = this.otherCounts.lookUp(schema, query);
    const [ranked, counted] = await Promise.all([
      sql<HitRow & { n: number }>`
        with m as materialized (
          select d.id, d.scope, d.title, d.link, d.sentence, d.date, d.language, d.text, d.ord, ts_rank(d.vector, ${rowQuery(groups)}) as rank
          from ${matches(query.scope)} limit ${SEARCH_COUNT_CAP + 1}
        )
        select c.n, d.id, d.scope, d.title, d.link, d.sentence, d.date, ${headline} as snippet
        from (select count(*)::int as n from m) c
        left join lateral (select * from m d where c.n <= ${SEARCH_COUNT_CAP} order by d.rank desc, ${DOCUMENT_ORDER} limit ${query.pageSize + 1} offset ${offset}) d on true
        order by d.rank desc, ${DOCUMENT_ORDER}`.execute(db),
      query.countOthers === false || others.counts !== undefined
        ? others.counts
        : this.countScopes(
            searchScopes.filter((s) => s !== query.scope),
            matches,
          ),
    ]);
    const n = ranked.rows[0]?.n ?? 0;
    if (others.counts === undefined && counted !== undefined) others.keep({ ...counted, [query.scope]: n });
    let rows: HitRow[] = ranked.rows.filter((r) => r.id !== null);
    if (n > SEARCH_COUNT_CAP) {
      // Beyond the cap, unranked: in poem order and newest first, walked along the scope's index.
      rows = (
        await sql<HitRow>`
          select d.id, d.scope, d.title, d.link, d.sentence, d.date, ${headline} as snippet
          from (select d.* from ${matches(query.scope)} order by ${DOCUMENT_ORDER} limit ${query.pageSize + 1} offset ${offset}) d
          order by ${DOCUMENT_ORDER}`.execute(db)
      ).rows;
    }
    const { counts, capped } = capCounts({ ...counted, [query.scope]: n });
    return {
      counts,
      capped,
      total: counts[query.scope],
      hits: rows.slice(0, query.pageSize).map(toHit),
      more: rows.length > query.pageSize,
      commonWordsOnly: false,
    };
  }

  /** The query a snippet marks, by the server's version (WHOLE_QUERY_HEADLINE_SINCE). */
  private headlineQueryForm(): Promise<(tsquery: string) => string> {
    this.headlineForm ??= sql<{ version: number }>`select current_setting('server_version_num')::int as version`
      .execute(this.database.db)
      .then(({ rows }) => (rows[0]!.version >= WHOLE_QUERY_HEADLINE_SINCE ? (q: string) => q : anyWordOf));
    this.headlineForm.catch(() => (this.headlineForm = undefined));
    return this.headlineForm;
  }

  /** Scopes' counts, each up to one past the cap, in one statement. */
  private async countScopes(
    scopes: readonly SearchScope[],
    matches: (scope: SearchScope) => RawBuilder<unknown>,
  ): Promise<Partial<Record<SearchScope, number>>> {
    const counted = sql.join(scopes.map((s) => sql`(select count(*)::int from (select from ${matches(s)} limit ${SEARCH_COUNT_CAP + 1}) c) as ${sql.id(s)}`));
    return (await sql<Record<SearchScope, number>>`select ${counted}`.execute(this.database.db)).rows[0]!;
  }

  async suggest(prefix: string, limit: number): Promise<string[]> {
    const key = suggestionKey(prefix);
    if (key === '' || limit < 1) return [];
    const schema = await this.readModels.schemaOf(this.projection);
    const rows = await sql<{ label: string }>`
      select label from ${sql.id(schema, 'suggestions')} where key like ${startingWith(key)}
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

/**
 * Every tab's counts per query, each valid at the index position it was counted at, so that
 * switching tabs and loading more do not count the others again; the oldest entry goes first.
 */
class CountsCache {
  private readonly entries = new Map<string, { position: bigint; counts: Partial<Record<SearchScope, number>> }>();

  constructor(
    private readonly size: number,
    private readonly applied: () => { schema: string; position: bigint } | null,
  ) {}

  /** The counts kept for this query (undefined when none are valid now), and how to keep new ones. */
  lookUp(
    schema: string,
    query: SearchQuery,
  ): { counts: Partial<Record<SearchScope, number>> | undefined; keep(counts: Partial<Record<SearchScope, number>>): void } {
    const key = JSON.stringify([schema, query.q, query.phrase, query.author ?? null, query.blog ?? null]);
    const applied = this.applied();
    if (applied === null || applied.schema !== schema) return { counts: undefined, keep: () => undefined };
    const entry = this.entries.get(key);
    return {
      counts: entry?.position === applied.position ? entry.counts : undefined,
      keep: (counts) => {
        this.entries.delete(key);
        this.entries.set(key, { position: applied.position, counts });
        if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
      },
    };
  }
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
