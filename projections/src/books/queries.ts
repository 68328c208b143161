import type { Kysely } from 'kysely';
import type { BookTocEntry } from '@epos/schemas';
import type { BooksReadModel } from './books-projection.js';

type Db = Kysely<BooksReadModel>;
export type BookRow = BooksReadModel['books'];
export type AuthorRow = BooksReadModel['authors'];
export type BookSummary = Pick<BookRow, 'book_id' | 'author_id' | 'slug' | 'title' | 'book_order'>;

/** Every author by name, each with their books in order (by order, then title). */
export async function authorsWithBooks(db: Db): Promise<{ author: AuthorRow; books: BookSummary[] }[]> {
  const [authors, books] = await Promise.all([db.selectFrom('authors').selectAll().orderBy('name').orderBy('slug').execute(), booksInOrder(db).execute()]);
  return authors.map((author) => ({ author, books: books.filter((b) => b.author_id === author.author_id) }));
}

/** Summaries of books (all, or `authorId`'s), in their authors' reading order. */
export function booksInOrder(db: Db, authorId?: string) {
  let rows = db.selectFrom('books').select(['book_id', 'author_id', 'slug', 'title', 'book_order']);
  if (authorId !== undefined) rows = rows.where('author_id', '=', authorId);
  return rows.orderBy('book_order').orderBy('title').orderBy('book_id');
}

export function authorBySlug(db: Db, slug: string): Promise<AuthorRow | undefined> {
  return db.selectFrom('authors').selectAll().where('slug', '=', slug).executeTakeFirst();
}

/** A whole book with its author, by the two slugs of its address. */
export function bookAt(db: Db, authorSlug: string, bookSlug: string): Promise<(BookRow & { author_name: string; author_slug: string }) | undefined> {
  return db
    .selectFrom('books')
    .innerJoin('authors', 'authors.author_id', 'books.author_id')
    .selectAll('books')
    .select(['authors.name as author_name', 'authors.slug as author_slug'])
    .where('authors.slug', '=', authorSlug)
    .where('books.slug', '=', bookSlug)
    .executeTakeFirst();
}

export async function bookCountOf(db: Db, authorId: string): Promise<number> {
  const row = await db
    .selectFrom('books')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('author_id', '=', authorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const tocOf = (book: Pick<BookRow, 'toc'>): BookTocEntry[] => JSON.parse(book.toc) as BookTocEntry[];
