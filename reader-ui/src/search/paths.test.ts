import { describe, expect, it } from 'vitest';
import { searchScopes as schemaScopes } from '@epos/schemas/search/documents';
import {
  downloadApiUrl,
  parseSearchState,
  searchApiUrl,
  searchesInBook,
  searchPath,
  searchScopes,
  suggestApiUrl,
  resultCount,
  tabLabel,
  visibleScopes,
} from './paths';

const none = Object.fromEntries(schemaScopes.map((s) => [s, 0])) as Record<(typeof schemaScopes)[number], number>;

describe('search addresses', () => {
  it('lists the scopes in the schema order, each labelled in words', () => {
    expect(searchScopes).toEqual([...schemaScopes]);
    expect(tabLabel('centenary', 4)).toBe('Centenary edition (4)');
    expect(tabLabel('posts', undefined)).toBe('Posts');
    expect(tabLabel('first', 1000, true)).toBe('First edition (1,000+)');
    expect(tabLabel('posts', 1234)).toBe('Posts (1,234)');
    expect([resultCount(0, false), resultCount(1, false), resultCount(20, false), resultCount(1000, true)]).toEqual([
      'No results',
      '1 result',
      '20 results',
      '1,000+ results',
    ]);
  });

  it('reads the state from the address, tidying the words and falling back on unknown scopes', () => {
    expect(parseSearchState('?q=%20lamp%20%20light%20&t=revised')).toEqual({ q: 'lamp light', t: 'revised', phrase: false, author: null, journal: null });
    expect(parseSearchState('t=nope').t).toBe('first');
    expect(parseSearchState('').q).toBe('');
    expect(parseSearchState('?q=a&phrase=true').phrase).toBe(true);
  });

  it('keeps the author and blog filters only on the tabs that have them', () => {
    const id = '0b7c6f7e-7b0e-4c8e-9a55-2b8f5e0a1c11';
    expect(parseSearchState(`?q=a&t=posts&author=${id}&journal=notes`)).toMatchObject({ author: id, journal: 'notes' });
    expect(parseSearchState(`?q=a&t=first&author=${id}&journal=notes`)).toMatchObject({ author: null, journal: null });
    expect(searchPath({ q: 'a', t: 'comments', author: id, journal: 'notes' })).toBe(`/search?q=a&t=comments&author=${id}&journal=notes`);
    expect(searchPath({ q: 'a', t: 'notes', author: id, journal: 'notes' })).toBe('/search?q=a&t=notes');
  });

  it('round-trips a state through its address', () => {
    const state = { q: 'O lamp & “evening”', t: 'posts', phrase: true, author: null, journal: 'poetry-notes' } as const;
    expect(parseSearchState(searchPath(state).split('?')[1]!)).toEqual(state);
    expect(searchPath({ q: ' lamp ' })).toBe('/search?q=lamp');
  });

  it('builds the API addresses, paging from 1', () => {
    const state = parseSearchState('?q=lamp&t=posts&journal=b&phrase=true');
    expect(searchApiUrl(state, 2)).toBe('/api/v2/search?q=lamp&t=posts&phrase=true&journal=b&page=2');
    expect(downloadApiUrl(state)).toBe('/api/v2/search/download?q=lamp&t=posts&phrase=true');
    expect(suggestApiUrl('a b')).toBe('/api/v2/search/suggest?q=a+b');
  });

  it('shows the tabs with hits, and the chosen one even without', () => {
    expect(visibleScopes({ ...none, revised: 2, posts: 1 }, 'notes')).toEqual(['revised', 'notes', 'posts']);
    expect(visibleScopes(null, 'comments')).toEqual(['comments']);
  });

  it("gives 'Search in book' to a verse hit carrying its words, not to a canto's name nor outside the poem", () => {
    expect(searchesInBook({ scope: 'revised', link: '/1/1/1/revised?search=panther' })).toBe(true);
    expect(searchesInBook({ scope: 'first', link: '/1/1/2' })).toBe(false);
    expect(searchesInBook({ scope: 'first', link: '/1/1/2#search=x' })).toBe(false);
    expect(searchesInBook({ scope: 'notes', link: '/1/1/1?search=x' })).toBe(false);
  });
});
