import { DomainError } from '../decider.js';
import { bookMessages } from '@epos/schemas';

/** Whose book a new one is: an author to add by name, or an existing one by slug. */
export type AuthorChoice = { kind: 'new'; name: string } | { kind: 'existing'; slug: string };

/**
 * The spec's rule for a new book's author (section 5): a new author's name or a selected author,
 * exactly one of them (blank means not given).
 */
export function chooseAuthor(newAuthorName: string, selectedSlug: string): AuthorChoice {
  const name = newAuthorName.trim();
  const slug = selectedSlug.trim();
  if (name === '' && slug === '') throw new DomainError('invalid', bookMessages.chooseAuthor, 'Urlslug');
  if (name !== '' && slug !== '') throw new DomainError('invalid', bookMessages.notBoth, 'AuthorName');
  return name !== '' ? { kind: 'new', name } : { kind: 'existing', slug };
}
