import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { handleCommand } from '@epos/platform';
import { blogDecider } from '@epos/domain/blogs/blog-decider';
import { asVersionedEdit, streamVersion } from '../stream-version.js';
import { blogStream, createBlogBody } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminBlogAnswer, adminBlogParams, adminBlogUpdate, adminBlogsAnswer, type AdminBlogAnswer } from '@epos/schemas/admin/blogs';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { parseOr400 } from '../../blogs/validation.js';
import { createBlog } from '../../blogs/blog-commands.js';
import { parseListParams, textValues } from '../list-params.js';
import { containing } from '@epos/platform/db/like';
import { sendList } from '../lists.js';

const tags = ['admin'];
const SORTS = ['id', 'title', 'createdAt', 'publishedCount', 'lastPublished'] as const;
const FILTERS = ['id', 'archived'] as const;
const COLUMNS = { id: 'blog_id', title: 'title', createdAt: 'created_at', publishedCount: 'published_count', lastPublished: 'last_published' } as const;
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
type BlogRow = BlogsReadModel['blogs'];

const answer = (b: BlogRow, version = -1): AdminBlogAnswer => ({
  id: b.blog_id,
  title: b.title,
  description: b.description,
  createdAt: iso(b.created_at)!,
  publishedCount: b.published_count,
  lastPublished: iso(b.last_published),
  archived: b.archived,
  version,
});

/** Blogs: list, show, create (the same event as the site's "create blog"), rename, describe, archive; their bloggers are the users filtered by blog. */
export function blogAdminRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/blogs',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: { tags, summary: 'Every blog; q searches slugs and titles', querystring: adminListQuery, response: { 200: adminBlogsAnswer } },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        let rows = db.selectFrom('blogs');
        if (params.filter.id !== undefined) rows = rows.where('blog_id', 'in', textValues('id', params.filter.id));
        if (params.filter.archived !== undefined) {
          if (typeof params.filter.archived !== 'boolean')
            throw new HttpError(400, 'bad_parameter', 'filter: archived is true or false', {}, [{ field: 'filter', message: 'archived is true or false' }]);
          rows = rows.where('archived', '=', params.filter.archived);
        }
        if (params.q !== '') rows = rows.where((eb) => eb.or([eb('title', 'ilike', containing(params.q)), eb('blog_id', 'ilike', containing(params.q))]));
        const column = COLUMNS[params.sort?.field ?? 'title'];
        const order = params.sort?.order ?? 'asc';
        const page = rows
          .selectAll()
          .orderBy(sql.ref(column), (ob) => (order === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()))
          .orderBy('blog_id')
          .offset(params.range.start)
          .limit(params.range.end - params.range.start + 1);
        const [found, total] = await Promise.all([page.execute(), rows.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()]);
        return sendList(
          reply,
          'blogs',
          params,
          found.map((b) => answer(b)),
          Number(total.total),
        );
      },
    );

    app.get(
      '/blogs/:id',
      { config: { reads: [BLOGS_PROJECTION] }, schema: { tags, summary: 'One blog', params: adminBlogParams, response: { 200: adminBlogAnswer } } },
      async (request, reply) => {
        const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        const blog = await db.selectFrom('blogs').selectAll().where('blog_id', '=', request.params.id).executeTakeFirst();
        if (!blog) throw new HttpError(404, 'not_found', 'No such blog');
        reply.header('cache-control', 'private, no-store');
        return answer(blog, await streamVersion(deps.store, blogStream(blog.blog_id)));
      },
    );

    app.put(
      '/blogs/:id',
      {
        config: { permission: 'blogs.manage' },
        schema: {
          tags,
          summary: 'Rename, describe, archive or unarchive a blog; 409 when it changed since `version`',
          params: adminBlogParams,
          response: { 200: adminBlogAnswer },
        },
      },
      async (request, reply) => {
        const { version, ...fields } = parseOr400(adminBlogUpdate, request.body);
        const blogId = request.params.id;
        const streamId = blogStream(blogId);
        const result = await asVersionedEdit(version, (expected) =>
          handleCommand(deps.store, { streamId, decider: blogDecider(blogId), command: { kind: 'update', ...fields }, cause: causeOf(request), ...expected }),
        );
        if (result.position !== null) await afterWrite(deps, result.position, [BLOGS_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
        const db = await deps.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
        const blog = await db.selectFrom('blogs').selectAll().where('blog_id', '=', blogId).executeTakeFirstOrThrow();
        return withPosition(reply, result).send(answer(blog, await streamVersion(deps.store, streamId)));
      },
    );

    app.post(
      '/blogs',
      { config: { permission: 'blogs.manage' }, schema: { tags, summary: 'Create a blog (slug, title, description)', response: { 201: adminBlogAnswer } } },
      async (request, reply) => {
        const body = parseOr400(createBlogBody, request.body);
        const result = await createBlog(deps, request, body);
        return withPosition(reply, result).code(201).send({
          id: body.slug,
          title: body.title,
          description: body.description,
          createdAt: new Date().toISOString(),
          publishedCount: 0,
          lastPublished: null,
          archived: false,
          version: 0,
        });
      },
    );
  };
}
