import { describe, expect, it } from 'vitest';
import { buildLineIndex, findPoemLine } from '@epos/projections/poem/line-index';
import { parseRange } from './schemas.js';
import { roman } from './views/section.js';

describe('stanza numbers', () => {
  it('count stanzas by name through the poem, with the breaks inside sentences', () => {
    const row = (id: number, stanza: number, stanzaBreaks = 0) => ({ id, sentence: id, book: 1, canto: 1, section: 1, stanza, stanzaBreaks, lines: 3 });
    // Names need not be consecutive: an inserted stanza takes a fresh one.
    const index = buildLineIndex([row(1, 7), row(2, 7), row(3, 40), row(4, 8, 1), row(5, 9), row(6, 9)]);
    expect(index.places.map((p) => p.stanzaNumber)).toEqual([1, 1, 2, 3, 5, 5]);
  });
});

describe('line index', () => {
  const index = buildLineIndex([
    { id: 1, sentence: 1, book: 1, canto: 1, section: 1, stanza: 1, stanzaBreaks: 0, lines: 2 },
    { id: 2, sentence: 2, book: 1, canto: 1, section: 2, stanza: 2, stanzaBreaks: 0, lines: 3 },
    { id: 3, sentence: 3, book: 1, canto: 2, section: 1, stanza: 3, stanzaBreaks: 0, lines: 1 },
    { id: 4, sentence: 4, book: 2, canto: 1, section: 1, stanza: 4, stanzaBreaks: 0, lines: 4 },
  ]);

  it('numbers verse lines through poem, book and canto', () => {
    expect(index.bySentence.get(3)).toMatchObject({ poemStart: 6, bookStart: 6, cantoStart: 1, inBook: 3, inCanto: 1 });
    expect(index.bySentence.get(4)).toMatchObject({ poemStart: 7, bookStart: 1, cantoStart: 1, inBook: 1, inCanto: 1 });
    expect(index.totalLines).toBe(10);
    expect(index.sectionsOf.get('1.1')).toEqual([1, 2]);
  });

  it('finds the sentence holding a verse line', () => {
    expect(findPoemLine(index, 4)).toMatchObject({ place: { sentence: 2 }, offset: 1 });
    expect(findPoemLine(index, 10)).toMatchObject({ place: { sentence: 4 }, offset: 3 });
    expect(findPoemLine(index, 11)).toBeNull();
    expect(findPoemLine(index, 0)).toBeNull();
  });
});

describe('ranges and numerals', () => {
  it('parses sentence ranges', () => {
    expect(parseRange('3,5,7-9', 100)).toEqual([3, 5, 7, 8, 9]);
    expect(parseRange('9-7', 100)).toBe('invalid');
    expect(parseRange('1-1000', 500)).toBe('too_many');
    expect(parseRange('x', 10)).toBe('invalid');
  });

  it('writes section numbers in Roman numerals', () => {
    expect([1, 4, 9, 14, 40, 1994].map(roman)).toEqual(['I', 'IV', 'IX', 'XIV', 'XL', 'MCMXCIV']);
  });
});
