import { describe, expect, it } from 'vitest';
import { lineSyllables, scan, syllableCount } from './scansion.js';

describe('scan', () => {
  it('marks each syllable from CMU stress, one group per word', () => {
    // the x, morning /x, came /, upon x/, the x, silent /x, hills /
    expect(scan('The morning came upon the silent hills')).toBe('x /x / x/ x /x /');
  });

  it('demotes monosyllabic function words even where CMU stresses them', () => {
    // of AH1 V and his HH IH1 Z are stressed in CMU; rose is not a function word
    expect(scan('of his rose')).toBe('x x /');
    // "into" is disyllabic, so it keeps CMU's /x
    expect(scan('into')).toBe('/x');
  });

  it('marks secondary stress with a backslash', () => {
    expect(scan('thyself')).toBe('\\/');
  });

  it('marks unknown words with one ? per estimated syllable', () => {
    expect(scan('the zephyrine breeze')).toBe('x ??? /');
  });

  it('uses lemmatised and elided forms', () => {
    expect(scan('goeth')).toBe('/x');
    expect(scan("Heav'n's wand'ring")).toBe('/ /x');
  });

  it('keeps verse-line breaks and handles empty input', () => {
    expect(scan('The rose,\nis red.')).toBe('x /\nx /');
    expect(scan('rose\n\nrose')).toBe('/\n\n/');
    expect(scan('')).toBe('');
  });
});

describe('syllable counts', () => {
  it('counts known, lemmatised, elided and unknown words', () => {
    expect(syllableCount('rising,')).toBe(2);
    expect(syllableCount('silently')).toBe(3);
    expect(syllableCount("heav'n")).toBe(1);
    expect(syllableCount('heaven')).toBe(2);
    expect(syllableCount('zephyrine')).toBe(3);
    expect(syllableCount('')).toBe(0);
  });

  it('sums a line, across line breaks', () => {
    expect(lineSyllables('The morning came upon the silent hills')).toBe(10);
    expect(lineSyllables('The rose,\nthe rose.')).toBe(4);
  });
});
