import { z } from 'zod';
import { isoMoment } from '../api/responses.js';
import { lineText, multilineText, wholeNumber } from '../api/input.js';
import { MAX_BOOK_MARKDOWN, MAX_BOOK_ORDER } from './events.js';

/**
 * The site's book payloads (spec section 7). Blank titles, content and author names pass the schema:
 * the spec's rules between them (which author, what may be blank) answer with its own messages,
 * from the book rules (domain/src/books/book-rules.ts).
 */
const text = (max: number) =>
  lineText(max)
    .optional()
    .nullable()
    .transform((v) => (v ?? '').trim());
const markdown = multilineText(MAX_BOOK_MARKDOWN)
  .optional()
  .nullable()
  .transform((v) => v ?? '');
/** A number, its digits, or nothing ('' or null: first). */
const bookOrder = z
  .union([z.literal(''), z.null(), z.undefined()])
  .transform(() => 0)
  .or(wholeNumber('BookOrder', { min: 0, max: MAX_BOOK_ORDER }));
/** Sent by the spec's editor; never stored nor trusted: the server renders the markdown. */
const ignoredHtml = z.unknown().optional().describe('Ignored: the server renders BookContentMd');

export const insertAuthorBody = z.object({ AuthorName: text(200) });

export const insertBookBody = z.object({
  BookName: text(300),
  BookContentMd: markdown,
  BookContentHtml: ignoredHtml,
  BookOrder: bookOrder,
  AuthorName: text(200).describe("A new author's name, or '' to use the selected author"),
  Urlslug: text(100).describe("The selected existing author's slug, or ''"),
});
export type InsertBookBody = z.output<typeof insertBookBody>;

export const updateBookBody = z.object({
  BookName: text(300),
  BookContentMd: markdown,
  BookContentHtml: ignoredHtml,
  BookOrder: bookOrder,
  Urlslug: text(100).describe("The book's author"),
  BookSlug: text(100),
  revision: wholeNumber('revision', { min: 1 }).optional().describe('The revision the editor loaded: 409 when the book changed since'),
});

const slugParam = lineText(100).pipe(z.string().min(1));
export const authorParams = z.object({ author: slugParam });
export const bookParams = z.object({ author: slugParam, book: slugParam });

// Answers.
export const bookEntry = z.object({ BookName: z.string(), BookSlug: z.string(), BookOrder: z.number().int() });
export const authorBooksAnswer = z.object({ AuthorName: z.string(), Urlslug: z.string(), AuthorBook: z.array(bookEntry) });
export type AuthorBooksAnswer = z.infer<typeof authorBooksAnswer>;
export const booksByAuthorAnswer = z.array(authorBooksAnswer);

export const bookTocHeading = z.object({ TagHash: z.string().describe('The id of the heading in BookContentHtml: link to #TagHash'), TagText: z.string() });
export const bookTocEntry = bookTocHeading.extend({ Innerhead3: z.array(bookTocHeading).describe('The third-level headings under this one') });
export type BookTocEntry = z.infer<typeof bookTocEntry>;

export const bookAnswer = z.object({
  AuthorName: z.string(),
  Urlslug: z.string(),
  BookName: z.string(),
  BookSlug: z.string(),
  BookOrder: z.number().int(),
  BookContentHtml: z.string().describe('Sanitised HTML; its h2 and h3 carry the ids the table of contents links to'),
  InnerTags: z.array(bookTocEntry),
  updated_at: isoMoment,
});
export type BookAnswer = z.infer<typeof bookAnswer>;
export const editableBookAnswer = bookAnswer.extend({ BookContentMd: z.string(), revision: z.number().int() });

export const authorSavedAnswer = z.object({ message: z.string(), Urlslug: z.string() });
export const authorListAnswer = z.array(z.object({ AuthorName: z.string(), Urlslug: z.string() }));
export const bookSavedAnswer = z.object({ message: z.string(), Urlslug: z.string(), BookSlug: z.string(), revision: z.number().int() });
export const bookDeletedAnswer = z.object({ message: z.string() });
