import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authorListAnswer,
  authorSavedAnswer,
  bookDeletedAnswer,
  bookMessages,
  bookParams,
  bookSavedAnswer,
  insertAuthorBody,
  insertBookBody,
  updateBookBody,
} from '@epos/schemas';
import { chooseAuthor } from '@epos/domain/books/book-rules';
import { bookContent } from '@epos/domain/books/book-decider';
import { BOOKS_PROJECTION, type BooksReadModel } from '@epos/projections/books/books-projection';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { readModel } from '../read-models.js';
import { requirePermission } from '../accounts/security.js';
import { parseOr400 } from '../blogs/validation.js';
import { addAuthor, addBook, authorIdOf, bookIdOf, noAuthor, noBook, removeBook, reviseBook } from './book-commands.js';

const tags = ['books'];
const manage = { permission: 'library.manage' } as const;
/** A 300,000-word book is about two megabytes of markdown; the default limit (1 MiB) is for everything else. */
export const BOOK_BODY_LIMIT = 16 * 1024 * 1024;

/** The spec's book writes (section 7), admins only; `BookContentHtml` is never read: the server renders the markdown. */
export function bookWriteRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const removeAt = async (request: FastifyRequest<{ Params: { author: string; book: string } }>, reply: FastifyReply) => {
    requirePermission(request, 'library.manage');
    const found = await bookIdOf(deps.store, request.params.author, request.params.book);
    if (!found) throw noBook();
    const result = await removeBook(deps, request, found.bookId);
    return withPosition(reply, result).send({ message: bookMessages.deleted });
  };

  return async (app) => {
    app.post(
      '/postdata/insertauthors',
      { config: manage, schema: { tags, summary: 'Add an author (admins)', response: { 200: authorSavedAnswer } } },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const { AuthorName } = parseOr400(insertAuthorBody, request.body);
        const { slug, position } = await addAuthor(deps, request, AuthorName);
        return withPosition(reply, { position, events: [] }).send({ message: bookMessages.authorSaved, Urlslug: slug });
      },
    );

    app.get(
      '/postdata/getauthors',
      {
        config: { reads: [BOOKS_PROJECTION] },
        schema: { tags, summary: 'Every author, by name, for the book editor (admins)', response: { 200: authorListAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const db = await readModel<BooksReadModel>(deps, request, BOOKS_PROJECTION);
        const authors = await db.selectFrom('authors').select(['name', 'slug']).orderBy('name').orderBy('slug').execute();
        reply.header('cache-control', 'private, no-store');
        return authors.map((a) => ({ AuthorName: a.name, Urlslug: a.slug }));
      },
    );

    app.post(
      '/postdata/insertbooks',
      {
        config: manage,
        bodyLimit: BOOK_BODY_LIMIT,
        schema: { tags, summary: 'Add a book, to a selected author or a new one (admins)', response: { 200: bookSavedAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const body = parseOr400(insertBookBody, request.body);
        const choice = chooseAuthor(body.AuthorName, body.Urlslug);
        const content = bookContent({ title: body.BookName, order: body.BookOrder, markdown: body.BookContentMd });
        let author: Parameters<typeof addBook>[2];
        if (choice.kind === 'new') author = { kind: 'new', name: choice.name };
        else {
          const authorId = await authorIdOf(deps.store, choice.slug);
          if (!authorId) throw noAuthor();
          author = { kind: 'existing', authorId };
        }
        const added = await addBook(deps, request, author, content);
        return withPosition(reply, { position: added.position, events: [] }).send({
          message: bookMessages.bookSaved,
          Urlslug: added.authorSlug,
          BookSlug: added.slug,
          revision: 1,
        });
      },
    );

    app.post(
      '/postdata/updatebooks',
      {
        config: manage,
        bodyLimit: BOOK_BODY_LIMIT,
        schema: { tags, summary: "Save a book's title, order and text (admins; 409 when changed since `revision`)", response: { 200: bookSavedAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const body = parseOr400(updateBookBody, request.body);
        const content = bookContent({ title: body.BookName, order: body.BookOrder, markdown: body.BookContentMd });
        const found = await bookIdOf(deps.store, body.Urlslug, body.BookSlug);
        if (!found) throw noBook();
        const result = await reviseBook(deps, request, found.bookId, content, body.revision);
        return withPosition(reply, result).send({
          message: bookMessages.bookUpdated,
          Urlslug: body.Urlslug,
          BookSlug: body.BookSlug,
          revision: result.state.revisions.length,
        });
      },
    );

    const removal = { tags, params: bookParams, response: { 200: bookDeletedAnswer } };
    app.post('/postdata/removeBook/:author/:book', { config: manage, schema: { ...removal, summary: 'Remove a book (admins)' } }, removeAt);
    // The spec's GET: a link that changes state, so it needs the anti-forgery token the POSTs carry,
    // checked the same way (the security plugin checks it for every other method).
    app.get(
      '/postdata/removeBook/:author/:book',
      {
        config: manage,
        // No HEAD twin: it would run this handler too.
        exposeHeadRoute: false,
        preHandler: (request, reply, done) => app.csrfProtection(request, reply, done),
        schema: { ...removal, summary: 'Remove a book (admins): as the POST, with the X-CSRF-Token header' },
      },
      removeAt,
    );
  };
}
