import { describe, expect, it } from 'vitest';
import { hasSentenceReference, sentenceHref, sentenceLinkText, sentenceReferences, sentenceReferenceSource } from './sentence-references.js';

describe('the ||n|| renderer rules', () => {
  it('splits text at every reference', () => {
    expect(sentenceReferences('See ||12|| and ||3||.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'sentence', n: 12 },
      { kind: 'text', text: ' and ' },
      { kind: 'sentence', n: 3 },
      { kind: 'text', text: '.' },
    ]);
    expect(sentenceReferences('||1||||2||')).toEqual([
      { kind: 'sentence', n: 1 },
      { kind: 'sentence', n: 2 },
    ]);
  });

  it('needs one to seven digits between double bars', () => {
    expect(sentenceReferences('a || b ||x|| || 4 || ||12345678||')).toEqual([{ kind: 'text', text: 'a || b ||x|| || 4 || ||12345678||' }]);
    expect(sentenceReferences('')).toEqual([]);
    expect(hasSentenceReference('no || refs')).toBe(false);
    expect(hasSentenceReference('one ||1234567||')).toBe(true);
  });

  it('links to the sentence page, reading as the number', () => {
    expect(sentenceHref(12)).toBe('/12');
    expect(sentenceLinkText(12)).toBe('12');
    expect(sentenceReferenceSource(12)).toBe('||12||');
    expect(sentenceReferences('||007||')).toEqual([{ kind: 'sentence', n: 7 }]);
  });
});
