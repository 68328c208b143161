import { Client, Errors } from 'typesense';
import type { SearchResponseHit } from 'typesense/lib/Typesense/Documents.js';
import { searchScopes, type SearchHit, type SearchQuery, type SearchResult, type SearchScope } from '@epos/schemas/search/documents';
import type { ReadModelSchemas, SearchIndex, SearchWriter } from '../port.js';
import { capCounts, FILTERED_SEARCH_SCOPES, nothingSearched } from '../counts.js';
import { onlyCommonWords } from '../common-words.js';
import { markedToHtml, MARK_START, MARK_STOP } from '../snippet.js';
import { suggestionKey } from '../suggestion-terms.js';
import {
  documentsCollection,
  documentsSchema,
  filterValue,
  suggestionsCollection,
  suggestionsSchema,
  type TypesenseDocument,
  type TypesenseSuggestion,
} from './collections.js';
import { TypesenseSearchWriter } from './typesense-search-writer.js';

export interface TypesenseSearchOptions {
  url: string;
  apiKey: string;
  /** Collections are `<prefix>_v<version>`, the alias `<prefix>`. */
  prefix?: string;
  /** The search projection's name, whose active version the reads follow. */
  projection?: string;
}

const SNIPPET_FALLBACK_CHARS = 240;

/**
 * Typesense (TYPESENSE_URL): a collection per version of the search projection (and one of
 * autocomplete entries beside it). Reads follow the version the read models are served from, like
 * PostgreSQL's; `activate` also points the `<prefix>` alias at it for other readers, and drops the
 * versions before the previous one. Typo tolerance and stemming are Typesense's.
 */
export class TypesenseSearchIndex implements SearchIndex {
  readonly adapter = 'typesense';
  private readonly client: Client;
  private readonly prefix: string;
  private readonly projection: string;

  constructor(
    options: TypesenseSearchOptions,
    private readonly readModels: ReadModelSchemas,
  ) {
    this.client = new Client({ nodes: [{ url: options.url }], apiKey: options.apiKey, connectionTimeoutSeconds: 5, numRetries: 2, logLevel: 'silent' });
    this.prefix = options.prefix ?? 'epos_search';
    this.projection = options.projection ?? 'search';
  }

  /** A version set up again (after a failed first run) starts from empty collections. */
  async setup(_db: unknown, version: number): Promise<void> {
    for (const [name, schema] of [
      [documentsCollection(this.prefix, version), documentsSchema],
      [suggestionsCollection(this.prefix, version), suggestionsSchema],
    ] as const) {
      await this.dropCollection(name);
      await this.client.collections().create(schema(name));
    }
  }

  writer(_db: unknown, version: number): SearchWriter {
    return new TypesenseSearchWriter(this.client, documentsCollection(this.prefix, version), suggestionsCollection(this.prefix, version));
  }

  async activate(version: number): Promise<void> {
    await this.client.aliases().upsert(this.prefix, { collection_name: documentsCollection(this.prefix, version) });
    const stale = new RegExp(`^${this.prefix}_v(\\d+)$`);
    for (const { name } of await this.client.collections().retrieve()) {
      const older = Number(stale.exec(name)?.[1]);
      if (older < version - 1) await this.dropVersion(older);
    }
  }

  /** Removes a version's collections (a test's, or one no longer served). */
  async dropVersion(version: number): Promise<void> {
    await this.dropCollection(documentsCollection(this.prefix, version));
    await this.dropCollection(suggestionsCollection(this.prefix, version));
  }

