import { describe, expect, it } from 'vitest';
import {
  forgetSentence,
  isLineShown,
  isWordShown,
  knownKey,
  markKnown,
  MAX_KNOWN,
  memoriseTokens,
  parseKnown,
  reveal,
  spokenLine,
  wordsIn,
  type Revealed,
} from './memorise';
import { memoriseLine } from './study-layers';

describe('Memorise tokens', () => {
  it('masks each word to its first letter and keeps spaces and punctuation', () => {
    const tokens = memoriseTokens('“Don’t go,” the sun-lit one!');
    expect(tokens.map((t) => t.masked).join('')).toBe('“D__’_ g_,” t__ s__-l__ o__!');
    expect(tokens.map((t) => t.masked).join('')).toBe(memoriseLine('“Don’t go,” the sun-lit one!'));
    expect(tokens.filter((t) => t.word !== null).map((t) => t.text)).toEqual(['Don’t', 'go', 'the', 'sun', 'lit', 'one']);
    expect(wordsIn(tokens)).toBe(6);
    expect(tokens.map((t) => t.text).join('')).toBe('“Don’t go,” the sun-lit one!');
    expect(memoriseTokens('')).toEqual([]);
  });
});

describe('Memorise reveal', () => {
  const none: Revealed = new Map();

  it('reveals a word, the next word, and a whole line, line by line', () => {
    let state = reveal(none, { type: 'word', line: 0, word: 2 });
    expect(isWordShown(state, 0, 2)).toBe(true);
    expect(isWordShown(state, 0, 0)).toBe(false);
    expect(isWordShown(state, 1, 2)).toBe(false);
    state = reveal(state, { type: 'next', line: 0, words: 3 });
    expect(isWordShown(state, 0, 0)).toBe(true);
    state = reveal(state, { type: 'next', line: 0, words: 3 });
    expect(isLineShown(state, 0, 3)).toBe(true);
    expect(reveal(state, { type: 'next', line: 0, words: 3 })).toBe(state); // nothing left to reveal
    state = reveal(state, { type: 'line', line: 1, words: 4 });
    expect(isLineShown(state, 1, 4)).toBe(true);
    state = reveal(state, { type: 'hide', line: 1 });
    expect(isLineShown(state, 1, 4)).toBe(false);
    expect(isLineShown(state, 0, 3)).toBe(true);
    expect(none.size).toBe(0); // never changed in place
  });

  it('says the revealed words and "blank" for the hidden ones', () => {
    const tokens = memoriseTokens('O Lamp of Evening,');
    expect(spokenLine(tokens, (word) => word === 1)).toBe('blank Lamp blank blank,');
  });
});

describe('known lines', () => {
  it('keeps keys by permanent id and text, newest last, and forgets a sentence', () => {
    const a = knownKey(7, ' O Lamp of Evening, ');
    expect(a).toBe('7|O Lamp of Evening,');
    let known = markKnown([], a, true);
    known = markKnown(known, knownKey(8, 'Lend me'), true);
    known = markKnown(known, a, true);
    expect(known).toEqual(['8|Lend me', a]);
    expect(markKnown(known, a, false)).toEqual(['8|Lend me']);
    expect(forgetSentence(known, 7)).toEqual(['8|Lend me']);
    expect(forgetSentence(known, 70)).toEqual(known);
  });

  it('caps what it keeps, dropping the oldest', () => {
    const many = Array.from({ length: MAX_KNOWN }, (_, i) => `${i}|x`);
    const more = markKnown(many, 'new|x', true);
    expect(more).toHaveLength(MAX_KNOWN);
    expect(more[0]).toBe('1|x');
    expect(more.at(-1)).toBe('new|x');
  });

  it('reads what was stored, and nothing from anything else', () => {
    expect(parseKnown(JSON.stringify(['1|a', 2, '3|b']))).toEqual(['1|a', '3|b']);
    expect(parseKnown(null)).toEqual([]);
    expect(parseKnown('{not json')).toEqual([]);
    expect(parseKnown('{"a":1}')).toEqual([]);
  });
});
