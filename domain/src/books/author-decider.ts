import { DomainError, type Decider } from '../decider.js';
import { bookMessages, type AuthorEvent } from '@epos/schemas';

export type AuthorState = { exists: boolean; removed: boolean; authorId: string; name: string; slug: string };

/**
 * Admins' writes to an author. `slugFree`: whether the slug's reservation stream was empty when the
 * command was built (the reservation is appended with "no stream yet", so a race loses there).
 * `bookCount`: the author's books as the books read model has them, caught up with the store.
 */
export type AuthorCommand =
  { kind: 'add'; authorId: string; name: string; slug: string; slugFree: boolean } | { kind: 'rename'; name: string } | { kind: 'remove'; bookCount: number };

const initialState: AuthorState = { exists: false, removed: false, authorId: '', name: '', slug: '' };

function evolve(state: AuthorState, event: AuthorEvent): AuthorState {
  switch (event.type) {
    case 'AuthorAdded':
      return { ...state, exists: true, authorId: event.data.authorId, name: event.data.name, slug: event.data.slug };
    case 'AuthorRenamed':
      return { ...state, name: event.data.name };
    case 'AuthorRemoved':
      return { ...state, removed: true };
    default:
      return state;
  }
}

export const authorMessages = {
  slugTaken: (slug: string) => `AuthorName: the address /books/${slug} is taken by another author`,
  exists: 'This author exists already.',
} as const;

/** A new author's name, trimmed: the spec's rule that it is not blank. */
export function authorName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw new DomainError('invalid', bookMessages.blankAuthor, 'AuthorName');
  return trimmed;
}

function decide(command: AuthorCommand, state: AuthorState): AuthorEvent[] {
  if (command.kind === 'add') {
    if (state.exists) throw new DomainError('conflict', authorMessages.exists);
    if (!command.slugFree) throw new DomainError('conflict', authorMessages.slugTaken(command.slug), 'AuthorName');
    return [{ type: 'AuthorAdded', data: { authorId: command.authorId, name: authorName(command.name), slug: command.slug } }];
  }
  if (!state.exists || state.removed) throw new DomainError('not_found', bookMessages.noAuthor);
  switch (command.kind) {
    case 'rename': {
      const name = authorName(command.name);
      return name === state.name ? [] : [{ type: 'AuthorRenamed', data: { authorId: state.authorId, name } }];
    }
    case 'remove':
      if (command.bookCount > 0) throw new DomainError('conflict', bookMessages.authorHasBooks);
      return [{ type: 'AuthorRemoved', data: { authorId: state.authorId } }];
  }
}

export const authorDecider: Decider<AuthorCommand, AuthorEvent, AuthorState> = { initialState, evolve, decide };
