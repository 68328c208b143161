import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { handleCommand } from '@epos/platform';
import { blogMessages, commentsStream } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import { adminCommentAnswer, adminCommentParams, adminCommentUpdate, adminCommentsAnswer, type AdminCommentAnswer } from '@epos/schemas/admin/comments';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import { commentsDecider, type CommentCommand } from '@epos/domain/blogs/comment-decider';
import { parseOr400 } from '../../blogs/validation.js';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { signedInBlogActor } from '../../blogs/actor.js';
import { parseListParams, uuidValues } from '../list-params.js';
import { containing } from '@epos/platform/db/like';
import { pageInOrder, rowsOfPage, sendList, totalUpTo } from '../lists.js';

const tags = ['admin'];
const SORTS = ['createdAt', 'modifiedAt', 'upvotes'] as const;
const FILTERS = ['id', 'postId', 'authorId', 'hidden'] as const;
const COLUMNS = { id: 'comments.comment_id', createdAt: 'comments.created_at', modifiedAt: 'comments.modified_at', upvotes: 'comments.upvote_count' } as const;
const iso = (value: string | Date) => new Date(value).toISOString();

const notFound = () => new HttpError(404, 'not_found', 'No such comment');

/** Comments with their post, author and standing replies, as the queue shows them. */
function described(db: Kysely<BlogsReadModel>) {
  return db
    .selectFrom('comments')
    .innerJoin('posts', 'posts.post_id', 'comments.post_id')
    .leftJoin('authors', 'authors.user_id', 'comments.author_id')
    .selectAll('comments')
    .select(['posts.title as post_title', 'posts.blog_id'])
    .select(sql<string>`coalesce(authors.name, 'unknown')`.as('author'))
    .select((eb) =>
      eb
        .selectFrom('comments as replies')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('replies.parent_id', '=', 'comments.comment_id')
        .as('replies'),
    )
    .$narrowType<{ replies: number }>();
}
type Described = Awaited<ReturnType<ReturnType<typeof described>['executeTakeFirstOrThrow']>>;

const answer = (c: Described): AdminCommentAnswer => ({
  id: c.comment_id,
  postId: c.post_id,
  postTitle: c.post_title,
  blog: c.blog_id,
  parentId: c.parent_id,
  authorId: c.author_id,
  authorName: c.author,
  content: c.content,
  hidden: c.hidden,
  replies: c.replies,
  createdAt: iso(c.created_at),
  modifiedAt: iso(c.modified_at),
  upvotes: c.upvote_count,
});

/** The moderation queue: every comment newest first, by post and author; delete by the site's rule on replies. */
export function commentAdminRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const existing = async (request: FastifyRequest, id: string) => {
    const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
    const comment = await described(db).where('comments.comment_id', '=', id).executeTakeFirst();
    if (!comment) throw notFound();
    return comment;
  };

  const run = (request: FastifyRequest, postId: string, command: CommentCommand) =>
    handleCommand(deps.store, { streamId: commentsStream(postId), decider: commentsDecider(postId), command, cause: causeOf(request) });

  return async (app) => {
    app.get(
      '/comments',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: {
          tags,
          summary: 'Every comment (hidden ones too), newest first; filter by post, author and hidden; q searches the text',
          querystring: adminListQuery,
          response: { 200: adminCommentsAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        let rows = db.selectFrom('comments');
        const f = params.filter;
        if (f.id !== undefined) rows = rows.where('comments.comment_id', 'in', uuidValues('id', f.id));
        if (f.postId !== undefined) rows = rows.where('comments.post_id', 'in', uuidValues('postId', f.postId));
        if (f.authorId !== undefined) rows = rows.where('comments.author_id', 'in', uuidValues('authorId', f.authorId));
        if (f.hidden !== undefined) {
          if (typeof f.hidden !== 'boolean')
            throw new HttpError(400, 'bad_parameter', 'filter: hidden is true or false', {}, [{ field: 'filter', message: 'hidden is true or false' }]);
          rows = rows.where('comments.hidden', '=', f.hidden);
        }
        if (params.q !== '') rows = rows.where('comments.content', 'ilike', containing(params.q));
        const column = COLUMNS[params.sort?.field ?? 'createdAt'];
        const ids = rows.select('comments.comment_id').$call(pageInOrder(column, 'comments.comment_id', params.sort?.order ?? 'desc', params.range));
        const [page, total] = await Promise.all([ids.execute(), totalUpTo(db, rows.select(sql<number>`1`.as('one')))]);
        const found = await rowsOfPage(
          page.map((c) => c.comment_id),
          (wanted) => described(db).where('comments.comment_id', 'in', wanted).execute(),
          (c) => c.comment_id,
        );
        return sendList(reply, 'comments', params, found.map(answer), total);
      },
    );

    app.get(
      '/comments/:id',
      { config: { reads: [BLOGS_PROJECTION] }, schema: { tags, summary: 'One comment', params: adminCommentParams, response: { 200: adminCommentAnswer } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return answer(await existing(request, request.params.id));
      },
    );

    app.put(
      '/comments/:id',
      {
        config: { permission: 'blogs.manage' },
        schema: {
          tags,
          summary: 'Hide a comment from the site (with its replies), or show it again',
          params: adminCommentParams,
          response: { 200: adminCommentAnswer },
        },
      },
      async (request, reply) => {
        const body = parseOr400(adminCommentUpdate, request.body);
        const comment = await existing(request, request.params.id);
        const result = await run(request, comment.post_id, {
          kind: 'hide',
          actor: signedInBlogActor(request),
          commentId: comment.comment_id,
          hidden: body.hidden,
        });
        if (result.position !== null) await afterWrite(deps, result.position, [BLOGS_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
        const db = await deps.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
        return withPosition(reply, result).send(answer(await described(db).where('comments.comment_id', '=', comment.comment_id).executeTakeFirstOrThrow()));
      },
    );

    app.delete(
      '/comments/:id',
      {
        config: { permission: 'blogs.manage' },
        schema: {
          tags,
          summary: 'Delete a comment (400 while it has replies, as on the site)',
          params: adminCommentParams,
          response: { 200: adminCommentAnswer },
        },
      },
      async (request, reply) => {
        const comment = await existing(request, request.params.id);
        // The rule on replies is the comment's state, not a stale form: a 400 the console shows as is.
        if (comment.replies > 0)
          throw new HttpError(400, 'validation', blogMessages.commentWithReplies, {}, [{ field: 'id', message: blogMessages.commentWithReplies }]);
        const result = await run(request, comment.post_id, { kind: 'delete', actor: signedInBlogActor(request), commentId: comment.comment_id });
        return withPosition(reply, result).send(answer(comment));
      },
    );
  };
}
