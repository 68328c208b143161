import { revisionAtPosition } from '../revision-at.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { foldStream, handleCommand } from '@epos/platform';
import { postStream } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import {
  ADMIN_POST_STATUSES,
  adminPostAnswer,
  adminPostParams,
  adminPostsAnswer,
  adminPostUpdate,
  adminRestoreBody,
  type AdminPostAnswer,
} from '@epos/schemas/admin/posts';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { postsWithAuthor } from '@epos/projections/blogs/queries';
import { postDecider, type Intent, type PostCommand } from '@epos/domain/blogs/post-decider';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { signedInBlogActor } from '../../blogs/actor.js';
import { parseOr400 } from '../../blogs/validation.js';
import { parseListParams, textValues, uuidValues } from '../list-params.js';
import { containing } from '@epos/platform/db/like';
import { blogNow } from '@epos/platform/blogs/blog-state';
import { pageInOrder, rowsOfPage, sendList, totalUpTo } from '../lists.js';
import { streamVersion } from '../stream-version.js';

const tags = ['admin'];
const SORTS = ['title', 'blog', 'status', 'publishedAt', 'publishAt', 'createdAt', 'updatedAt'] as const;
const FILTERS = ['id', 'blog', 'status', 'authorId'] as const;
const COLUMNS = {
  id: 'posts.post_id',
  title: 'posts.title',
  blog: 'posts.blog_id',
  status: 'posts.status',
  publishedAt: 'posts.published_at',
  publishAt: 'posts.publish_at',
  createdAt: 'posts.created_at',
  updatedAt: 'posts.updated_at',
} as const;

const notFound = () => new HttpError(404, 'not_found', 'No such post');
const badFilter = (message: string) => new HttpError(400, 'bad_parameter', `filter: ${message}`, {}, [{ field: 'filter', message }]);
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
type PostRow = BlogsReadModel['posts'] & { author: string };
type DeletedRow = BlogsReadModel['deleted_posts'] & { author: string };

/** A deleted post as the console shows it: what the posts table had, status "deleted". */
function deletedAnswer(p: DeletedRow, version: number): AdminPostAnswer {
  const when = iso(p.deleted_at)!;
  return {
    id: p.post_id,
    blog: p.blog_id,
    url: p.url,
    title: p.title,
    status: 'deleted',
    publishAt: null,
    publishedAt: null,
    authorId: p.author_id,
    authorName: p.author,
    createdAt: iso(p.created_at)!,
    updatedAt: when,
    revision: 0,
    commentCount: 0,
    editorPath: `/blogs/${encodeURIComponent(p.blog_id)}/${encodeURIComponent(p.url)}/editpost`,
    version,
  };
}

function answer(p: PostRow, version: number): AdminPostAnswer {
  return {
    id: p.post_id,
    blog: p.blog_id,
    url: p.url,
    title: p.title,
    status: p.status,
    publishAt: iso(p.publish_at),
    publishedAt: iso(p.published_at),
    authorId: p.author_id,
    authorName: p.author,
    createdAt: iso(p.created_at)!,
    updatedAt: iso(p.updated_at)!,
    revision: p.revision,
    commentCount: p.comment_count,
    editorPath: `/blogs/${encodeURIComponent(p.blog_id)}/${encodeURIComponent(p.url)}/editpost`,
    version,
  };
}

/**
 * Every post of every blog: list and show from the blogs read model; publish, reschedule or
 * unpublish, and restore an earlier text from the History tab, through the post decider.
 */
