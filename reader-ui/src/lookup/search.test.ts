import { describe, expect, it } from 'vitest';
import { findMatches, matchSummary, scrollTargetY, searchPattern, searchTermFrom } from './search';

describe('search term', () => {
  it('comes from ?search=, trimmed', () => {
    expect(searchTermFrom('?search=lamp')).toBe('lamp');
    expect(searchTermFrom('search=%20the%20%20lamp%20&asOf=2026-01-01')).toBe('the lamp');
    expect(searchTermFrom('?search=')).toBeNull();
    expect(searchTermFrom('')).toBeNull();
  });
});

describe('findMatches', () => {
  it('matches substrings, case-insensitively', () => {
    expect(findMatches('O Lamp of Evening, the lamplight', 'lamp')).toEqual([
      { start: 2, end: 6 },
      { start: 23, end: 27 },
    ]);
    expect(findMatches('EVENING evening', 'Evening')).toHaveLength(2);
  });
  it('treats the term literally and lets spaces match any whitespace', () => {
    expect(findMatches('a.b axb', 'a.b')).toEqual([{ start: 0, end: 3 }]);
    expect(findMatches('the   lamp', 'the lamp')).toEqual([{ start: 0, end: 10 }]);
    expect(findMatches('(x)', '(x)')).toEqual([{ start: 0, end: 3 }]);
  });
  it('finds nothing for a blank term or no hit', () => {
    expect(findMatches('anything', '  ')).toEqual([]);
    expect(searchPattern('')).toBeNull();
    expect(findMatches('dusk', 'dawn')).toEqual([]);
  });
  it('does not overlap hits', () => {
    expect(findMatches('aaaa', 'aa')).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
  });
});

describe('summary and scroll target', () => {
  it('counts hits', () => {
    expect(matchSummary(0, 'x')).toBe('No matches for “x”');
    expect(matchSummary(1, 'x')).toBe('1 match for “x”');
    expect(matchSummary(4, 'x')).toBe('4 matches for “x”');
  });
  it('puts the hit 75 px below the top, never above the page', () => {
    expect(scrollTargetY(500, 1000)).toBe(1425);
    expect(scrollTargetY(20, 0)).toBe(0);
    expect(scrollTargetY(300, 0, 100)).toBe(200);
  });
});
