import { z } from 'zod';
import { scopeAliases, scopeNamed, searchScopes } from './scopes.js';

export { scopeNamed, searchScopes };

/** The scope tabs of search (`t`): see ./scopes.ts. */
export const searchScopeSchema = z.enum(searchScopes, { message: `t: expected one of ${searchScopes.join(', ')}` });
export type SearchScope = z.infer<typeof searchScopeSchema>;

/** `t` in a query: a scope, or an alias of one, answered as the scope. */
export const searchScopeParam = z
  .enum([...searchScopes, ...(Object.keys(scopeAliases) as (keyof typeof scopeAliases)[])], { message: `t: expected one of ${searchScopes.join(', ')}` })
  .transform((value) => scopeNamed(value) ?? 'first');

/** The text-search language of a document: English for the poem, notes, commentary and posts; each translation its own. */
export const searchLanguages = ['en', 'sa', 'hi', 'fr', 'de', 'or', 'zh'] as const;
export const searchLanguageSchema = z.enum(searchLanguages);
export type SearchLanguage = z.infer<typeof searchLanguageSchema>;

/** One searchable thing, with what a hit shows and what filters and ranks it. */
export const searchDocumentSchema = z.object({
  /**
   * Stable per thing: `sentence:<id>:<edition>`, `heading:<b|c|s><part>:<edition>` (a book's, canto's or
   * section's name), `translation:<id>:<lang>`, `note:<id>:<field>`, `commentary:<id>:<layer>`, `post:<uuid>`, `comment:<uuid>`.
   */
  id: z.string().min(1).max(200),
  scope: searchScopeSchema,
  language: searchLanguageSchema,
  title: z.string().max(500),
  text: z.string().max(200_000),
  /** The site path a hit links to. */
  link: z.string().max(1000),
  /** The sentence's permanent id (poem documents), to remove or rank them by poem order. */
  sentence: z.number().int().nullable(),
  /** Poem order for ties (from the running number: a part's heading just before its first sentence); null outside the poem. */
  order: z.number().int().nullable(),
  /** Publication time (posts, comments), newest first for ties. */
  date: z.string().datetime().nullable(),
  /** Author (user id) and blog of a post or comment, for the filters and for erasure. */
  author: z.string().nullable(),
  blog: z.string().nullable(),
  /** The post a comment belongs to (and a post itself), to remove them together. */
  post: z.string().nullable(),
});
export type SearchDocument = z.infer<typeof searchDocumentSchema>;

export const SEARCH_PAGE_SIZE = 20;
/**
 * Hits are counted up to this many per scope: a tab over it reads "1,000+". Counting every match of
 * a word half the poem holds would cost more than the page itself.
 */
export const SEARCH_COUNT_CAP = 1_000;
export const MAX_QUERY_LENGTH = 200;

/** What the search port answers: a count per scope (the tab labels) and one page of the chosen scope. */
export interface SearchHit {
  id: string;
  scope: SearchScope;
  title: string;
  /** HTML: the matched words in `<mark>`, everything else escaped. */
  snippet: string;
  link: string;
  sentence: number | null;
  date: string | null;
}

export interface SearchQuery {
  q: string;
  scope: SearchScope;
  /** From 1. */
  page: number;
  pageSize: number;
  /** The exact phrase, not the words in any order. */
  phrase: boolean;
  /** Posts and comments by this author (user id) / in this blog. */
  author?: string;
  blog?: string;
  /** False when only the chosen scope's hits matter (a download): the other scopes are left at 0. */
  countOthers?: boolean;
}

export interface SearchResult {
  /** Hits per scope, exact up to SEARCH_COUNT_CAP (an engine that counts cheaply may count further). */
  counts: Record<SearchScope, number>;
  /** Scopes with more hits than their count says (over the cap). */
  capped: SearchScope[];
  hits: SearchHit[];
  /** Hits of the chosen scope: its count. */
  total: number;
  /** Whether a page follows this one. */
  more: boolean;
  /**
   * Every word of the query is too common to search (English stop words such as "the", "and",
   * "of", which the index leaves out): nothing was searched.
   */
  commonWordsOnly: boolean;
}
