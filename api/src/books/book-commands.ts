import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { foldStream, handleCommand, WrongExpectedRevisionError, type EventStore, type Position, type StreamAppend } from '@epos/platform';
import { authorSlugStream, authorStream, bookMessages, bookSlugStream, bookStream, slugify, type BookContent } from '@epos/schemas';
import { authorDecider, authorName, type AuthorCommand } from '@epos/domain/books/author-decider';
import { bookDecider, type BookCommand } from '@epos/domain/books/book-decider';
import { BOOKS_PROJECTION, type BooksReadModel } from '@epos/projections/books/books-projection';
import { bookCountOf } from '@epos/projections/books/queries';
import type { ApiDeps } from '../deps.js';
import { causeOf } from '../commands.js';
import { HttpError } from '../http/error-handler.js';

/**
 * The books' commands, shared by the site's routes (spec section 7) and the console's: each folds its
 * stream, asks the decider, and appends. Slugs are reserved in streams of their own with "no stream
 * yet", in the same atomic append as the events that take them, so no two authors (and no two books
 * of an author) ever share an address, and an address once used is never given to another.
 */

const MAX_TRIES = 200;
const RACES = 5;

export const noBook = () => new HttpError(404, 'not_found', bookMessages.notFound);
export const noAuthor = () => new HttpError(404, 'not_found', bookMessages.noAuthor, {}, [{ field: 'Urlslug', message: bookMessages.noAuthor }]);

/** The data of a reservation stream's one event, or null when the slug is free. */
async function reservation<Data>(store: EventStore, streamId: string): Promise<Data | null> {
  const [event] = await store.readStream(streamId, { maxCount: 1 });
  return event ? (event.data as Data) : null;
}

/** A readable slug from `text` that no reservation stream holds ("my-title", then "my-title-2", …). */
async function freeSlug(store: EventStore, text: string, fallback: string, streamOf: (slug: string) => string): Promise<string> {
  const base = slugify(text) || fallback;
  for (let n = 1; n <= MAX_TRIES; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((await store.streamRevision(streamOf(candidate))) < 0n) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/** The author a slug names (removed or not), from its reservation. */
export async function authorIdOf(store: EventStore, slug: string): Promise<string | null> {
  return (await reservation<{ authorId: string }>(store, authorSlugStream(slug)))?.authorId ?? null;
}

/** The book at `/books/{authorSlug}/{bookSlug}`, from the two reservations; null when either is unknown. */
export async function bookIdOf(store: EventStore, authorSlug: string, bookSlug: string): Promise<{ authorId: string; bookId: string } | null> {
  const authorId = await authorIdOf(store, authorSlug);
  if (!authorId) return null;
  const book = await reservation<{ bookId: string }>(store, bookSlugStream(authorId, bookSlug));
  return book ? { authorId, bookId: book.bookId } : null;
}

const authorSlugReservation = (authorId: string, slug: string): StreamAppend => ({
  streamId: authorSlugStream(slug),
  events: [{ type: 'AuthorSlugReserved', data: { slug, authorId } }],
  expectedRevision: 'no_stream',
});
const bookSlugReservation = (authorId: string, bookId: string, slug: string): StreamAppend => ({
  streamId: bookSlugStream(authorId, slug),
  events: [{ type: 'BookSlugReserved', data: { authorId, slug, bookId } }],
  expectedRevision: 'no_stream',
});

/** Runs a write that reserves slugs: one taken meanwhile (a lost race) runs it again, on fresh slugs. */
async function onFreshSlugs<T>(write: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError) || tries >= RACES) throw error;
    }
  }
}

/** A new author's command, at a slug free now from its name. */
async function addAuthorCommand(deps: ApiDeps, authorId: string, name: string): Promise<AuthorCommand & { kind: 'add' }> {
  return { kind: 'add', authorId, name, slug: await freeSlug(deps.store, name, 'author', authorSlugStream), slugFree: true };
}

export async function addAuthor(deps: ApiDeps, request: FastifyRequest, name: string): Promise<{ authorId: string; slug: string; position: Position }> {
  const authorId = randomUUID();
  const trimmed = authorName(name);
  const { state, position } = await onFreshSlugs(() =>
    handleCommand(deps.store, {
      streamId: authorStream(authorId),
      decider: authorDecider,
      command: () => addAuthorCommand(deps, authorId, trimmed),
      alongside: (command) => (command.kind === 'add' ? [authorSlugReservation(authorId, command.slug)] : []),
      cause: causeOf(request),
    }),
  );
  return { authorId, slug: state.slug, position: position! };
}

