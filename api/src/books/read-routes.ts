import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authorBooksAnswer, authorParams, bookAnswer, bookParams, booksByAuthorAnswer, editableBookAnswer } from '@epos/schemas';
import { BOOKS_CHANGED_CHANNEL, BOOKS_PROJECTION, type BooksReadModel } from '@epos/projections/books/books-projection';
import { authorBySlug, authorsWithBooks, bookAt, booksInOrder, tocOf, type BookRow, type BookSummary } from '@epos/projections/books/queries';
import type { ApiDeps } from '../deps.js';
import { ChangeCache, listenWithApp } from '../http/change-cache.js';
import { renderAnswer, sendCacheable } from '../http/http-cache.js';
import { readModel, readModelSchema } from '../read-models.js';
import { requirePermission } from '../accounts/security.js';
import { noBook } from './book-commands.js';

const reads = { reads: [BOOKS_PROJECTION] };
const tags = ['books'];
const entry = (b: BookSummary) => ({ BookName: b.title, BookSlug: b.slug, BookOrder: b.book_order });
const bookPage = (b: BookRow & { author_name: string; author_slug: string }) => ({
  AuthorName: b.author_name,
  Urlslug: b.author_slug,
  BookName: b.title,
  BookSlug: b.slug,
  BookOrder: b.book_order,
  BookContentHtml: b.html,
  InnerTags: tocOf(b),
  updated_at: new Date(b.updated_at).toISOString(),
});

/**
 * The spec's book reading calls (section 7). Public answers come from memory (`ChangeCache`), kept
 * per author until the books projection announces a change to that author: a long book's answer is
 * built once per revision, not per request.
 */
export function bookReadRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const booksDb = (request: FastifyRequest) => readModel<BooksReadModel>(deps, request, BOOKS_PROJECTION);
  const cache = new ChangeCache(deps.database, BOOKS_CHANGED_CHANNEL, deps.memory);
  /**
   * Through the cache, keyed by what the answer shows (never the query string: a long book's answer
   * is kept once, however it is asked for); `author`: the one author's slug it shows (without it, any
   * change drops it). Builds throw rather than answer null.
   */
  const serve = async (request: FastifyRequest, reply: FastifyReply, key: string, build: () => Promise<unknown>, author?: string) =>
    sendCacheable(
      request,
      reply,
      (await cache.answer(
        request.consistentAfter,
        () => readModelSchema(deps, request, BOOKS_PROJECTION),
        key,
        async () => renderAnswer(reply, await build()),
        author,
      ))!,
    );

  return async (app) => {
    await listenWithApp(app, cache, deps.logger, 'books');

    app.get(
      '/api/books',
      { config: reads, schema: { tags, summary: 'Every author with their books, authors by name, books in order', response: { 200: booksByAuthorAnswer } } },
      async (request, reply) =>
        serve(request, reply, 'books', async () =>
          (await authorsWithBooks(await booksDb(request))).map(({ author, books }) => ({
            AuthorName: author.name,
            Urlslug: author.slug,
            AuthorBook: books.map(entry),
          })),
        ),
    );

    app.get(
      '/api/books/:author',
      { config: reads, schema: { tags, summary: "One author's books, in order", params: authorParams, response: { 200: authorBooksAnswer } } },
      async (request, reply) =>
        serve(
          request,
          reply,
          `author ${request.params.author}`,
          async () => {
            const db = await booksDb(request);
            const author = await authorBySlug(db, request.params.author);
            if (!author) throw noBook();
            const books = await booksInOrder(db, author.author_id).execute();
            return { AuthorName: author.name, Urlslug: author.slug, AuthorBook: books.map(entry) };
          },
          request.params.author,
        ),
    );

    app.get(
      '/api/booksnew/:author/:book',
      {
        config: reads,
        schema: {
          tags,
          summary: 'A book: its HTML with heading ids, and its table of contents (InnerTags)',
          params: bookParams,
          response: { 200: bookAnswer },
        },
      },
      async (request, reply) =>
        serve(
          request,
          reply,
          `book ${request.params.author} ${request.params.book}`,
          async () => {
            const book = await bookAt(await booksDb(request), request.params.author, request.params.book);
            if (!book) throw noBook();
            return bookPage(book);
          },
          request.params.author,
        ),
    );

    app.get(
      '/api/books/:author/:book/edit',
      {
        config: reads,
        schema: {
          tags,
          summary: 'A book as the editor loads it: with its markdown and revision (admins)',
          params: bookParams,
          response: { 200: editableBookAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const book = await bookAt(await booksDb(request), request.params.author, request.params.book);
        if (!book) throw noBook();
        reply.header('cache-control', 'private, no-store');
        return { ...bookPage(book), BookContentMd: book.markdown, revision: book.revision };
      },
    );
  };
}
