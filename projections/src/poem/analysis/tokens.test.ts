import { describe, expect, it } from 'vitest';
import { isNumeral, verseTokens } from './tokens.js';

const texts = (line: string) => verseTokens(line).map((t) => t.text);

describe('verse tokens', () => {
  it('keeps zero-width joiners and non-joiners inside a word', () => {
    expect(texts('क्\u200dष ह\u200cम')).toEqual(['क्\u200dष', 'ह\u200cम']);
    expect(texts('\u200cवरम्\u200d ।')).toEqual(['वरम्']);
  });

  it('drops dandas and punctuation, and tells numerals (verse numbers in any script) from words', () => {
    expect(texts('नारदं परिपप्रच्छ ॥१-१-१॥')).toEqual(['नारदं', 'परिपप्रच्छ', '१-१-१']);
    const numerals = ['॥१-१-१॥', '॥ १ ॥', '।।२।।', '।୧।', 'Line 12'].map((line) =>
      verseTokens(line)
        .filter(isNumeral)
        .map((t) => t.text),
    );
    expect(numerals).toEqual([['१-१-१'], ['१'], ['२'], ['୧'], ['12']]);
    expect(verseTokens('the 1st of May').filter(isNumeral)).toEqual([]);
  });
});
