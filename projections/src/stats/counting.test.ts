import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countLine, countLines } from './counting.js';

/** Ramayana I.1, verses 1–10 (anuṣṭubh: 16 aksharas a line) and 100 (upajāti: 11), with their verse numbers. */
const ramayana = fs
  .readFileSync(new URL('./testkit/ramayana-1-1.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line !== '' && !line.startsWith('#'));

/** Real lines, their syllables counted by hand (read aloud, as the metre wants them). */
const handChecked: [string, number][] = [
  ['Shall I compare thee to a summer’s day?', 10], // Shakespeare, Sonnet 18
  ['And summer’s lease hath all too short a date:', 10],
  ['Rough winds do shake the darling buds of May,', 10],
  ['So long lives this, and this gives life to thee.', 10],
  ['That time of year thou mayst in me behold', 10], // Sonnet 73
  ['And Time that gave doth now his gift confound.', 10], // Sonnet 60
  ['Thou wouldst be loved?—then let thy heart', 8], // Poe, "To F——s S. O——d"
  ['That floats on high o’er vales and hills,', 8], // Wordsworth, "I wandered lonely as a cloud"
  ['They also serve who only stand and wait.', 10], // Milton, "On His Blindness"
  ['The ploughman homeward plods his weary way,', 10], // Gray, "Elegy"
  ['She walks in beauty, like the night', 8], // Byron
  ['’Twas brillig, and the slithy toves', 8], // Carroll, "Jabberwocky"
  ['Across the path of the divine Event', 10], // Sri Aurobindo, "Savitri" I.1
  ['The huge foreboding mind of Night, alone', 10],
];

describe('counting a verse line', () => {
  // Where the dictionary is not verse-aware (kept visible rather than hidden): Milton's "O’er the smooth
  // enamell’d green" is 7, counted 6 ("enamell’d" is estimated at 2); CMU's "hour" is 2 syllables.
  it('counts what the dictionary says, even where a poet elides', () => {
    expect(countLine('O’er the smooth enamell’d green').syllables).toBe(6);
  });

  it.each(handChecked)('%s has %i syllables', (line, syllables) => {
    expect(countLine(line).syllables).toBe(syllables);
  });

  it('counts archaic words as one syllable each', () => {
    for (const word of ['thee', 'doth', 'wouldst', "o'er", 'o’er', 'thou', 'hath', 'didst']) expect(countLine(word).syllables, word).toBe(1);
  });

  it('counts words as the analysis tokenises them: hyphened and elided words are one word, punctuation none', () => {
    expect(countLine('O’er sea-girt isles — “the wand’ring king’s”!').words).toBe(6);
    expect(countLine(' — ; ').words).toBe(0);
  });

  it('counts characters without white space, and special characters as neither letters nor digits', () => {
    expect(countLine('It was the hour.')).toMatchObject({ chars: 13, special: 1 });
    expect(countLine('O’er the “green” — 1, é')).toMatchObject({ chars: 18, special: 5 });
    // A decomposed letter counts once, as written composed.
    expect(countLine('e\u0301')).toMatchObject({ chars: 1, special: 0 });
  });

  it('sums a sentence over its lines', () => {
    const counts = countLines(['Across the path of the divine Event', 'The huge foreboding mind of Night, alone']);
    expect(counts).toMatchObject({ words: 14, syllables: 20 });
    expect(counts.lines.map((l) => l.words)).toEqual([7, 7]);
    expect(counts.chars).toBe(counts.lines[0]!.chars + counts.lines[1]!.chars);
  });
});

describe('counting other scripts', () => {
  it('counts Devanagari syllables as aksharas: the anuṣṭubh lines of Ramayana I.1 have 16, the upajāti 11', () => {
    expect(ramayana).toHaveLength(24);
    expect(ramayana.map((line) => countLine(line).syllables)).toEqual([...Array<number>(20).fill(16), 11, 11, 11, 11]);
  });

  it('counts neither verse numbers nor dandas as words, in any script', () => {
    expect(countLine(ramayana[1]!)).toMatchObject({ words: 3, syllables: 16 }); // नारदं परिपप्रच्छ वाल्मीकिर्मुनिपुङ्गवम् ॥१-१-१॥
    expect(countLine('धर्मस्य परिरक्षिता ॥ १ ॥')).toMatchObject({ words: 2, syllables: 8 });
    expect(countLine('स्वजनस्य च रक्षिता।।२।।')).toMatchObject({ words: 3, syllables: 8 });
    expect(countLine('॥१-१-१॥ । 12')).toMatchObject({ words: 0, syllables: 0 });
    expect(countLine('Line 12 of the dawn')).toMatchObject({ words: 4, syllables: 4 });
  });

  it('counts Odia aksharas (Lakshmi Purana, fourteen to the line)', () => {
    expect(countLine('ନମସ୍ତେ ନମସ୍ତେ ଲକ୍ଷ୍ମୀ ବିଷ୍ଣୁଙ୍କ ଘରଣୀ ।୧।')).toMatchObject({ words: 5, syllables: 14 });
    expect(countLine('ସ୍ଥାବର ଜଙ୍ଗମ କୀଟ ଆଦି ପାଳୁ ନିତି ।୨।')).toMatchObject({ words: 6, syllables: 14 });
  });

  it('counts each Chinese character as a word and a syllable (Li Sao)', () => {
    expect(countLine('帝高阳之苗裔兮，朕皇考曰伯庸。')).toEqual({ words: 13, syllables: 13, chars: 15, special: 2 });
  });

  it('counts a letter with its vowel signs and virama as one character, dandas as special', () => {
    expect(countLine('वरम् ।')).toEqual({ words: 1, syllables: 2, chars: 4, special: 1 });
    expect(countLine('धर्मस्य परिरक्षिता ॥ १ ॥')).toMatchObject({ chars: 14, special: 2 });
  });

  it('counts a line in mixed scripts word by word, each by its script rule', () => {
    expect(countLine('Rāma and राम')).toMatchObject({ words: 3, syllables: 5 });
  });
});
