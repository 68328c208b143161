/**
 * Pure logic of search-in-book (`?search=term`): where a term occurs in a text.
 * Matching is case-insensitive and by substring (so "lamp" also finds "Lamps" and
 * "lamplight"), not whole words; whitespace in the term matches any run of whitespace.
 */

/** The term from a query string (`?search=…`, the `?` optional), trimmed; null when absent or blank. */
export function searchTermFrom(search: string): string | null {
  const term = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('search');
  if (term === null) return null;
  const trimmed = term.trim().replace(/\s+/g, ' ');
  return trimmed === '' ? null : trimmed;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A global, case-insensitive pattern for the term (null for a blank term). */
export function searchPattern(term: string): RegExp | null {
  const trimmed = term.trim();
  if (trimmed === '') return null;
  const source = trimmed.split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(source, 'giu');
}

export interface Match {
  readonly start: number;
  readonly end: number;
}

/** Every non-overlapping occurrence of the term in the text, in order. */
export function findMatches(text: string, term: string): Match[] {
  const pattern = searchPattern(term);
  if (pattern === null) return [];
  const matches: Match[] = [];
  for (const m of text.matchAll(pattern)) {
    if (m[0] === '') continue;
    matches.push({ start: m.index, end: m.index + m[0].length });
  }
  return matches;
}

/** "3 matches for “lamp”", "No matches for “lamp”". */
export function matchSummary(count: number, term: string): string {
  if (count === 0) return `No matches for “${term}”`;
  return count === 1 ? `1 match for “${term}”` : `${count} matches for “${term}”`;
}

/** Where to scroll so the hit sits `offset` px below the top (the sticky bar): never above the page. */
export function scrollTargetY(hitTop: number, scrollY: number, offset = 75): number {
  return Math.max(0, Math.round(hitTop + scrollY - offset));
}