export function postRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const run = (request: FastifyRequest, postId: string, command: PostCommand, version?: number) =>
    handleCommand(deps.store, {
      streamId: postStream(postId),
      decider: postDecider(postId),
      command,
      cause: causeOf(request),
      ...(version === undefined ? {} : { expectedRevision: BigInt(version) }),
    });

  /** The post as the read model has it now, deleted or not. */
  const lookUp = async (db: Kysely<BlogsReadModel>, id: string): Promise<AdminPostAnswer> => {
    const version = await streamVersion(deps.store, postStream(id));
    const post = await postsWithAuthor(db).where('posts.post_id', '=', id).executeTakeFirst();
    if (post) return answer(post, version);
    const gone = await db
      .selectFrom('deleted_posts')
      .leftJoin('authors', 'authors.user_id', 'deleted_posts.author_id')
      .selectAll('deleted_posts')
      .select(sql<string>`coalesce(authors.name, 'unknown')`.as('author'))
      .where('deleted_posts.post_id', '=', id)
      .executeTakeFirst();
    if (gone) return deletedAnswer(gone, version);
    throw notFound();
  };
  const current = async (id: string, position: bigint | null) => {
    if (position !== null) await afterWrite(deps, position, [BLOGS_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
    return lookUp(await deps.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION), id);
  };

  return async (app) => {
    app.get(
      '/posts',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: {
          tags,
          summary: 'Every post of every blog; filter by blog, status (deleted ones on their own) and author; q searches titles',
          querystring: adminListQuery,
          response: { 200: adminPostsAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        const wantedStatus = params.filter.status === undefined ? null : textValues('status', params.filter.status);
        if (wantedStatus && !wantedStatus.every((s) => (ADMIN_POST_STATUSES as readonly string[]).includes(s)))
          throw badFilter(`status is one of ${ADMIN_POST_STATUSES.join(', ')}`);
        if (wantedStatus?.includes('deleted')) {
          // Deleted posts live in their own table: listed on their own, newest deletion first.
          if (wantedStatus.length > 1) throw badFilter('status: list deleted posts on their own');
          let gone = db.selectFrom('deleted_posts');
          if (params.filter.blog !== undefined) gone = gone.where('deleted_posts.blog_id', 'in', textValues('blog', params.filter.blog));
          if (params.filter.authorId !== undefined) gone = gone.where('deleted_posts.author_id', 'in', uuidValues('authorId', params.filter.authorId));
          if (params.filter.id !== undefined) gone = gone.where('deleted_posts.post_id', 'in', uuidValues('id', params.filter.id));
          if (params.q !== '') gone = gone.where('deleted_posts.title', 'ilike', containing(params.q));
          const page = gone
            .leftJoin('authors', 'authors.user_id', 'deleted_posts.author_id')
            .selectAll('deleted_posts')
            .select(sql<string>`coalesce(authors.name, 'unknown')`.as('author'))
            .orderBy(params.sort?.field === 'id' ? 'deleted_posts.post_id' : 'deleted_posts.deleted_at', params.sort?.order ?? 'desc')
            .orderBy('deleted_posts.post_id')
            .offset(params.range.start)
            .limit(params.range.end - params.range.start + 1);
          const [found, total] = await Promise.all([page.execute(), totalUpTo(db, gone.select(sql<number>`1`.as('one')))]);
          return sendList(
            reply,
            'posts',
            params,
            found.map((p) => deletedAnswer(p, -1)),
            total,
          );
        }
        let rows = db.selectFrom('posts');
        const f = params.filter;
        if (f.id !== undefined) rows = rows.where('posts.post_id', 'in', uuidValues('id', f.id));
        if (f.blog !== undefined) rows = rows.where('posts.blog_id', 'in', textValues('blog', f.blog));
        if (f.authorId !== undefined) rows = rows.where('posts.author_id', 'in', uuidValues('authorId', f.authorId));
        if (wantedStatus) rows = rows.where('posts.status', 'in', wantedStatus as BlogsReadModel['posts']['status'][]);
        if (params.q !== '') rows = rows.where('posts.title', 'ilike', containing(params.q));
        const column = COLUMNS[params.sort?.field ?? 'updatedAt'];
        const ids = rows.select('posts.post_id').$call(pageInOrder(column, 'posts.post_id', params.sort?.order ?? 'desc', params.range));
        const [page, total] = await Promise.all([ids.execute(), totalUpTo(db, rows.select(sql<number>`1`.as('one')))]);
        const found = await rowsOfPage(
          page.map((p) => p.post_id),
          (wanted) => postsWithAuthor(db).where('posts.post_id', 'in', wanted).execute(),
          (p) => p.post_id,
        );
        return sendList(
          reply,
          'posts',
          params,
          found.map((p) => answer(p, -1)),
          total,
        );
      },
    );

    app.get(
      '/posts/:id',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: { tags, summary: 'One post, with the version to send back when editing', params: adminPostParams, response: { 200: adminPostAnswer } },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return lookUp(await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION), request.params.id);
      },
    );

    app.put(
      '/posts/:id',
      {
        config: { permission: 'blogs.manage' },
        schema: {
          tags,
          summary: 'Publish now, reschedule (publishAt) or unpublish; a deleted post comes back as a draft; 409 when the post changed since `version`',
          params: adminPostParams,
          response: { 200: adminPostAnswer },
        },
      },
      async (request, reply) => {
        const body = parseOr400(adminPostUpdate, request.body);
        const postId = request.params.id;
        let intent: Intent;
        if (body.status === 'scheduled') {
          if (!body.publishAt)
            throw new HttpError(400, 'validation', 'publishAt: choose when to publish the post', {}, [{ field: 'publishAt', message: 'required' }]);
          intent = { status: 'scheduled', publishAt: new Date(body.publishAt).toISOString() };
        } else {
          intent = { status: body.status };
        }
        const { state } = await foldStream(deps.store, postStream(postId), postDecider(postId));
        if (!state.exists) throw notFound();
        const actor = signedInBlogActor(request);
        if (state.deleted) {
          if (intent.status !== 'draft')
            throw new HttpError(400, 'validation', 'status: a deleted post comes back as a draft; publish it after that', {}, [
              { field: 'status', message: 'draft first' },
            ]);
          const restored = await run(request, postId, { kind: 'undelete', actor }, body.version);
          return withPosition(reply, restored).send(await current(postId, restored.position));
        }
        const { archived: blogArchived } = await blogNow(deps.store, state.blogId);
        const result = await run(
          request,
          postId,
          { kind: 'update', actor, blogId: state.blogId, content: state.revisions.at(-1)!, intent, now: new Date().toISOString(), blogArchived },
          body.version,
        );
        return withPosition(reply, result).send(await current(postId, result.position));
      },
    );

    app.post(
      '/posts/:id/restore',
      {
        config: { permission: 'blogs.manage' },
        schema: {
          tags,
          summary: 'Make the text the post had at an event position its current text (a new revision; history kept)',
          params: adminPostParams,
          body: adminRestoreBody,
          response: { 200: adminPostAnswer },
        },
      },
      async (request, reply) => {
        const postId = request.params.id;
        const revision = await revisionAtPosition(deps.store, postStream(postId), request.body.position, ['PostCreated', 'PostRevised'], 'post');
        const result = await run(request, postId, { kind: 'restore', actor: signedInBlogActor(request), revision });
        return withPosition(reply, result).send(await current(postId, result.position));
      },
    );
  };
}
