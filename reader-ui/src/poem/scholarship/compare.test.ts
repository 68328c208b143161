import { describe, expect, it } from 'vitest';
import { compareApiUrl, comparePath, differCount, parseComparePath } from './compare';

describe('compare addresses', () => {
  it('parses the path and the editions', () => {
    expect(parseComparePath('/compare/1/2/3', '?a=centenary&b=revised')).toEqual({ book: 1, canto: 2, section: 3, a: 'centenary', b: 'revised' });
    expect(parseComparePath('/compare/1/2/3/', 'a=revised&b=first')).toEqual({ book: 1, canto: 2, section: 3, a: 'revised', b: 'first' });
  });

  it('falls back to first → revised for missing or unknown editions', () => {
    expect(parseComparePath('/compare/4/5/6')).toEqual({ book: 4, canto: 5, section: 6, a: 'first', b: 'revised' });
    expect(parseComparePath('/compare/4/5/6', '?a=Revised&b=latest')).toEqual({ book: 4, canto: 5, section: 6, a: 'first', b: 'revised' });
  });

  it('rejects other paths', () => {
    expect(parseComparePath('/compare/1/2')).toBeNull();
    expect(parseComparePath('/compare/0/1/1')).toBeNull();
    expect(parseComparePath('/compare/1/x/1')).toBeNull();
    expect(parseComparePath('/1/2/3')).toBeNull();
    expect(parseComparePath('/compare/1/2/3/4')).toBeNull();
  });

  it('builds the page and API addresses, and round-trips', () => {
    const address = { book: 1, canto: 2, section: 3, a: 'first', b: 'centenary' } as const;
    expect(comparePath(address)).toBe('/compare/1/2/3?a=first&b=centenary');
    expect(compareApiUrl(address)).toBe('/api/compare/1/2/3?a=first&b=centenary');
    const [path, query] = comparePath(address).split('?');
    expect(parseComparePath(path!, query)).toEqual(address);
  });

  it('counts the differing sentences', () => {
    expect(differCount(0)).toBe('No sentences differ');
    expect(differCount(1)).toBe('1 sentence differs');
    expect(differCount(3)).toBe('3 sentences differ');
  });
});