  async search(query: SearchQuery): Promise<SearchResult> {
    if (onlyCommonWords(query.q)) return nothingSearched(true);
    const q = typesenseQuery(query);
    if (q === null) return nothingSearched(false);
    const documents = this.client.collections<TypesenseDocument>(documentsCollection(this.prefix, await this.activeVersion())).documents();
    const filters = postFilters(query);
    const common = { q, query_by: 'title,text,text_zh', query_by_weights: '2,1,1' };
    const [page, facets] = await Promise.all([
      documents.search(
        {
          ...common,
          filter_by: [`scope:=${query.scope}`, ...filters].join(' && '),
          sort_by: '_text_match:desc,ord:asc,newest:desc',
          page: Math.max(1, query.page),
          per_page: query.pageSize,
          highlight_fields: 'text,text_zh',
          highlight_start_tag: MARK_START,
          highlight_end_tag: MARK_STOP,
          highlight_affix_num_tokens: 12,
          snippet_threshold: 40,
          exclude_fields: 'text_zh',
        },
        {},
      ),
      query.countOthers === false
        ? null
        : documents.search(
            {
              ...common,
              ...(filters.length > 0 ? { filter_by: filters.join(' && ') } : {}),
              facet_by: 'scope',
              max_facet_values: searchScopes.length,
              per_page: 0,
            },
            {},
          ),
    ]);
    const raw: Partial<Record<SearchScope, number>> = { [query.scope]: page.found };
    for (const { value, count } of facets?.facet_counts?.[0]?.counts ?? [])
      if ((searchScopes as readonly string[]).includes(value)) raw[value as SearchScope] = count;
    // Capped as the PostgreSQL index counts them, so that tabs read the same whichever serves.
    const { counts, capped } = capCounts(raw);
    const more = Math.max(1, query.page) * query.pageSize < page.found;
    return { counts, capped, total: counts[query.scope], hits: (page.hits ?? []).map(toHit), more, commonWordsOnly: false };
  }

  async suggest(prefix: string, limit: number): Promise<string[]> {
    const key = suggestionKey(prefix).replaceAll('*', ' ').trim();
    if (key === '' || limit < 1) return [];
    const found = await this.client
      .collections<TypesenseSuggestion>(suggestionsCollection(this.prefix, await this.activeVersion()))
      .documents()
      .search(
        { q: key, query_by: 'key', prefix: true, num_typos: 0, sort_by: 'documents:desc,key:asc', per_page: Math.min(limit, 250), include_fields: 'label' },
        {},
      );
    return (found.hits ?? []).map((h) => h.document.label);
  }

  async close(): Promise<void> {}

  private async activeVersion(): Promise<number> {
    const schema = await this.readModels.schemaOf(this.projection);
    const version = /_v(\d+)$/.exec(schema)?.[1];
    if (version === undefined) throw new Error(`Unexpected read-model schema ${schema}`);
    return Number(version);
  }

  private async dropCollection(name: string): Promise<void> {
    try {
      await this.client.collections(name).delete();
    } catch (error) {
      if (!(error instanceof Errors.ObjectNotFound)) throw error;
    }
  }
}

/** The query as Typesense reads it: quotes for a phrase, no wildcard; null when nothing is left to search. */
function typesenseQuery(query: SearchQuery): string | null {
  // eslint-disable-next-line no-control-regex
  const words = query.q.replace(/[\u0000-\u001f\u007f*]/g, ' ').trim();
  if (words === '') return null;
  return query.phrase ? `"${words.replaceAll('"', ' ').trim()}"` : words;
}

/** The author and blog filters, for posts and comments only: the other scopes keep their counts. */
function postFilters(query: SearchQuery): string[] {
  const conditions = [
    ...(query.author === undefined ? [] : [`author:=${filterValue(query.author)}`]),
    ...(query.blog === undefined ? [] : [`blog:=${filterValue(query.blog)}`]),
  ];
  return conditions.length === 0 ? [] : [`(scope:!=[${FILTERED_SEARCH_SCOPES.join(',')}] || (${conditions.join(' && ')}))`];
}

function toHit(hit: SearchResponseHit<TypesenseDocument>): SearchHit {
  const { document } = hit;
  const highlight = hit.highlight as { text?: { snippet?: string }; text_zh?: { snippet?: string } };
  const marked = highlight.text?.snippet ?? highlight.text_zh?.snippet ?? document.text.slice(0, SNIPPET_FALLBACK_CHARS);
  return {
    id: document.ref,
    scope: document.scope,
    title: document.title,
    link: document.link,
    sentence: document.sentence ?? null,
    date: document.newest === 0 ? null : new Date(document.newest).toISOString(),
    snippet: markedToHtml(marked),
  };
}
