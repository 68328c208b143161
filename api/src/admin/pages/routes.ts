import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Position } from '@epos/platform';
import { pageCategories, pageForm, pageStream } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminRevisionRestoreBody } from '@epos/schemas/admin/posts';
import { revisionAtPosition } from '../revision-at.js';
import { adminPageAnswer, adminPageParams, adminPagesAnswer, adminPageUpdate, type AdminPageAnswer } from '@epos/schemas/admin/pages';
import { LIBRARY_PROJECTION, type LibraryReadModel } from '@epos/projections/library/library-projection';
import { pageById, type LibraryDb, type LibraryPage } from '@epos/projections/library/queries';
import { fold } from '@epos/domain/decider';
import { pageDecider, pageMessages } from '@epos/domain/library/page-decider';
import { containing } from '@epos/platform/db/like';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { requirePermission } from '../../accounts/security.js';
import { parseOr400 } from '../../blogs/validation.js';
import { iso } from '../../blogs/views.js';
import { createPage, deletePage, restorePage, updatePage } from '../../library/page-commands.js';
import { parseListParams, textValues, uuidValues } from '../list-params.js';
import { pageInOrder, rowsOfPage, sendList, totalUpTo } from '../lists.js';
import { streamVersion } from '../stream-version.js';

const tags = ['admin'];
const manage = { permission: 'library.manage' } as const;
/** As the site's page editor allows (api/src/library/write-routes.ts): 2,000,000 characters of markdown. */
const PAGE_BODY_LIMIT = 8 * 1024 * 1024;
const SORTS = ['name', 'url', 'category', 'priority', 'revision', 'created_at', 'updated_at'] as const;
const FILTERS = ['id', 'category', 'parent'] as const;
const COLUMNS = {
  id: 'pages.page_id',
  name: 'pages.name',
  url: 'pages.path',
  category: 'pages.category',
  priority: 'pages.priority',
  revision: 'pages.revision',
  created_at: 'pages.created_at',
  updated_at: 'pages.updated_at',
} as const;
/** Everything but the markdown and its HTML: lists leave the text out, pages can be long. */
const SUMMARY = ['page_id', 'path', 'name', 'permalink', 'category', 'parent_id', 'priority', 'revision', 'created_at', 'updated_at'] as const;

const notFound = () => new HttpError(404, 'not_found', pageMessages.notFound);
const badFilter = (message: string) => new HttpError(400, 'bad_parameter', `filter: ${message}`, {}, [{ field: 'filter', message }]);

type PageRow = Omit<LibraryPage, 'markdown' | 'html'> & { markdown?: string };
const answer = (p: PageRow, version: number): AdminPageAnswer => ({
  id: p.page_id,
  name: p.name,
  url: p.path,
  permalink: p.permalink,
  category: p.category,
  parent: p.parent_id,
  priority: p.priority,
  ...(p.markdown === undefined ? {} : { md_content: p.markdown }),
  revision: p.revision,
  version,
  created_at: iso(p.created_at),
  updated_at: iso(p.updated_at),
});

/**
 * Library pages in the console: list, show, create, save (a new url moves the page), delete, and
 * restore an earlier revision from the History tab (`page-<id>`). Writes go through the same page
 * commands as the site's editor.
 */