export async function renameAuthor(deps: ApiDeps, request: FastifyRequest, authorId: string, name: string) {
  return handleCommand(deps.store, { streamId: authorStream(authorId), decider: authorDecider, command: { kind: 'rename', name }, cause: causeOf(request) });
}

/** Removes an author who has no books left (as the books read model says, once caught up with the store). */
export async function removeAuthor(deps: ApiDeps, request: FastifyRequest, authorId: string) {
  const reached = await deps.progress.waitFor(await deps.store.headPosition(), { names: [BOOKS_PROJECTION], timeoutMs: deps.config.CONSISTENCY_TIMEOUT_MS });
  if (!reached) throw new HttpError(503, 'not_consistent_yet', 'The books are still being updated; try again in a moment.', { 'retry-after': '1' });
  const bookCount = await bookCountOf(await deps.progress.readModel<BooksReadModel>(BOOKS_PROJECTION), authorId);
  return handleCommand(deps.store, {
    streamId: authorStream(authorId),
    decider: authorDecider,
    command: { kind: 'remove', bookCount },
    cause: causeOf(request),
  });
}

/** Whose book a new one is: a new author (added with the book, in one append) or an existing one. */
export type BookAuthor = { kind: 'new'; name: string } | { kind: 'existing'; authorId: string };

export interface AddedBook {
  bookId: string;
  authorId: string;
  authorSlug: string;
  slug: string;
  position: Position;
}

/**
 * Adds a book, and with it its new author when it has one: the author's first event (its own
 * decider's) and both slugs' reservations go in the book's append, so neither stands without the other.
 */
export async function addBook(deps: ApiDeps, request: FastifyRequest, author: BookAuthor, content: BookContent): Promise<AddedBook> {
  const bookId = randomUUID();
  const authorId = author.kind === 'new' ? randomUUID() : author.authorId;
  let authorSlug = '';
  let authorAppends: StreamAppend[] = [];
  const { state, position } = await onFreshSlugs(() =>
    handleCommand(deps.store, {
      streamId: bookStream(bookId),
      decider: bookDecider,
      command: async (): Promise<BookCommand> => {
        let authorLive = true;
        if (author.kind === 'new') {
          const command = await addAuthorCommand(deps, authorId, author.name);
          authorSlug = command.slug;
          const events = authorDecider.decide(command, authorDecider.initialState);
          authorAppends = [authorSlugReservation(authorId, command.slug), { streamId: authorStream(authorId), events, expectedRevision: 'no_stream' }];
        } else {
          const { state: existing } = await foldStream(deps.store, authorStream(authorId), authorDecider);
          authorLive = existing.exists && !existing.removed;
          authorSlug = existing.slug;
        }
        const slug = await freeSlug(deps.store, content.title, 'book', (s) => bookSlugStream(authorId, s));
        return { kind: 'add', bookId, authorId, authorLive, slug, slugFree: true, content };
      },
      alongside: (command) => (command.kind === 'add' ? [...authorAppends, bookSlugReservation(authorId, bookId, command.slug)] : []),
      cause: causeOf(request),
    }),
  );
  return { bookId, authorId, authorSlug, slug: state.slug, position: position! };
}

const runBook = (deps: ApiDeps, request: FastifyRequest, bookId: string, command: BookCommand) =>
  handleCommand(deps.store, { streamId: bookStream(bookId), decider: bookDecider, command, cause: causeOf(request) });

export const reviseBook = (deps: ApiDeps, request: FastifyRequest, bookId: string, content: BookContent, expectedRevision?: number) =>
  runBook(deps, request, bookId, { kind: 'revise', content, ...(expectedRevision === undefined ? {} : { expectedRevision }) });

export const restoreBook = (deps: ApiDeps, request: FastifyRequest, bookId: string, revision: number) =>
  runBook(deps, request, bookId, { kind: 'restore', revision });

export const removeBook = (deps: ApiDeps, request: FastifyRequest, bookId: string) => runBook(deps, request, bookId, { kind: 'remove' });
