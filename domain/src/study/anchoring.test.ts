import { describe, expect, it } from 'vitest';
import { findQuote, placeAmong, placeOn, quoteOf, type TextRange } from './anchoring.js';

// Real verse: Paradise Lost I.34–36 (1674, modern spelling, and as the 1667 edition spells it), Inferno I.1–3
// (Longfellow), the Bhagavad Gita I.1.
const MILTON = "Th' infernal Serpent; he it was whose guile,\nStirred up with envy and revenge, deceived\nThe mother of mankind, what time his pride";
const MILTON_1667 = "Th' infernal Serpent; he it was, whose guile\nStird up with envy and revenge, deceiv'd\nThe Mother of Mankinde, what time his Pride";
const DANTE = 'Midway upon the journey of our life\n  I found myself within a forest dark,\n  For the straightforward pathway had been lost.';
const GITA = 'धर्मक्षेत्रे कुरुक्षेत्रे समवेता युयुत्सवः।\nमामकाः पाण्डवाश्चैव किमकुर्वत सञ्जय॥';

const rangeOf = (text: string, words: string): TextRange => {
  const start = text.indexOf(words);
  if (start < 0) throw new Error(`${words} is not in the text`);
  return { start, end: start + words.length };
};
const wordsAt = (text: string, placed: { range: TextRange } | null) => (placed ? text.slice(placed.range.start, placed.range.end) : null);

describe('a highlight after a correction of its own edition (follow)', () => {
  it('stays on its words when nothing changed', () => {
    const range = rangeOf(MILTON, 'envy and revenge');
    expect(placeOn(MILTON, range, MILTON, 'follow')?.range).toEqual(range);
  });

  it('follows a change of punctuation inside and around it', () => {
    const corrected = MILTON.replace('he it was whose guile,', 'he it was, whose guile:');
    expect(wordsAt(corrected, placeOn(MILTON, rangeOf(MILTON, 'he it was whose guile'), corrected, 'follow'))).toBe('he it was, whose guile');
  });

  it('follows a word replaced inside it, covering the new word', () => {
    const corrected = MILTON.replace('envy and revenge', 'envy and despite');
    expect(wordsAt(corrected, placeOn(MILTON, rangeOf(MILTON, 'Stirred up with envy and revenge'), corrected, 'follow'))).toBe(
      'Stirred up with envy and despite',
    );
  });

  it('is not put on other words when its only word was replaced', () => {
    const corrected = MILTON.replace('deceived', 'beguiled');
    expect(placeOn(MILTON, rangeOf(MILTON, 'deceived'), corrected, 'follow')).toBeNull();
  });

  it('is not put on other words when most of its letters are gone', () => {
    const corrected = MILTON.replace('envy and revenge, deceived', 'pride and envy, beguiled');
    expect(placeOn(MILTON, rangeOf(MILTON, 'envy and revenge, deceived'), corrected, 'follow')).toBeNull();
  });

  it('moves with its words when a line is inserted before them', () => {
    const inserted = DANTE.replace('  I found', '  (a line the editor restored)\n  I found');
    expect(wordsAt(inserted, placeOn(DANTE, rangeOf(DANTE, 'within a forest dark'), inserted, 'follow'))).toBe('within a forest dark');
  });

  it('spans a line inserted between its words, from its first word to its last', () => {
    const inserted = DANTE.replace('dark,\n', 'dark,\n  And in that forest all was night,\n');
    const placed = wordsAt(inserted, placeOn(DANTE, rangeOf(DANTE, 'forest dark,\n  For the straightforward'), inserted, 'follow'));
    expect(placed).toBe('forest dark,\n  And in that forest all was night,\n  For the straightforward');
  });

  it('leaves out words inserted just before or after it', () => {
    const inserted = DANTE.replace('a forest dark', 'a deep forest dark and wild');
    expect(wordsAt(inserted, placeOn(DANTE, rangeOf(DANTE, 'forest dark'), inserted, 'follow'))).toBe('forest dark');
  });

  it('follows a correction in Devanagari', () => {
    const corrected = GITA.replace('युयुत्सवः।', 'युयुत्सवः ।');
    expect(wordsAt(corrected, placeOn(GITA, rangeOf(GITA, 'समवेता युयुत्सवः'), corrected, 'follow'))).toBe('समवेता युयुत्सवः');
  });
});

