import { SEARCH_COUNT_CAP, searchScopes, type SearchResult, type SearchScope } from '@epos/schemas/search/documents';

/** Scopes the author and blog filters apply to; the other tabs keep their counts. */
export const FILTERED_SEARCH_SCOPES: readonly SearchScope[] = ['posts', 'comments'];

/**
 * Counts as the tabs show them, whichever index counted: each at most SEARCH_COUNT_CAP, the scopes
 * over it listed in `capped`; a scope left uncounted reads 0.
 */
export function capCounts(raw: Partial<Record<SearchScope, number>>): { counts: Record<SearchScope, number>; capped: SearchScope[] } {
  const counts = Object.fromEntries(searchScopes.map((s) => [s, Math.min(raw[s] ?? 0, SEARCH_COUNT_CAP)])) as Record<SearchScope, number>;
  return { counts, capped: searchScopes.filter((s) => (raw[s] ?? 0) > SEARCH_COUNT_CAP) };
}

/** The answer of a search that found nothing to search for: every tab at 0. */
export function nothingSearched(commonWordsOnly: boolean): SearchResult {
  return { ...capCounts({}), hits: [], total: 0, more: false, commonWordsOnly };
}
