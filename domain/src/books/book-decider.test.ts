import { describe, expect, it } from 'vitest';
import { bookMessages, type AuthorEvent, type BookContent, type BookEvent } from '@epos/schemas';
import { authorDecider, authorMessages, type AuthorCommand } from './author-decider.js';
import { bookDecider, bookDeciderMessages, type BookCommand } from './book-decider.js';
import { chooseAuthor } from './book-rules.js';

const authorId = '11111111-1111-4111-8111-111111111111';
const bookId = '22222222-2222-4222-8222-222222222222';
const content: BookContent = { title: 'A Companion', order: 1, markdown: '## One\n\nSee ||12||.' };
const added: BookEvent = { type: 'BookAdded', data: { bookId, authorId, slug: 'a-companion', content } };
const givenBook = (events: BookEvent[]) => events.reduce(bookDecider.evolve, bookDecider.initialState);
const whenBook = (events: BookEvent[], command: BookCommand) => bookDecider.decide(command, givenBook(events));
const add = (fields: Partial<Extract<BookCommand, { kind: 'add' }>> = {}) =>
  whenBook([], { kind: 'add', bookId, authorId, authorLive: true, slug: 'a-companion', slugFree: true, content, ...fields });

const authorAdded: AuthorEvent = { type: 'AuthorAdded', data: { authorId, name: 'Mira Alder', slug: 'mira-alder' } };
const whenAuthor = (events: AuthorEvent[], command: AuthorCommand) => authorDecider.decide(command, events.reduce(authorDecider.evolve, authorDecider.initialState));

describe("the spec's author rule for a new book", () => {
  it('takes exactly one of a new author and a selected one, with the spec messages', () => {
    expect(() => chooseAuthor('', '')).toThrow(bookMessages.chooseAuthor);
    expect(() => chooseAuthor('  ', ' ')).toThrow('Either Select Author or Add new Author');
    expect(() => chooseAuthor('New One', 'mira-alder')).toThrow('Either New Author Should be Blank or Select Author.');
    expect(chooseAuthor(' New One ', '')).toEqual({ kind: 'new', name: 'New One' });
    expect(chooseAuthor('', 'mira-alder')).toEqual({ kind: 'existing', slug: 'mira-alder' });
  });
});

describe('author decider', () => {
  it('adds an author with a non-blank name at a free slug', () => {
    expect(whenAuthor([], { kind: 'add', authorId, name: ' Mira Alder ', slug: 'mira-alder', slugFree: true })).toEqual([authorAdded]);
    expect(() => whenAuthor([], { kind: 'add', authorId, name: '  ', slug: 'x', slugFree: true })).toThrow(bookMessages.blankAuthor);
    expect(() => whenAuthor([], { kind: 'add', authorId, name: 'Mira', slug: 'mira', slugFree: false })).toThrow(authorMessages.slugTaken('mira'));
    expect(() => whenAuthor([authorAdded], { kind: 'add', authorId, name: 'Mira', slug: 'mira', slugFree: true })).toThrow(authorMessages.exists);
  });

  it('renames (keeping the slug), writes nothing for the same name, and removes only an author without books', () => {
    expect(whenAuthor([authorAdded], { kind: 'rename', name: 'M. Alder' })).toEqual([{ type: 'AuthorRenamed', data: { authorId, name: 'M. Alder' } }]);
    expect(whenAuthor([authorAdded], { kind: 'rename', name: 'Mira Alder' })).toEqual([]);
    expect(() => whenAuthor([authorAdded], { kind: 'rename', name: '' })).toThrow(bookMessages.blankAuthor);
    expect(() => whenAuthor([authorAdded], { kind: 'remove', bookCount: 2 })).toThrow(bookMessages.authorHasBooks);
    const removed = whenAuthor([authorAdded], { kind: 'remove', bookCount: 0 });
    expect(removed).toEqual([{ type: 'AuthorRemoved', data: { authorId } }]);
    expect(() => whenAuthor([authorAdded, ...removed], { kind: 'rename', name: 'Back' })).toThrow(bookMessages.noAuthor);
    expect(() => whenAuthor([], { kind: 'remove', bookCount: 0 })).toThrow(bookMessages.noAuthor);
  });
});

describe('book decider', () => {
  it("adds a book with a title and content, under a live author, at a slug of its own", () => {
    expect(add()).toEqual([added]);
    expect(add({ content: { ...content, title: '  A Companion ' } })).toEqual([added]);
    expect(() => add({ content: { ...content, title: ' ' } })).toThrow("Book title and Content can't be blank");
    expect(() => add({ content: { ...content, markdown: '\n \n' } })).toThrow(bookMessages.blankBook);
    expect(() => add({ authorLive: false })).toThrow(bookMessages.noAuthor);
    expect(() => add({ slugFree: false })).toThrow(bookDeciderMessages.slugTaken('a-companion'));
    expect(() => whenBook([added], { kind: 'add', bookId, authorId, authorLive: true, slug: 'x', slugFree: true, content })).toThrow(bookDeciderMessages.exists);
  });

  it('revises on each changed save, refuses a stale one and a blank one, and writes nothing for an unchanged one', () => {
    expect(whenBook([added], { kind: 'revise', content })).toEqual([]);
    const changed = { ...content, order: 2 };
    const revised = whenBook([added], { kind: 'revise', content: changed, expectedRevision: 1 });
    expect(revised).toEqual([{ type: 'BookRevised', data: { bookId, content: changed } }]);
    expect(() => whenBook([added, ...revised], { kind: 'revise', content, expectedRevision: 1 })).toThrow(bookMessages.stale);
    expect(() => whenBook([added], { kind: 'revise', content: { ...content, title: '' } })).toThrow(bookMessages.blankBook);
    expect(givenBook([added, ...revised]).revisions).toEqual([content, changed]);
  });

  it('restores an earlier revision as a new one, and removes; a removed book takes no writes', () => {
    const revised: BookEvent = { type: 'BookRevised', data: { bookId, content: { ...content, markdown: 'Later text.' } } };
    expect(whenBook([added, revised], { kind: 'restore', revision: 1 })).toEqual([{ type: 'BookRevised', data: { bookId, content, restoredFrom: 1 } }]);
    expect(whenBook([added, revised], { kind: 'restore', revision: 2 })).toEqual([]);
    expect(() => whenBook([added], { kind: 'restore', revision: 3 })).toThrow(bookMessages.noRevision(3));
    expect(() => whenBook([added], { kind: 'restore', revision: 0 })).toThrow(bookMessages.noRevision(0));
    const removed: BookEvent = { type: 'BookRemoved', data: { bookId } };
    expect(whenBook([added], { kind: 'remove' })).toEqual([removed]);
    expect(() => whenBook([added, removed], { kind: 'remove' })).toThrow(bookMessages.notFound);
    expect(() => whenBook([added, removed], { kind: 'revise', content })).toThrow(bookMessages.notFound);
    expect(() => whenBook([], { kind: 'restore', revision: 1 })).toThrow(bookMessages.notFound);
  });
});
