import { describe, expect, it } from 'vitest';
import type { MyNoteEntry } from '@epos/schemas';
import { notesMarkdown } from './notes-markdown.js';

const note = (over: Partial<MyNoteEntry>): MyNoteEntry => ({
  NoteId: 'n',
  Content: 'text',
  Rtype: 'note',
  savedAt: '2025-03-04T10:00:00.000Z',
  sentenceId: 1,
  Sentencenumber: 1,
  book: 1,
  canto: 1,
  section: 1,
  ...over,
});
const at = new Date('2025-05-06T12:00:00Z');

describe('notesMarkdown', () => {
  it('writes a heading per sentence in poem order, each note with its kind and day, and links references', () => {
    const text = notesMarkdown({
      poemTitle: 'The Lamp',
      site: 'https://x.org',
      search: '',
      at,
      notes: [
        note({ NoteId: 'b', Content: 'Later, see ||7||.', sentenceId: 9, Sentencenumber: 9, book: 2, canto: 1, section: 2, savedAt: '2025-04-01T00:00:00Z' }),
        note({ NoteId: 'a2', Content: 'Second on one.', savedAt: '2025-03-05T00:00:00Z', Rtype: 'question' }),
        note({ NoteId: 'a1', Content: 'First on one.' }),
        note({ NoteId: 'w', Content: 'Gone.', sentenceId: 70, Sentencenumber: null, book: null, canto: null, section: null }),
      ],
    });
    expect(text).toBe(
      [
        '# My notes on The Lamp',
        '',
        '4 notes, as of 2025-05-06.',
        '',
        '## [Sentence 1](https://x.org/s/1) · Book 1, Canto 1, Section 1',
        '',
        '*note, 2025-03-04*',
        '',
        'First on one.',
        '',
        '*question, 2025-03-05*',
        '',
        'Second on one.',
        '',
        '## [Sentence 9](https://x.org/s/9) · Book 2, Canto 1, Section 2',
        '',
        '*note, 2025-04-01*',
        '',
        'Later, see [7](https://x.org/7).',
        '',
        '## [A withdrawn sentence](https://x.org/s/70)',
        '',
        '*note, 2025-03-04*',
        '',
        'Gone.',
        '',
      ].join('\n'),
    );
  });

  it('says what the notes were chosen by, and copes with none', () => {
    expect(notesMarkdown({ poemTitle: 'P', site: 'https://x.org', search: 'lamp', at, notes: [] })).toBe(
      '# My notes on P\n\n0 notes containing “lamp”, as of 2025-05-06.\n',
    );
  });
});
