import { describe, expect, it } from 'vitest';
import { bookMessages, type AuthorEvent, type BookContent, type BookEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { authorDecider, authorMessages } from './author-decider.js';
import { bookDecider, bookDeciderMessages, type BookCommand } from './book-decider.js';
import { chooseAuthor } from './book-rules.js';

const authorId = '11111111-1111-4111-8111-111111111111';
const bookId = '22222222-2222-4222-8222-222222222222';
const content: BookContent = { title: 'A Companion', order: 1, markdown: '## One\n\nSee ||12||.' };
const added: BookEvent = { type: 'BookAdded', data: { bookId, authorId, slug: 'a-companion', content } };
const book = deciderSpec(bookDecider);
const add = (fields: Partial<Extract<BookCommand, { kind: 'add' }>> = {}) =>
  book.when({ kind: 'add', bookId, authorId, authorLive: true, slug: 'a-companion', slugFree: true, content, ...fields });

const authorAdded: AuthorEvent = { type: 'AuthorAdded', data: { authorId, name: 'Mira Alder', slug: 'mira-alder' } };
const author = deciderSpec(authorDecider);

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
    author.when({ kind: 'add', authorId, name: ' Mira Alder ', slug: 'mira-alder', slugFree: true }).then([authorAdded]);
    author.when({ kind: 'add', authorId, name: '  ', slug: 'x', slugFree: true }).thenRefuses('invalid', bookMessages.blankAuthor);
    author.when({ kind: 'add', authorId, name: 'Mira', slug: 'mira', slugFree: false }).thenRefuses('conflict', authorMessages.slugTaken('mira'));
    author.given([authorAdded]).when({ kind: 'add', authorId, name: 'Mira', slug: 'mira', slugFree: true }).thenRefuses('conflict', authorMessages.exists);
  });

  it('renames (keeping the slug), writes nothing for the same name, and removes only an author without books', () => {
    author
      .given([authorAdded])
      .when({ kind: 'rename', name: 'M. Alder' })
      .then([{ type: 'AuthorRenamed', data: { authorId, name: 'M. Alder' } }]);
    author.given([authorAdded]).when({ kind: 'rename', name: 'Mira Alder' }).thenNothing();
    author.given([authorAdded]).when({ kind: 'rename', name: '' }).thenRefuses('invalid', bookMessages.blankAuthor);
    author.given([authorAdded]).when({ kind: 'remove', bookCount: 2 }).thenRefuses('conflict', bookMessages.authorHasBooks);
    const removed = author.given([authorAdded]).when({ kind: 'remove', bookCount: 0 }).events();
    expect(removed).toEqual([{ type: 'AuthorRemoved', data: { authorId } }]);
    author
      .given([authorAdded, ...removed])
      .when({ kind: 'rename', name: 'Back' })
      .thenRefuses('not_found', bookMessages.noAuthor);
    author.when({ kind: 'remove', bookCount: 0 }).thenRefuses('not_found', bookMessages.noAuthor);
  });
});

describe('book decider', () => {
  it('adds a book with a title and content, under a live author, at a slug of its own', () => {
    add().then([added]);
    add({ content: { ...content, title: '  A Companion ' } }).then([added]);
    add({ content: { ...content, title: ' ' } }).thenRefuses('invalid', "Book title and Content can't be blank");
    add({ content: { ...content, markdown: '\n \n' } }).thenRefuses('invalid', bookMessages.blankBook);
    add({ authorLive: false }).thenRefuses('not_found', bookMessages.noAuthor);
    add({ slugFree: false }).thenRefuses('conflict', bookDeciderMessages.slugTaken('a-companion'));
    book
      .given([added])
      .when({ kind: 'add', bookId, authorId, authorLive: true, slug: 'x', slugFree: true, content })
      .thenRefuses('conflict', bookDeciderMessages.exists);
  });

  it('revises on each changed save, refuses a stale one and a blank one, and writes nothing for an unchanged one', () => {
    book.given([added]).when({ kind: 'revise', content }).thenNothing();
    const changed = { ...content, order: 2 };
    const revised = book.given([added]).when({ kind: 'revise', content: changed, expectedRevision: 1 }).events();
    expect(revised).toEqual([{ type: 'BookRevised', data: { bookId, content: changed } }]);
    book
      .given([added, ...revised])
      .when({ kind: 'revise', content, expectedRevision: 1 })
      .thenRefuses('conflict', bookMessages.stale);
    book
      .given([added])
      .when({ kind: 'revise', content: { ...content, title: '' } })
      .thenRefuses('invalid', bookMessages.blankBook);
    expect(book.given([added, ...revised]).state().revisions).toEqual([content, changed]);
  });

  it('restores an earlier revision as a new one, and removes; a removed book takes no writes', () => {
    const revised: BookEvent = { type: 'BookRevised', data: { bookId, content: { ...content, markdown: 'Later text.' } } };
    book
      .given([added, revised])
      .when({ kind: 'restore', revision: 1 })
      .then([{ type: 'BookRevised', data: { bookId, content, restoredFrom: 1 } }]);
    book.given([added, revised]).when({ kind: 'restore', revision: 2 }).thenNothing();
    book.given([added]).when({ kind: 'restore', revision: 3 }).thenRefuses('invalid', bookMessages.noRevision(3));
    book.given([added]).when({ kind: 'restore', revision: 0 }).thenRefuses('invalid', bookMessages.noRevision(0));
    const removed: BookEvent = { type: 'BookRemoved', data: { bookId } };
    book.given([added]).when({ kind: 'remove' }).then([removed]);
    book.given([added, removed]).when({ kind: 'remove' }).thenRefuses('not_found', bookMessages.notFound);
    book.given([added, removed]).when({ kind: 'revise', content }).thenRefuses('not_found', bookMessages.notFound);
    book.when({ kind: 'restore', revision: 1 }).thenRefuses('not_found', bookMessages.notFound);
  });
});
