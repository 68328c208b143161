import { describe, expect, it } from 'vitest';
import { insertMention, limitSuggestions, MAX_SUGGESTIONS, mentionQuery, pingsInText } from './mentions';

describe('mentionQuery', () => {
  it('finds "@" and letters right before the caret', () => {
    expect(mentionQuery('@ar', 3)).toEqual({ start: 0, query: 'ar' });
    expect(mentionQuery('Thanks @Sav', 11)).toEqual({ start: 7, query: 'Sav' });
    expect(mentionQuery('Thanks @Sav and', 11)).toEqual({ start: 7, query: 'Sav' });
    expect(mentionQuery('line\n@é', 7)).toEqual({ start: 5, query: 'é' });
    expect(mentionQuery('(@ra', 4)).toEqual({ start: 1, query: 'ra' });
    expect(mentionQuery('नमस्ते @सा', 10)).toEqual({ start: 7, query: 'सा' });
  });

  it('ignores a lone "@", e-mail addresses, digits and a caret inside a word', () => {
    expect(mentionQuery('@', 1)).toBeNull();
    expect(mentionQuery('hi @', 4)).toBeNull();
    expect(mentionQuery('mail me@example', 15)).toBeNull();
    expect(mentionQuery('@12', 3)).toBeNull();
    expect(mentionQuery('@arj', 2)).toBeNull();
    expect(mentionQuery('@ar jun', 7)).toBeNull();
    expect(mentionQuery('', 0)).toBeNull();
    expect(mentionQuery('@ar', 9)).toBeNull();
  });
});

describe('insertMention', () => {
  it('writes "@Full Name " in place of the query and moves the caret after it', () => {
    const text = 'Thanks @Sav for this';
    const match = mentionQuery(text, 11);
    expect(match).not.toBeNull();
    if (match === null) return;
    expect(insertMention(text, 11, match, 'Savitri Devi')).toEqual({ text: 'Thanks @Savitri Devi for this', caret: 21 });
    expect(insertMention('@ar', 3, { start: 0, query: 'ar' }, 'Arjuna')).toEqual({ text: '@Arjuna ', caret: 8 });
  });
});

describe('pingsInText', () => {
  it('keeps only the people still named in the text', () => {
    const people = { u1: 'Arjuna', u2: 'Savitri Devi', u3: '' };
    expect(pingsInText('Hi @Arjuna and @Savitri Devi', people)).toEqual(['u1', 'u2']);
    expect(pingsInText('Hi @Arjuna and Savitri', people)).toEqual(['u1']);
    expect(pingsInText('', people)).toEqual([]);
  });
});

describe('limitSuggestions', () => {
  it('shows at most 5 people, each once', () => {
    const people = ['a', 'b', 'a', 'c', 'd', 'e', 'f', 'g'].map((id) => ({ id }));
    expect(limitSuggestions(people).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(MAX_SUGGESTIONS).toBe(5);
  });
});
