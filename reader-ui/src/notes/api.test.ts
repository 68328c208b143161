import { describe, expect, it } from 'vitest';
import { notesApi, notesCount, noteSentenceHref } from './api';

describe('My notes', () => {
  it('links a note to its sentence in its section, or to its permanent link once withdrawn', () => {
    expect(noteSentenceHref({ Sentencenumber: 12, book: 1, canto: 2, section: 1, sentenceId: 9 })).toBe('/1/2/1#s12');
    expect(noteSentenceHref({ Sentencenumber: null, book: null, canto: null, section: null, sentenceId: 9 })).toBe('/s/9');
  });

  it('asks the server for the search and page, and downloads what the search finds', () => {
    expect(notesApi.page('', 1)).toBe('/api/my/notes');
    expect(notesApi.page(' lamp & oil ', 2)).toBe('/api/my/notes?q=lamp+%26+oil&page=2');
    expect(notesApi.markdown('')).toBe('/api/my/notes.md');
    expect(notesApi.markdown('stars')).toBe('/api/my/notes.md?q=stars');
  });

  it('counts the notes found', () => {
    expect(notesCount(1, '')).toBe('1 note');
    expect(notesCount(2, ' lamp ')).toBe('2 notes containing “lamp”');
  });
});
