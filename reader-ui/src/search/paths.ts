/**
 * The search page's state read from its address, the API's addresses and the tabs, as pure
 * functions: the address is the page's state, so a search can be shared and the back button
 * returns to it. (What the top box needs is in address.ts, in the reader's first download.)
 */

// types only: the schemas module brings zod, which stays out of the reader's bundle
import { scopeNamed, type SearchScope } from '@epos/schemas/search/scopes';
import { filteredScopes, searchWordsFrom, stateParams, type SearchState } from './address';

export { filteredScopes, searchPath, suggestApiUrl, type SearchState } from './address';

const scopeLabels: Readonly<Record<SearchScope, string>> = {
  first: 'First edition',
  centenary: 'Centenary edition',
  revised: 'Revised edition',
  translations: 'Translations',
  notes: 'Notes',
  commentary: 'Commentary',
  posts: 'Posts',
  comments: 'Comments',
  pages: 'Pages',
  books: 'Books',
};

/** Every scope in the tabs' order (the schema's; paths.test.ts checks they agree). */
export const searchScopes = Object.keys(scopeLabels) as SearchScope[];

/** The poem's tabs: their hits open a section of the poem. */
const poemScopes: readonly SearchScope[] = ['first', 'centenary', 'revised'];

/**
 * Whether a hit gets a 'Search in book' link: a poem hit whose link carries the words for the reader
 * to highlight (a verse). A book's, canto's or section's name opens its part through its title.
 */
export function searchesInBook(hit: { readonly scope: SearchScope; readonly link: string }): boolean {
  const query = hit.link.split('#', 1)[0]!.split('?')[1] ?? '';
  return poemScopes.includes(hit.scope) && new URLSearchParams(query).has('search');
}

function nonBlank(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The state in a query string (`?` optional); unknown scopes fall back to the First edition. */
export function parseSearchState(search: string): SearchState {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const t = params.get('t');
  const scope = scopeNamed(t) ?? 'first';
  const filtered = filteredScopes.includes(scope);
  return {
    q: searchWordsFrom(params),
    t: scope,
    phrase: params.get('phrase') === 'true',
    author: filtered ? nonBlank(params.get('author')) : null,
    journal: filtered ? nonBlank(params.get('journal')) : null,
  };
}

/** `GET /api/v2/search` for one page (from 1) of the state's scope. */
export function searchApiUrl(state: SearchState, page: number): string {
  const params = stateParams(state);
  params.set('page', String(page));
  return `/api/v2/search?${params.toString()}`;
}

/** `GET /api/v2/search/download`: every hit of the scope as a markdown file. */
export function downloadApiUrl(state: SearchState): string {
  const params = new URLSearchParams({ q: state.q, t: state.t });
  if (state.phrase) params.set('phrase', 'true');
  return `/api/v2/search/download?${params.toString()}`;
}

/**
 * The tabs to show: every scope with hits, and the chosen one even without (so the reader sees
 * where they are), in the schema's order.
 */
export function visibleScopes(counts: Readonly<Record<SearchScope, number>> | null, chosen: SearchScope): SearchScope[] {
  return searchScopes.filter((scope) => scope === chosen || (counts?.[scope] ?? 0) > 0);
}

/** "1,234", or "1,000+" for a count the server stopped at. */
function countLabel(count: number, capped: boolean): string {
  return `${count.toLocaleString('en')}${capped ? '+' : ''}`;
}

/** "Posts (3)", "First edition (1,000+)". */
export function tabLabel(scope: SearchScope, count: number | undefined, capped = false): string {
  return count === undefined ? scopeLabels[scope] : `${scopeLabels[scope]} (${countLabel(count, capped)})`;
}

/** The heading over the hits: "No results", "1 result", "1,000+ results". */
export function resultCount(total: number, capped: boolean): string {
  if (total === 0) return 'No results';
  return total === 1 && !capped ? '1 result' : `${countLabel(total, capped)} results`;
}
