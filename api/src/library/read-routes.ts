import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allows, permissions } from '@epos/schemas/accounts/permissions';
import {
  libraryMessages,
  libraryPageAnswer,
  menusAnswer,
  pageEntriesAnswer,
  pageIdParams,
  pageInfoAnswer,
  type LibraryPageAnswer,
  type PageEntry,
} from '@epos/schemas';
import { LIBRARY_CHANGED_CHANNEL, LIBRARY_PROJECTION, type LibraryReadModel } from '@epos/projections/library/library-projection';
import { ancestorsOf, childPages, menuPages, pageAtPath, pageById, type LibraryDb } from '@epos/projections/library/queries';
import type { ApiDeps } from '../deps.js';
import { ChangeCache, listenWithApp } from '../http/change-cache.js';
import { requestKey } from '../http/request-key.js';
import { renderAnswer, sendCacheable } from '../http/http-cache.js';
import { HttpError } from '../http/error-handler.js';
import { readModel, readModelSchema } from '../read-models.js';
import { requirePermission } from '../accounts/security.js';
import { iso } from '../blogs/views.js';

const reads = { reads: [LIBRARY_PROJECTION] };
const notFound = () => new HttpError(404, 'not_found', libraryMessages.notFound);
const entry = (page: { page_id: string; name: string; path: string }): PageEntry => ({ pageid: page.page_id, name: page.name, url: page.path });
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

/** Whether the reader may edit and delete library pages: the spec's isAuth. */
const mayManage = (request: FastifyRequest) =>
  request.actor !== undefined && request.actor !== null && allows(permissions['library.manage'], request.actor.role);

/** The spec's library reads (section 7): any path the site does not own, and the editor's lookups. */
export function libraryReadRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const libraryDb = (request: FastifyRequest) => readModel<LibraryReadModel>(deps, request, LIBRARY_PROJECTION);
  const cache = new ChangeCache(deps.database, LIBRARY_CHANGED_CHANNEL, deps.memory);
  /** Through the cache, keyed by the route's validated parameters; a build answering null is not kept. */
  const cachedBody = (request: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>) =>
    cache.answer(
      request.consistentAfter,
      () => readModelSchema(deps, request, LIBRARY_PROJECTION),
      requestKey(request),
      async () => {
        const answer = await build();
        return answer === null ? null : renderAnswer(reply, answer);
      },
    );
  const serve = async (request: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>) => {
    const body = await cachedBody(request, reply, build);
    if (!body) throw notFound();
    return sendCacheable(request, reply, body);
  };

  const pageAnswer = async (db: LibraryDb, path: string, isAuth: boolean): Promise<LibraryPageAnswer | { redirect: string } | null> => {
    const found = await pageAtPath(db, path);
    if (!found || 'redirect' in found) return found;
    const { page } = found;
    const [parent, children] = await Promise.all([page.parent_id ? pageById(db, page.parent_id) : null, childPages(db, page.page_id)]);
    return {
      pageid: page.page_id,
      name: page.name,
      url: page.path,
      content: page.html,
      isAuth,
      category: page.category,
      parent: parent ? entry(parent) : null,
      children: children.map(entry),
      created_at: iso(page.created_at)!,
      updated_at: iso(page.updated_at)!,
    };
  };

  return async (app) => {
    await listenWithApp(app, cache, deps.logger, 'library');

    app.get(
      '/api/library/menus',
      { config: reads, schema: { tags: ['library'], summary: 'The pages of the top navigation and the footer, by priority', response: { 200: menusAnswer } } },
      async (request, reply) =>
        serve(request, reply, async () => {
          const db = await libraryDb(request);
          const [main, footer] = await Promise.all([menuPages(db, 'Main menu'), menuPages(db, 'Footer')]);
          return { main: main.map(entry), footer: footer.map(entry) };
        }),
    );

    app.get(
      '/api/parents/:id',
      {
        config: reads,
        schema: {
          tags: ['library'],
          summary: "A page's ancestors, from the top down (breadcrumbs)",
          params: pageIdParams,
          response: { 200: pageEntriesAnswer },
        },
      },
      async (request, reply) =>
        serve(request, reply, async () => {
          const db = await libraryDb(request);
          if (!(await pageById(db, request.params.id))) return null;
          return (await ancestorsOf(db, request.params.id)).map(entry);
        }),
    );

    app.get(
      '/api/pageinfo/:id',
      {
        config: reads,
        schema: { tags: ['library'], summary: 'A page as its editor loads it (admins)', params: pageIdParams, response: { 200: pageInfoAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const page = await pageById(await libraryDb(request), request.params.id);
        if (!page) throw notFound();
        noStore(reply);
        return {
          id: page.page_id,
          name: page.name,
          url: page.path,
          permalink: page.permalink,
          category: page.category,
          parent: page.parent_id,
          priority: page.priority,
          md_content: page.markdown,
          content: page.html,
          created_at: iso(page.created_at)!,
          updated_at: iso(page.updated_at)!,
          revision: page.revision,
        };
      },
    );

    app.get(
      '/api/parentinfo/',
      { config: reads, schema: { tags: ['library'], summary: 'Every page that can be a parent, by name (admins)', response: { 200: pageEntriesAnswer } } },
      async (request, reply) => {
        requirePermission(request, 'library.manage');
        const db = await libraryDb(request);
        noStore(reply);
        return (await db.selectFrom('pages').select(['page_id', 'name', 'path']).orderBy('name').orderBy('path').execute()).map(entry);
      },
    );

    // Last in specificity: any /api path that no other route answers is a library path.
    app.get(
      '/api/*',
      {
        config: reads,
        schema: {
          tags: ['library'],
          summary: 'The library page at a path (a moved page answers 301 to where it is now)',
          response: { 200: libraryPageAnswer, 301: z.object({ redirect: z.string() }) },
        },
      },
      async (request, reply) => {
        const path = `/${(request.params as { '*': string })['*']}`.replace(/\/+$/, '') || '/';
        const db = () => libraryDb(request);
        const redirect = (to: string) => reply.code(301).header('location', `/api${to}`).send({ redirect: to });
        if (mayManage(request)) {
          const answer = await pageAnswer(await db(), path, true);
          if (!answer) throw notFound();
          if ('redirect' in answer) return redirect(answer.redirect);
          return sendCacheable(request, reply, renderAnswer(reply, answer), { private: true });
        }
        const body = await cachedBody(request, reply, async () => {
          const answer = await pageAnswer(await db(), path, false);
          return answer && !('redirect' in answer) ? answer : null;
        });
        if (body) return sendCacheable(request, reply, body);
        // Only misses look for a redirect: a moved page's old path, or nothing.
        const found = await pageAtPath(await db(), path);
        if (found && 'redirect' in found) return redirect(found.redirect);
        throw notFound();
      },
    );
  };
}
