import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { Position } from '@epos/platform';
import { adminBookAnswer, adminBookCreate, adminBooksAnswer, adminBookUpdate, adminRecordParams, bookStream } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { BOOKS_PROJECTION, type BooksReadModel } from '@epos/projections/books/books-projection';
import { containing } from '@epos/platform/db/like';
import type { ApiDeps } from '../../deps.js';
import { withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { parseOr400 } from '../../blogs/validation.js';
import { adminRevisionRestoreBody } from '@epos/schemas/admin/posts';
import { revisionAtPosition } from '../revision-at.js';
import { addBook, removeBook, restoreBook, reviseBook } from '../../books/book-commands.js';
import { BOOK_BODY_LIMIT } from '../../books/write-routes.js';
import { parseListParams, uuidValues } from '../list-params.js';
import { sendList } from '../lists.js';

const tags = ['admin'];
const SORTS = ['title', 'order', 'author_name', 'words', 'revision', 'created_at', 'updated_at'] as const;
const FILTERS = ['id', 'author_id'] as const;
const COLUMNS = {
  id: 'books.book_id',
  title: 'books.title',
  order: 'books.book_order',
  author_name: 'authors.name',
  words: 'books.words',
  revision: 'books.revision',
  created_at: 'books.created_at',
  updated_at: 'books.updated_at',
} as const;
const manage = { permission: 'library.manage' } as const;
const iso = (value: string | Date) => new Date(value).toISOString();
const notFound = () => new HttpError(404, 'not_found', 'No such book');

const SUMMARY = [
  'books.book_id',
  'books.author_id',
  'books.slug',
  'books.title',
  'books.book_order',
  'books.words',
  'books.revision',
  'books.created_at',
  'books.updated_at',
] as const;
const bookRows = (db: Kysely<BooksReadModel>) =>
  db
    .selectFrom('books')
    .innerJoin('authors', 'authors.author_id', 'books.author_id')
    .select(SUMMARY)
    .select(['authors.name as author_name', 'authors.slug as author_slug']);
type Row = Pick<BooksReadModel['books'], 'book_id' | 'author_id' | 'slug' | 'title' | 'book_order' | 'words' | 'revision' | 'created_at' | 'updated_at'> & {
  author_name: string;
  author_slug: string;
  markdown?: string;
};
const answer = (b: Row) => ({
  id: b.book_id,
  author_id: b.author_id,
  author_name: b.author_name,
  author_slug: b.author_slug,
  title: b.title,
  slug: b.slug,
  order: b.book_order,
  ...(b.markdown === undefined ? {} : { md_content: b.markdown }),
  words: b.words,
  revision: b.revision,
  created_at: iso(b.created_at),
  updated_at: iso(b.updated_at),
});

/**
 * Books in the console: list (filter by author), show, add, revise (409 when stale), remove, and
 * restore an earlier revision (History: `book-<id>`). Lists leave the markdown out: books can be long.
 */
export function bookAdminRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const lookUp = async (db: Kysely<BooksReadModel>, id: string) => {
    const found = await bookRows(db).select('books.markdown').where('books.book_id', '=', id).executeTakeFirst();
    if (!found) throw notFound();
    return answer(found);
  };
  const current = async (id: string, position: Position | null) => {
    if (position !== null) await afterWrite(deps, position, [BOOKS_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
    return lookUp(await deps.progress.readModel<BooksReadModel>(BOOKS_PROJECTION), id);
  };

  return async (app) => {
    app.get(
      '/books',
      {
        config: { reads: [BOOKS_PROJECTION] },
        schema: {
          tags,
          summary: 'Every book (without its text); filter by author_id; q searches titles',
          querystring: adminListQuery,
          response: { 200: adminBooksAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<BooksReadModel>(deps, request, BOOKS_PROJECTION);
        let rows = bookRows(db);
        if (params.filter.id !== undefined) rows = rows.where('books.book_id', 'in', uuidValues('id', params.filter.id));
        if (params.filter.author_id !== undefined) rows = rows.where('books.author_id', 'in', uuidValues('author_id', params.filter.author_id));
        if (params.q !== '') rows = rows.where('books.title', 'ilike', containing(params.q));
        const order = params.sort?.order ?? 'asc';
        const page = rows
          .orderBy(sql.ref(COLUMNS[params.sort?.field ?? 'title']), order)
          .orderBy('books.book_id', order)
          .offset(params.range.start)
          .limit(params.range.end - params.range.start + 1);
        const [found, total] = await Promise.all([
          page.execute(),
          rows
            .clearSelect()
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow(),
        ]);
        return sendList(reply, 'books', params, found.map(answer), Number(total.n));
      },
    );

    app.get(
      '/books/:id',
      {
        config: { reads: [BOOKS_PROJECTION] },
        schema: { tags, summary: 'One book with its markdown', params: adminRecordParams, response: { 200: adminBookAnswer } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return lookUp(await readModel<BooksReadModel>(deps, request, BOOKS_PROJECTION), request.params.id);
      },
    );

    app.post(
      '/books',
      {
        config: manage,
        bodyLimit: BOOK_BODY_LIMIT,
        schema: { tags, summary: 'Add a book to an author (its slug made from the title)', response: { 201: adminBookAnswer } },
      },
      async (request, reply) => {
        const body = parseOr400(adminBookCreate, request.body);
        const added = await addBook(
          deps,
          request,
          { kind: 'existing', authorId: body.author_id },
          { title: body.title, order: body.order, markdown: body.md_content },
        );
        return withPosition(reply, { position: added.position, events: [] })
          .code(201)
          .send(await current(added.bookId, added.position));
      },
    );

    app.put(
      '/books/:id',
      {
        config: manage,
        bodyLimit: BOOK_BODY_LIMIT,
        schema: {
          tags,
          summary: "Save a book's title, order and text (409 when changed since `revision`)",
          params: adminRecordParams,
          response: { 200: adminBookAnswer },
        },
      },
      async (request, reply) => {
        const body = parseOr400(adminBookUpdate, request.body);
        const result = await reviseBook(deps, request, request.params.id, { title: body.title, order: body.order, markdown: body.md_content }, body.revision);
        return withPosition(reply, result).send(await current(request.params.id, result.position));
      },
    );

    app.delete(
      '/books/:id',
      {
        config: manage,
        schema: { tags, summary: 'Remove a book (its address is not given to another)', params: adminRecordParams, response: { 200: adminBookAnswer } },
      },
      async (request, reply) => {
        const before = await current(request.params.id, null);
        const result = await removeBook(deps, request, request.params.id);
        return withPosition(reply, result).send(before);
      },
    );

    app.post(
      '/books/:id/restore',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Make an earlier revision the current text (as a new revision; history kept)',
          params: adminRecordParams,
          response: { 200: adminBookAnswer },
        },
      },
      async (request, reply) => {
        const body = parseOr400(adminRevisionRestoreBody, request.body);
        const revision =
          body.revision ?? (await revisionAtPosition(deps.store, bookStream(request.params.id), body.position!, ['BookAdded', 'BookRevised'], 'book'));
        const result = await restoreBook(deps, request, request.params.id, revision);
        return withPosition(reply, result).send(await current(request.params.id, result.position));
      },
    );
  };
}
