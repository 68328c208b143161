import { describe, expect, it } from 'vitest';
import { lookupForm, wordAt } from './words';

describe('wordAt', () => {
  const text = 'It was the hour before the Gods awake.';
  it('finds the word under the caret, at its start, inside and just after it', () => {
    expect(wordAt(text, 0)).toBe('It');
    expect(wordAt(text, 12)).toBe('hour');
    expect(wordAt(text, 15)).toBe('hour'); // caret after the last letter
    expect(wordAt(text, text.length - 1)).toBe('awake'); // before the full stop
    expect(wordAt(text, text.length)).toBeNull(); // after the full stop: no word touches the caret
  });

  it('keeps apostrophes and single hyphens inside a word', () => {
    expect(wordAt("The Mother's Heaven’s gate", 7)).toBe("Mother's");
    expect(wordAt("The Mother's Heaven’s gate", 15)).toBe('Heaven’s');
    expect(wordAt("o'er the sky-line of Time", 1)).toBe("o'er");
    expect(wordAt("o'er the sky-line of Time", 12)).toBe('sky-line');
  });

  it('stops at dashes, quotes and punctuation', () => {
    expect(wordAt('wide—a silence', 2)).toBe('wide');
    expect(wordAt('wide—a silence', 5)).toBe('a');
    expect(wordAt('one--two', 5)).toBe('two');
    expect(wordAt('\'Tis said, "Come!"', 1)).toBe('Tis');
    expect(wordAt('said, "Come!"', 8)).toBe('Come');
  });

  it('is null away from words and outside the text', () => {
    expect(wordAt('a , b', 2)).toBeNull();
    expect(wordAt('  — ', 2)).toBeNull();
    expect(wordAt('word', -1)).toBeNull();
    expect(wordAt('word', 5)).toBeNull();
    expect(wordAt('', 0)).toBeNull();
  });

  it('counts offsets in UTF-16 units, as the DOM does', () => {
    expect(wordAt('𝔄 ancient', 3)).toBe('ancient');
    expect(wordAt('Śiva dances', 2)).toBe('Śiva');
  });
});

describe('lookupForm', () => {
  it('straightens apostrophes and drops a possessive', () => {
    expect(lookupForm('Heaven’s')).toBe('Heaven');
    expect(lookupForm("Mother's")).toBe('Mother');
    expect(lookupForm("o'er")).toBe("o'er");
  });

  it('trims punctuation around a selected word', () => {
    expect(lookupForm(' “kindled,” ')).toBe('kindled');
    expect(lookupForm('sky-line.')).toBe('sky-line');
  });

  it('refuses several words, numbers and empty selections', () => {
    expect(lookupForm('the hour')).toBeNull();
    expect(lookupForm('1950')).toBeNull();
    expect(lookupForm('  ')).toBeNull();
    expect(lookupForm('—')).toBeNull();
    expect(lookupForm('a'.repeat(65))).toBeNull();
  });
});
