import type { z } from 'zod';
import type { authorBooksAnswer, bookAnswer, bookTocEntry } from '@epos/schemas/books/payloads';
import { NO_BOOK } from '../ui/messages';
import { getJson, type Result } from '../ui/http';

/** The books' reading calls (the library contract, "Books by author"), typed by the server's answer schemas. */

export type AuthorBooks = z.infer<typeof authorBooksAnswer>;
export type Book = z.infer<typeof bookAnswer>;
export type BookTocEntry = z.infer<typeof bookTocEntry>;

const seg = (value: string) => encodeURIComponent(value);

export const bookPaths = {
  books: '/books',
  author: (author: string) => `/books/${seg(author)}`,
  book: (author: string, book: string) => `/books/${seg(author)}/${seg(book)}`,
} as const;

export const bookApi = {
  books: '/api/books',
  author: (author: string) => `/api/books/${seg(author)}`,
  book: (author: string, book: string) => `/api/booksnew/${seg(author)}/${seg(book)}`,
} as const;

/** A read; a 404 is the spec's 'No book found' (section 8). */
const read = <T>(url: string, signal?: AbortSignal): Promise<Result<T>> => getJson<T>(url, { signal, notFound: NO_BOOK });

export const fetchBooks = (signal?: AbortSignal) => read<AuthorBooks[]>(bookApi.books, signal);
export const fetchAuthor = (author: string, signal?: AbortSignal) => read<AuthorBooks>(bookApi.author(author), signal);
/** A book read begun while its page renders (see startBookRead), taken once by the page's effect. */
let early: { readonly url: string; readonly answer: Promise<Result<Book>>; taken: boolean } | null = null;

/**
 * Begins reading the book as soon as its page first renders: React commits a page that was
 * waiting for its code up to 300 ms later (Suspense throttling), and a book of 300,000 words
 * should not wait that long to start downloading. Only the first render of an address begins one.
 */
export function startBookRead(author: string, book: string): void {
  if (typeof window === 'undefined') return; // rendered on the server, from the server's answer
  const url = bookApi.book(author, book);
  if (early?.url !== url) early = { url, answer: read<Book>(url), taken: false };
}

/** The book: the read startBookRead began, if it is this one and not taken yet, else a new read. */
export function fetchBook(author: string, book: string, signal?: AbortSignal): Promise<Result<Book>> {
  const url = bookApi.book(author, book);
  if (early !== null && early.url === url && !early.taken) {
    early.taken = true;
    return early.answer;
  }
  return read<Book>(url, signal);
}
