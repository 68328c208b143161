import { DomainError, type Decider } from '../decider.js';
import { bookMessages, type BookContent, type BookEvent } from '@epos/schemas';

export type BookState = {
  exists: boolean;
  removed: boolean;
  bookId: string;
  authorId: string;
  slug: string;
  /** Every revision; revision n is `revisions[n - 1]`. */
  revisions: BookContent[];
};

/**
 * Admins' writes to a book. `slugFree`: whether the slug's reservation stream under the author was
 * empty when the command was built; `authorLive`: whether the author exists and is not removed.
 */
export type BookCommand =
  | { kind: 'add'; bookId: string; authorId: string; authorLive: boolean; slug: string; slugFree: boolean; content: BookContent }
  | { kind: 'revise'; content: BookContent; expectedRevision?: number }
  | { kind: 'restore'; revision: number }
  | { kind: 'remove' };

const initialState: BookState = { exists: false, removed: false, bookId: '', authorId: '', slug: '', revisions: [] };

function evolve(state: BookState, event: BookEvent): BookState {
  switch (event.type) {
    case 'BookAdded':
      return { ...state, exists: true, bookId: event.data.bookId, authorId: event.data.authorId, slug: event.data.slug, revisions: [event.data.content] };
    case 'BookRevised':
      return { ...state, revisions: [...state.revisions, event.data.content] };
    case 'BookRemoved':
      return { ...state, removed: true };
    default:
      return state;
  }
}

export const bookDeciderMessages = {
  slugTaken: (slug: string) => `BookName: this author has a book at ${slug} already`,
  exists: 'This book exists already.',
} as const;

/** The spec's rule: a book has a title and content. Trims the title; the markdown is kept as written. */
export function bookContent(content: BookContent): BookContent {
  const title = content.title.trim();
  if (title === '' || content.markdown.trim() === '') throw new DomainError('invalid', bookMessages.blankBook, title === '' ? 'BookName' : 'BookContentMd');
  return { ...content, title };
}

const sameContent = (a: BookContent, b: BookContent) => a.title === b.title && a.order === b.order && a.markdown === b.markdown;

function decide(command: BookCommand, state: BookState): BookEvent[] {
  if (command.kind === 'add') {
    if (state.exists) throw new DomainError('conflict', bookDeciderMessages.exists);
    const content = bookContent(command.content);
    if (!command.authorLive) throw new DomainError('not_found', bookMessages.noAuthor, 'Urlslug');
    if (!command.slugFree) throw new DomainError('conflict', bookDeciderMessages.slugTaken(command.slug), 'BookName');
    return [{ type: 'BookAdded', data: { bookId: command.bookId, authorId: command.authorId, slug: command.slug, content } }];
  }
  if (!state.exists || state.removed) throw new DomainError('not_found', bookMessages.notFound);
  const { bookId } = state;
  const current = state.revisions.at(-1)!;
  switch (command.kind) {
    case 'revise': {
      if (command.expectedRevision !== undefined && command.expectedRevision !== state.revisions.length) throw new DomainError('conflict', bookMessages.stale);
      const content = bookContent(command.content);
      return sameContent(content, current) ? [] : [{ type: 'BookRevised', data: { bookId, content } }];
    }
    case 'restore': {
      const content = state.revisions[command.revision - 1];
      if (content === undefined || command.revision < 1) throw new DomainError('invalid', bookMessages.noRevision(command.revision), 'revision');
      return sameContent(content, current) ? [] : [{ type: 'BookRevised', data: { bookId, content, restoredFrom: command.revision } }];
    }
    case 'remove':
      return [{ type: 'BookRemoved', data: { bookId } }];
  }
}

export const bookDecider: Decider<BookCommand, BookEvent, BookState> = { initialState, evolve, decide };
