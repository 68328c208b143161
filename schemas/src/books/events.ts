import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { slugSchema } from '../blogs/events.js';
import { MAX_INT32 } from '../poem/vocabulary.js';

export const authorStream = (authorId: string) => `author-${authorId}`;
export const bookStream = (bookId: string) => `book-${bookId}`;
/** One stream per author slug: reserved with "no stream yet", so two authors never share an address. */
export const authorSlugStream = (slug: string) => `author-slug-${slug}`;
/** One stream per book slug of an author: book addresses are unique under their author. */
export const bookSlugStream = (authorId: string, slug: string) => `book-slug-${authorId}-${slug}`;

/** A long book (a 300,000-word commentary is about two million characters) fits with room to spare. */
export const MAX_BOOK_MARKDOWN = 4_000_000;
export const MAX_BOOK_ORDER = 100_000;

export const authorNameSchema = z.string().min(1).max(200);

/** A book at one revision; its HTML and table of contents are rendered from `markdown` by the books projection. */
export const bookContentSchema = z.object({
  title: z.string().min(1).max(300),
  /** Where the book stands among its author's books: lower first, then by title. */
  order: z.number().int().min(0).max(MAX_BOOK_ORDER),
  markdown: z.string().min(1).max(MAX_BOOK_MARKDOWN),
});
export type BookContent = z.infer<typeof bookContentSchema>;

const authorId = z.uuid();
const bookId = z.uuid();

export const authorSlugReserved = defineEvent('AuthorSlugReserved', z.object({ slug: slugSchema, authorId }));
export const authorAdded = defineEvent('AuthorAdded', z.object({ authorId, name: authorNameSchema, slug: slugSchema }));
/** A rename keeps the author's slug, so links to the author's books keep working. */
export const authorRenamed = defineEvent('AuthorRenamed', z.object({ authorId, name: authorNameSchema }));
export const authorRemoved = defineEvent('AuthorRemoved', z.object({ authorId }));

export const bookSlugReserved = defineEvent('BookSlugReserved', z.object({ authorId, slug: slugSchema, bookId }));
export const bookAdded = defineEvent('BookAdded', z.object({ bookId, authorId, slug: slugSchema, content: bookContentSchema }));
export const bookRevised = defineEvent(
  'BookRevised',
  z.object({ bookId, content: bookContentSchema, restoredFrom: z.number().int().positive().max(MAX_INT32).optional() }),
);
export const bookRemoved = defineEvent('BookRemoved', z.object({ bookId }));

export const authorStreamEvents = [authorAdded, authorRenamed, authorRemoved] as const;
export type AuthorEvent = EventOf<typeof authorStreamEvents>;
export const bookStreamEvents = [bookAdded, bookRevised, bookRemoved] as const;
export type BookEvent = EventOf<typeof bookStreamEvents>;

export const bookEvents = [authorSlugReserved, ...authorStreamEvents, bookSlugReserved, ...bookStreamEvents] as const;
