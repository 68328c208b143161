import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import type { Position } from '@epos/platform';
import { adminAuthorAnswer, adminAuthorBody, adminAuthorsAnswer, adminRecordParams } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { BOOKS_PROJECTION, type BooksReadModel } from '@epos/projections/books/books-projection';
import { containing } from '@epos/platform/db/like';
import type { ApiDeps } from '../../deps.js';
import { withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { parseOr400 } from '../../blogs/validation.js';
import { addAuthor, removeAuthor, renameAuthor } from '../../books/book-commands.js';
import { parseListParams, uuidValues } from '../list-params.js';
import { sendList } from '../lists.js';

const tags = ['admin'];
const SORTS = ['name', 'slug', 'books', 'created_at', 'updated_at'] as const;
const COLUMNS = { id: 'authors.author_id', name: 'name', slug: 'slug', books: 'books', created_at: 'created_at', updated_at: 'updated_at' } as const;
const FILTERS = ['id'] as const;
const manage = { permission: 'library.manage' } as const;
const iso = (value: string | Date) => new Date(value).toISOString();
const notFound = () => new HttpError(404, 'not_found', 'No such author');

/** Authors with how many books each has. */
const authorRows = (db: Kysely<BooksReadModel>) =>
  db
    .selectFrom('authors')
    .selectAll('authors')
    .select((eb) => eb.selectFrom('books').select(eb.fn.countAll<string>().as('n')).whereRef('books.author_id', '=', 'authors.author_id').as('books'));
type AuthorRow = BooksReadModel['authors'] & { books: string | number | null };
const answer = (a: AuthorRow) => ({
  id: a.author_id,
  name: a.name,
  slug: a.slug,
  books: Number(a.books ?? 0),
  created_at: iso(a.created_at),
  updated_at: iso(a.updated_at),
});

/** Authors in the console: list, show, add, rename (the slug stays), remove (refused while the author has books). History: `author-<id>`. */
export function authorAdminRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const current = async (id: string, position: Position | null) => {
    if (position !== null) await afterWrite(deps, position, [BOOKS_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
    const found = await authorRows(await deps.progress.readModel<BooksReadModel>(BOOKS_PROJECTION))
      .where('authors.author_id', '=', id)
      .executeTakeFirst();
    if (!found) throw notFound();
    return answer(found);
  };

  return async (app) => {
    app.get(
      '/authors',
      {
        config: { reads: [BOOKS_PROJECTION] },
        schema: { tags, summary: 'Every author; q searches names', querystring: adminListQuery, response: { 200: adminAuthorsAnswer } },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<BooksReadModel>(deps, request, BOOKS_PROJECTION);
        let rows = authorRows(db);
        if (params.filter.id !== undefined) rows = rows.where('authors.author_id', 'in', uuidValues('id', params.filter.id));
        if (params.q !== '') rows = rows.where('authors.name', 'ilike', containing(params.q));
        const order = params.sort?.order ?? 'asc';
        const page = rows
          .orderBy(sql.ref(COLUMNS[params.sort?.field ?? 'name']), order)
          .orderBy('authors.author_id', order)
          .offset(params.range.start)
          .limit(params.range.end - params.range.start + 1);
        const [found, total] = await Promise.all([
          page.execute(),
          rows
            .clearSelect()
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow(),
        ]);
        return sendList(reply, 'authors', params, found.map(answer), Number(total.n));
      },
    );

    app.get(
      '/authors/:id',
      { config: { reads: [BOOKS_PROJECTION] }, schema: { tags, summary: 'One author', params: adminRecordParams, response: { 200: adminAuthorAnswer } } },
      async (request, reply) => {
        const found = await authorRows(await readModel<BooksReadModel>(deps, request, BOOKS_PROJECTION))
          .where('authors.author_id', '=', request.params.id)
          .executeTakeFirst();
        if (!found) throw notFound();
        reply.header('cache-control', 'private, no-store');
        return answer(found);
      },
    );

    app.post(
      '/authors',
      { config: manage, schema: { tags, summary: 'Add an author (its slug made from the name)', response: { 201: adminAuthorAnswer } } },
      async (request, reply) => {
        const { name } = parseOr400(adminAuthorBody, request.body);
        const { authorId, position } = await addAuthor(deps, request, name);
        return withPosition(reply, { position, events: [] })
          .code(201)
          .send(await current(authorId, position));
      },
    );

    app.put(
      '/authors/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Rename an author (the slug, and so its books’ addresses, stay)',
          params: adminRecordParams,
          response: { 200: adminAuthorAnswer },
        },
      },
      async (request, reply) => {
        const { name } = parseOr400(adminAuthorBody, request.body);
        const result = await renameAuthor(deps, request, request.params.id, name);
        return withPosition(reply, result).send(await current(request.params.id, result.position));
      },
    );

    app.delete(
      '/authors/:id',
      {
        config: manage,
        schema: { tags, summary: 'Remove an author who has no books (409 otherwise)', params: adminRecordParams, response: { 200: adminAuthorAnswer } },
      },
      async (request, reply) => {
        const before = await current(request.params.id, null);
        const result = await removeAuthor(deps, request, request.params.id);
        return withPosition(reply, result).send(before);
      },
    );
  };
}