export function pageAdminRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const lookUp = async (db: LibraryDb, id: string): Promise<AdminPageAnswer> => {
    const [page, version] = await Promise.all([pageById(db, id), streamVersion(deps.store, pageStream(id))]);
    if (!page) throw notFound();
    return answer(page, version);
  };
  const current = async (id: string, position: Position | null) => {
    if (position !== null) await afterWrite(deps, position, [LIBRARY_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
    return lookUp(await deps.progress.readModel<LibraryReadModel>(LIBRARY_PROJECTION), id);
  };
  /** A page as its own stream has it: what a delete answers, whether or not the read model has caught up. */
  const fromStream = async (id: string): Promise<AdminPageAnswer> => {
    const events = await deps.store.readStream(pageStream(id));
    const state = fold(pageDecider, events);
    const content = state.revisions.at(-1);
    if (!state.exists || state.deleted || !content) throw notFound();
    const { name, permalink, category, parent, priority } = content;
    return {
      id,
      name,
      url: state.path,
      permalink,
      category,
      parent,
      priority,
      revision: state.revisions.length,
      version: Number(events.at(-1)!.revision),
      created_at: iso(events[0]!.metadata.timestamp),
      updated_at: iso(events.at(-1)!.metadata.timestamp),
    };
  };
  /** The revision a History entry's position stands for: how many texts the page had by then. */
  const libraryDb = (request: FastifyRequest) => readModel<LibraryReadModel>(deps, request, LIBRARY_PROJECTION);

  return async (app) => {
    app.get(
      '/pages',
      {
        config: { reads: [LIBRARY_PROJECTION] },
        schema: {
          tags,
          summary: 'Every library page (without its text); filter by category or parent; q searches names and paths',
          querystring: adminListQuery,
          response: { 200: adminPagesAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await libraryDb(request);
        const f = params.filter;
        let rows = db.selectFrom('pages');
        if (f.id !== undefined) rows = rows.where('pages.page_id', 'in', uuidValues('id', f.id));
        if (f.parent !== undefined) rows = rows.where('pages.parent_id', 'in', uuidValues('parent', f.parent));
        if (f.category !== undefined) {
          const wanted = textValues('category', f.category);
          if (!wanted.every((c) => (pageCategories as readonly string[]).includes(c))) throw badFilter(`category is one of ${pageCategories.join(', ')}`);
          rows = rows.where('pages.category', 'in', wanted as LibraryPage['category'][]);
        }
        if (params.q !== '')
          rows = rows.where((eb) => eb.or([eb('pages.name', 'ilike', containing(params.q)), eb('pages.path', 'ilike', containing(params.q))]));
        const column = COLUMNS[params.sort?.field ?? 'name'];
        const ids = rows.select('pages.page_id').$call(pageInOrder(column, 'pages.page_id', params.sort?.order ?? 'asc', params.range));
        const [page, total] = await Promise.all([ids.execute(), totalUpTo(db, rows.select(sql<number>`1`.as('one')))]);
        const found = await rowsOfPage(
          page.map((p) => p.page_id),
          (wanted) => db.selectFrom('pages').select(SUMMARY).where('page_id', 'in', wanted).execute(),
          (p) => p.page_id,
        );
        return sendList(
          reply,
          'pages',
          params,
          found.map((p) => answer(p, -1)),
          total,
        );
      },
    );

    app.get(
      '/pages/:id',
      {
        config: { reads: [LIBRARY_PROJECTION] },
        schema: {
          tags,
          summary: 'One page with its markdown, and the revision to send back when saving',
          params: adminPageParams,
          response: { 200: adminPageAnswer },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return lookUp(await libraryDb(request), request.params.id);
      },
    );

    app.post(
      '/pages',
      {
        config: manage,
        bodyLimit: PAGE_BODY_LIMIT,
        schema: { tags, summary: 'Create a library page at a path no page or site route has', response: { 201: adminPageAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const form = parseOr400(pageForm, request.body);
        const result = await createPage(deps.store, causeOf(request), form);
        return withPosition(reply, result)
          .code(201)
          .send(await current(result.state.pageId, result.position));
      },
    );

    app.put(
      '/pages/:id',
      {
        config: manage,
        bodyLimit: PAGE_BODY_LIMIT,
        schema: {
          tags,
          summary: 'Save a page (a new revision); a new url moves it and the old one redirects; 409 when saved by someone else since `revision`',
          params: adminPageParams,
          response: { 200: adminPageAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const { revision, ...form } = parseOr400(adminPageUpdate, request.body);
        const result = await updatePage(deps.store, causeOf(request), request.params.id, { ...form, ...(revision !== undefined ? { revision } : {}) });
        return withPosition(reply, result).send(await current(request.params.id, result.position));
      },
    );

    app.delete(
      '/pages/:id',
      {
        config: manage,
        schema: { tags, summary: 'Delete a page (its paths stay reserved to it)', params: adminPageParams, response: { 200: adminPageAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const before = await fromStream(request.params.id);
        const result = await deletePage(deps.store, causeOf(request), request.params.id);
        return withPosition(reply, result).send(before);
      },
    );

    app.post(
      '/pages/:id/restore',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Make an earlier revision (or the text at an event position) the current text: a new revision, history kept',
          params: adminPageParams,
          response: { 200: adminPageAnswer },
        },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const { id } = request.params;
        const body = parseOr400(adminRevisionRestoreBody, request.body);
        const revision = body.revision ?? (await revisionAtPosition(deps.store, pageStream(id), body.position!, ['PageCreated', 'PageRevised'], 'page'));
        const result = await restorePage(deps.store, causeOf(request), id, revision);
        return withPosition(reply, result).send(await current(id, result.position));
      },
    );
  };
}
