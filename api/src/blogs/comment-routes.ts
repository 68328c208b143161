import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleCommand } from '@epos/platform';
import {
  blogMessages,
  commentBody,
  commentChangedAnswer,
  commentDeletedAnswer,
  commentIdBody,
  commentPostedAnswer,
  commentsAnswer,
  commentsStream,
  editCommentBody,
  lineText,
  mentionsAnswer,
  upvoteBody,
} from '@epos/schemas';
import { seal } from '@epos/projections/accounts/sealing';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import type { ApiDeps } from '../deps.js';
import { causeOf, withPosition } from '../commands.js';
import { readModel, afterWrite } from '../read-models.js';
import { HttpError } from '../http/error-handler.js';
import { Credentials } from '@epos/platform/accounts/credentials';
import { pleaseLogIn } from '../accounts/security.js';
import { canEditPost } from '@epos/domain/blogs/access';
import { blogActor, signedInBlogActor } from './actor.js';
import { commentsDecider, type CommentCommand } from '@epos/domain/blogs/comment-decider';
import { mentionCandidates, widgetComments } from '@epos/projections/blogs/comment-queries';
import { parseOr400 } from './validation.js';
import { blogNow } from '@epos/platform/blogs/blog-state';

const postParams = z.object({ post: z.uuid('post: expected a post id') });

/** The site's comments: logged-in readers post, reply, upvote; owners and admins edit and delete. */
export function commentRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const credentials = new Credentials(deps.database.db);
  const blogsDb = (request: FastifyRequest) => readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);

  /** The post, if the viewer may see it (published, or theirs to edit). */
  const visiblePost = async (request: FastifyRequest, postId: string) => {
    const db = await blogsDb(request);
    const post = await db
      .selectFrom('posts')
      .select(['post_id', 'blog_id', 'url', 'title', 'author_id', 'status'])
      .where('post_id', '=', postId)
      .executeTakeFirst();
    if (!post) throw new HttpError(404, 'not_found', blogMessages.notFound);
    if (post.status !== 'published' && !canEditPost(blogActor(request), { blogId: post.blog_id, authorId: post.author_id }))
      throw new HttpError(404, 'not_found', blogMessages.notFound);
    return { db, post };
  };

  const run = (request: FastifyRequest, postId: string, command: CommentCommand) =>
    handleCommand(deps.store, { streamId: commentsStream(postId), decider: commentsDecider(postId), command, cause: causeOf(request) });

  const sealFor = async (userId: string, text: string) => {
    const key = await credentials.keyOf(userId);
    if (!key) throw pleaseLogIn();
    return seal(key, text);
  };

  const widgetAfter = async (request: FastifyRequest, postId: string, commentId: string, position: bigint | null) => {
    if (position !== null) await afterWrite(deps, position, [BLOGS_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
    const db = await deps.progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
    return (await widgetComments(db, postId, request.actor?.id ?? null, commentId))[0] ?? null;
  };

  return async (app) => {
    app.get(
      '/api/comments/:post',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: { tags: ['comments'], summary: "A post's comments in the thread widget's model", params: postParams, response: { 200: commentsAnswer } },
      },
      async (request, reply) => {
        const { db } = await visiblePost(request, request.params.post);
        reply.header('cache-control', 'private, no-store');
        return widgetComments(db, request.params.post, request.actor?.id ?? null);
      },
    );

    app.get(
      '/api/comments/:post/mentions',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: {
          tags: ['comments'],
          summary: 'Up to 5 people to mention: the author and commenters of the post',
          params: postParams,
          querystring: z.object({ q: lineText(100).default('') }),
          response: { 200: mentionsAnswer },
        },
      },
      async (request, reply) => {
        signedInBlogActor(request);
        const { db, post } = await visiblePost(request, request.params.post);
        const people = await mentionCandidates(db, post, request.query.q);
        reply.header('cache-control', 'private, no-store');
        return people.map((p) => ({ id: p.user_id, fullname: p.name, profile_picture_url: null }));
      },
    );

    app.post(
      '/postdata/comment/:post',
      {
        config: { permission: 'comments.write' },
        schema: { tags: ['comments'], summary: 'Post a comment or a reply', params: postParams, response: { 200: commentPostedAnswer } },
      },
      async (request, reply) => {
        const actor = signedInBlogActor(request);
        const body = parseOr400(commentBody, request.body);
        const { post } = await visiblePost(request, request.params.post);
        const commentId = randomUUID();
        const { archived: blogArchived } = await blogNow(deps.store, post.blog_id);
        const result = await run(request, post.post_id, {
          kind: 'post',
          actor,
          commentId,
          parentId: body.parentof ?? null,
          content: await sealFor(actor.userId, body.cm),
          pings: body.pings,
          blogArchived,
        });
        return withPosition(reply, result).send({
          type: 1,
          message: blogMessages.commentPosted,
          comment: await widgetAfter(request, post.post_id, commentId, result.position),
        });
      },
    );

    app.post(
      '/postdata/comment/:post/edit',
      {
        config: { permission: 'comments.write' },
        schema: { tags: ['comments'], summary: 'Edit a comment (its author or an admin)', params: postParams, response: { 200: commentChangedAnswer } },
      },
      async (request, reply) => {
        const actor = signedInBlogActor(request);
        const body = parseOr400(editCommentBody, request.body);
        const { post } = await visiblePost(request, request.params.post);
        const owner =
          (await (await blogsDb(request)).selectFrom('comments').select('author_id').where('comment_id', '=', body.id).executeTakeFirst())?.author_id ??
          actor.userId;
        const result = await run(request, post.post_id, { kind: 'edit', actor, commentId: body.id, content: await sealFor(owner, body.cm), pings: body.pings });
        return withPosition(reply, result).send({ type: 1, comment: await widgetAfter(request, post.post_id, body.id, result.position) });
      },
    );

    app.post(
      '/postdata/comment/:post/delete',
      {
        config: { permission: 'comments.write' },
        schema: {
          tags: ['comments'],
          summary: 'Delete a comment without replies (its author or an admin)',
          params: postParams,
          response: { 200: commentDeletedAnswer },
        },
      },
      async (request, reply) => {
        const actor = signedInBlogActor(request);
        const body = parseOr400(commentIdBody, request.body);
        const { post } = await visiblePost(request, request.params.post);
        const result = await run(request, post.post_id, { kind: 'delete', actor, commentId: body.id });
        return withPosition(reply, result).send({ type: 1, message: blogMessages.commentDeleted });
      },
    );

    app.post(
      '/postdata/comment/:post/upvote',
      {
        config: { permission: 'comments.write' },
        schema: {
          tags: ['comments'],
          summary: 'Upvote a comment or take the upvote back (one per reader)',
          params: postParams,
          response: { 200: commentChangedAnswer },
        },
      },
      async (request, reply) => {
        const actor = signedInBlogActor(request);
        const body = parseOr400(upvoteBody, request.body);
        const { post } = await visiblePost(request, request.params.post);
        const result = await run(request, post.post_id, { kind: 'upvote', actor, commentId: body.id, upvote: body.upvote });
        return withPosition(reply, result).send({ type: 1, comment: await widgetAfter(request, post.post_id, body.id, result.position) });
      },
    );
  };
}
