import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userProfileAnswer, userProfileParams, workMessages, worksAnswer, worksByTypeParams, worksPageQuery, worksParams, workTypeLabels } from '@epos/schemas';
import { POEM_PROJECTION } from '@epos/projections/poem/read-model';
import { WORKS_PROJECTION } from '@epos/projections/works/works-projection';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';
import { HttpError } from '../http/error-handler.js';
import { paging } from '../blogs/views.js';
import { poemQueries } from '../poem/poem-reader.js';
import { WORKS_PAGE_SIZE, workItems, worksPage } from './work-items.js';

const tags = ['works'];
const reads = { reads: [POEM_PROJECTION, WORKS_PROJECTION] } as const;
const PROFILE_POSTS = 20;

/** Lists differ by reader (what each may edit, hidden works for moderators): never kept by shared caches. */
const privately = { 'cache-control': 'private, no-cache', vary: 'Cookie' };

/** Readers' works by type and sentence, and readers' public profiles. */
export function worksReadRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/works/:a/:b',
      {
        config: reads,
        schema: {
          tags,
          summary: "Readers' works of a type (a) on a sentence (b), newest first, 20 a page",
          params: worksParams,
          querystring: worksPageQuery,
          response: { 200: worksAnswer },
        },
      },
      async (request, reply) => {
        const { a: type, b: sentence } = request.params;
        const { page } = request.query;
        const id = await (await poemQueries(deps, request)).idOf(sentence);
        if (id === null) throw new HttpError(404, 'not_found', workMessages.notFound);
        const found = await worksPage(deps, request, { type, sentenceIds: [id] }, page);
        reply.headers(privately);
        return {
          UserPage: workTypeLabels[type],
          UserField: String(sentence),
          ContentSection: await workItems(deps, request, found.rows),
          Paging: paging(page, found.total, WORKS_PAGE_SIZE),
          total: found.total,
        };
      },
    );

    app.get(
      '/api/works/:a',
      {
        config: reads,
        schema: {
          tags,
          summary: "Readers' works of a type on any sentence, newest first, 20 a page",
          params: worksByTypeParams,
          querystring: worksPageQuery,
          response: { 200: worksAnswer },
        },
      },
      async (request, reply) => {
        const { a: type } = request.params;
        const { page } = request.query;
        const found = await worksPage(deps, request, { type }, page);
        reply.headers(privately);
        return {
          UserPage: workTypeLabels[type],
          UserField: '',
          ContentSection: await workItems(deps, request, found.rows),
          Paging: paging(page, found.total, WORKS_PAGE_SIZE),
          total: found.total,
        };
      },
    );

    app.get(
      '/api/profile/:id',
      {
        config: { reads: [POEM_PROJECTION, WORKS_PROJECTION, USERS_PROJECTION, BLOGS_PROJECTION] },
        schema: {
          tags,
          summary: "A reader's public profile: their works (20 a page) and latest published posts; 404 for an erased or unknown account",
          params: userProfileParams,
          querystring: worksPageQuery,
          response: { 200: userProfileAnswer },
        },
      },
      async (request, reply) => {
        const { id } = request.params;
        const { page } = request.query;
        const users = await readModel<UsersReadModel>(deps, request, USERS_PROJECTION);
        const user = await users.selectFrom('users').select(['user_id', 'name', 'deleted']).where('user_id', '=', id).executeTakeFirst();
        if (!user || user.deleted) throw new HttpError(404, 'not_found', workMessages.notFound);
        const blogs = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        const [found, posts] = await Promise.all([
          worksPage(deps, request, { userId: id }, page),
          blogs
            .selectFrom('posts')
            .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
            .select(['posts.url', 'posts.title', 'posts.blog_id', 'blogs.title as blog_title', 'posts.published_at'])
            .where('posts.author_id', '=', id)
            .where('posts.status', '=', 'published')
            .orderBy('posts.published_at', 'desc')
            .limit(PROFILE_POSTS)
            .execute(),
        ]);
        reply.headers(privately);
        return {
          id: user.user_id,
          name: user.name,
          works: await workItems(deps, request, found.rows),
          Paging: paging(page, found.total, WORKS_PAGE_SIZE),
          totalWorks: found.total,
          posts: posts.map((p) => ({ url: `/blogs/${p.blog_id}/${p.url}`, title: p.title, blog: p.blog_title, published_at: p.published_at! })),
        };
      },
    );
  };
}