describe('a highlight on a sentence split in two (the candidates it became)', () => {
  const [first, second] = [MILTON.slice(0, MILTON.indexOf('\nThe mother')), 'The mother of mankind, what time his pride'];
  const candidates = [
    { key: 7, text: first },
    { key: 8, text: second },
  ];

  it('stands on the sentence its words went to', () => {
    const placed = placeAmong(MILTON, rangeOf(MILTON, 'mother of mankind'), candidates, 'follow');
    expect(placed?.key).toBe(8);
    expect(second.slice(placed!.range.start, placed!.range.end)).toBe('mother of mankind');
    expect(placeAmong(MILTON, rangeOf(MILTON, 'envy and revenge'), candidates, 'follow')?.key).toBe(7);
  });

  it('stands where most of its words went when it crossed the split', () => {
    const placed = placeAmong(MILTON, rangeOf(MILTON, 'deceived\nThe mother of mankind'), candidates, 'follow');
    expect(placed?.key).toBe(8);
    expect(second.slice(placed!.range.start, placed!.range.end)).toBe('The mother of mankind');
  });

  it('is nowhere when its words are in neither', () => {
    expect(placeAmong(MILTON, rangeOf(MILTON, 'deceived'), [{ key: 7, text: first.replace('deceived', 'beguiled') }], 'follow')).toBeNull();
  });
});

describe('a highlight shown in another edition (same words)', () => {
  it('shows where the same words stand, whatever their case, spacing or punctuation', () => {
    expect(wordsAt(MILTON_1667, placeOn(MILTON, rangeOf(MILTON, 'he it was whose guile'), MILTON_1667, 'same-words'))).toBe('he it was, whose guile');
    expect(wordsAt(MILTON_1667, placeOn(MILTON, rangeOf(MILTON, 'The mother of mankind'), MILTON_1667, 'same-words'))).toBeNull();
    expect(wordsAt(MILTON_1667, placeOn(MILTON, rangeOf(MILTON, 'The mother of'), MILTON_1667, 'same-words'))).toBe('The Mother of');
  });

  it('does not show where the edition spells a word otherwise or has more words', () => {
    expect(placeOn(MILTON, rangeOf(MILTON, 'revenge, deceived'), MILTON_1667, 'same-words')).toBeNull();
    const longer = DANTE.replace('a forest dark', 'a forest very dark');
    expect(placeOn(DANTE, rangeOf(DANTE, 'a forest dark'), longer, 'same-words')).toBeNull();
  });
});

describe('text quotes (W3C TextQuoteSelector)', () => {
  const twice = 'the forest dark, and the forest wild';

  it('describes a range by its words and their surroundings', () => {
    expect(quoteOf(twice, rangeOf(twice, 'and the'))).toEqual({ exact: 'and the', prefix: 'the forest dark, ', suffix: ' forest wild', start: 17, end: 24 });
  });

  it('finds the occurrence whose surroundings match, else the first, else nothing', () => {
    expect(findQuote(twice, { exact: 'forest', prefix: 'and the ', suffix: ' wild' })).toEqual({ start: 25, end: 31 });
    expect(findQuote(twice, { exact: 'forest', prefix: '', suffix: ' dark' })).toEqual({ start: 4, end: 10 });
    expect(findQuote(twice, { exact: 'forest', prefix: '', suffix: '' })).toEqual({ start: 4, end: 10 });
    expect(findQuote(twice, { exact: 'meadow', prefix: '', suffix: '' })).toBeNull();
  });
});
