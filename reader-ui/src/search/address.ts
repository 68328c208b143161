import type { SearchScope } from '@epos/schemas/search/documents';
import { readerRoutes } from '@epos/schemas/reader-routes';

/**
 * What the top navigation's search box needs of the search page's address (`/search?q&t&phrase&
 * author&journal`), kept apart from the page's own helpers (paths.ts) so the first download stays small.
 */

export const SEARCH_PATH = readerRoutes.search.path;

/** Tabs whose hits can be filtered by author and blog. */
export const filteredScopes: readonly SearchScope[] = ['posts', 'comments'];

export interface SearchState {
  /** Trimmed; '' means nothing is searched. */
  readonly q: string;
  readonly t: SearchScope;
  readonly phrase: boolean;
  /** A user id (posts and comments only). */
  readonly author: string | null;
  /** A blog slug (posts and comments only). */
  readonly journal: string | null;
}

/** The searched words of a query string, trimmed, inner spaces collapsed; '' for none. */
export function searchWordsFrom(params: URLSearchParams): string {
  return (params.get('q') ?? '').trim().replace(/\s+/g, ' ');
}

export function stateParams(state: Partial<SearchState> & { readonly q: string }): URLSearchParams {
  const params = new URLSearchParams({ q: state.q.trim() });
  if (state.t !== undefined) params.set('t', state.t);
  if (state.phrase === true) params.set('phrase', 'true');
  const filtered = state.t !== undefined && filteredScopes.includes(state.t);
  if (filtered && state.author) params.set('author', state.author);
  if (filtered && state.journal) params.set('journal', state.journal);
  return params;
}

/** `/search?q=…` (and `t`, `phrase`, and the filters on the tabs that have them). */
export function searchPath(state: Partial<SearchState> & { readonly q: string }): string {
  return `${SEARCH_PATH}?${stateParams(state).toString()}`;
}

export function suggestApiUrl(q: string): string {
  return `/api/v2/search/suggest?${new URLSearchParams({ q }).toString()}`;
}
