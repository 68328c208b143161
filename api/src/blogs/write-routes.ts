import { randomUUID } from 'node:crypto';
import { lineText, wholeNumber } from '@epos/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleCommand, WrongExpectedRevisionError, type CommandOutcome, type StreamAppend } from '@epos/platform';
import { blogNow } from '@epos/platform/blogs/blog-state';
import {
  autosaveAnswer,
  autosaveBody,
  blogCreatedAnswer,
  blogMessages,
  createBlogBody,
  deletePostBody,
  editablePostAnswer,
  generatedUrlAnswer,
  generateUrlBody,
  pageQuery,
  postDeletedAnswer,
  postListAnswer,
  postPayload,
  postSavedAnswer,
  POST_STATUS,
  postStream,
  postUrlStream,
  previewAnswer,
  previewBody,
  restoreBody,
  restoredAnswer,
  revisionAnswer,
  revisionListAnswer,
  updatePostPayload,
  writableBlogsAnswer,
  type PostEvent,
} from '@epos/schemas';
import { BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import type { ApiDeps } from '../deps.js';
import { causeOf, withPosition } from '../commands.js';
import { readModel } from '../read-models.js';
import { HttpError } from '../http/error-handler.js';
import { notAllowed, requirePermission } from '../accounts/security.js';
import { canEditPost, canWriteIn, type BlogActor } from '@epos/domain/blogs/access';
import { signedInBlogActor } from './actor.js';
import { contentOf, intentOf } from '@epos/domain/blogs/intent';
import { postDecider, type PostCommand, type PostState } from '@epos/domain/blogs/post-decider';
import { postSummaries, postsWithAuthor } from '@epos/projections/blogs/queries';
import { freeUrl } from './urls.js';
import { postUrlReservation } from '@epos/platform/blogs/new-post-appends';
import { createBlog } from './blog-commands.js';
import { renderMarkdown } from '@epos/platform/markdown/index';
import { parseOr400 } from './validation.js';
import { iso, PAGE_SIZE, paging, postSummary } from './views.js';

const notFound = () => new HttpError(404, 'not_found', blogMessages.notFound);

/** Where the editor goes after saving: the scheduled list for scheduled posts, else the post. */
const redirectFor = (blog: string, url: string, scheduled: boolean) => (scheduled ? `/blogs/${blog}/scheduled` : `/blogs/${blog}/${url}`);

/** The spec's blog writes (section 7): bloggers in their blogs, admins everywhere. */
export function blogWriteRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const writer = async (request: FastifyRequest): Promise<BlogActor> => {
    requirePermission(request, 'blogs.write');
    return signedInBlogActor(request);
  };

  // The publishing schedule and the subscribers' mails follow the events (workers/src/blogs/reactor.ts).
  const runPostCommand = (
    request: FastifyRequest,
    postId: string,
    command: PostCommand,
    alongside?: StreamAppend[],
  ): Promise<CommandOutcome<PostEvent, PostState>> =>
    handleCommand(deps.store, {
      streamId: postStream(postId),
      decider: postDecider(postId),
      command,
      cause: causeOf(request),
      ...(alongside ? { alongside } : {}),
    });

  const postById = async (request: FastifyRequest, id: string) => {
    const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
    return postsWithAuthor(db).where('posts.post_id', '=', id).executeTakeFirst();
  };

  return async (app) => {
    app.post(
      '/postdata/create',
      {
        config: { permission: 'blogs.write' },
        schema: { tags: ['blogs'], summary: 'Create a post: publish now, schedule or keep as draft', response: { 200: postSavedAnswer } },
      },
      async (request, reply) => {
        const actor = await writer(request);
        const payload = parseOr400(postPayload, request.body);
        if (!canWriteIn(actor, payload.blog_id)) throw notAllowed();
        const blog = await blogNow(deps.store, payload.blog_id);
        if (!blog.exists) throw new HttpError(404, 'not_found', blogMessages.noBlogFound);
        const postId = randomUUID();
        const intent = intentOf(payload);
        let url = await freeUrl(deps.store, payload.title);
        for (let attempt = 0; ; attempt += 1) {
          const command: PostCommand = {
            kind: 'create',
            actor,
            postId,
            blogId: payload.blog_id,
            url,
            content: contentOf(payload),
            intent,
            now: new Date().toISOString(),
            blogArchived: blog.archived,
          };
          try {
            const result = await runPostCommand(request, postId, command, [postUrlReservation(url, postId)]);
            return withPosition(reply, result).send({
              id: postId,
              url,
              blog: payload.blog_id,
              revision: 1,
              message: blogMessages.posted,
              redirect: redirectFor(payload.blog_id, url, intent.status === 'scheduled'),
            });
          } catch (error) {
            // Someone took the url a moment ago: take the next free one.
            if (!(error instanceof WrongExpectedRevisionError) || attempt >= 5) throw error;
            url = await freeUrl(deps.store, payload.title, 2);
          }
        }
      },
    );

    app.post(
      '/postdata/update',
      {
        config: { permission: 'blogs.write' },
        schema: {
          tags: ['blogs'],
          summary: 'Save a post: its text and status (409 when saved by someone else since `revision`)',
          response: { 200: postSavedAnswer },
        },
      },
      async (request, reply) => {
        const actor = await writer(request);
        const payload = parseOr400(updatePostPayload, request.body);
        const intent = intentOf(payload);
        const { archived: blogArchived } = await blogNow(deps.store, payload.blog_id);
        const result = await runPostCommand(request, payload.id, {
          kind: 'update',
          actor,
          blogId: payload.blog_id,
          content: contentOf(payload),
          intent,
          now: new Date().toISOString(),
          blogArchived,
          ...(payload.revision !== undefined ? { expectedRevision: payload.revision } : {}),
        });
        const { url, revisions } = result.state;
        const revision = revisions.length;
        return withPosition(reply, result).send({
          id: payload.id,
          url,
          blog: payload.blog_id,
          revision,
          message: blogMessages.updated,
          redirect: redirectFor(payload.blog_id, url, intent.status === 'scheduled'),
        });
      },
    );

    app.post(
      '/postdata/delete',
      { config: { permission: 'blogs.write' }, schema: { tags: ['blogs'], summary: 'Delete a post by its url', response: { 200: postDeletedAnswer } } },
      async (request, reply) => {
        const actor = await writer(request);
        const { url } = parseOr400(deletePostBody, request.body);
        const reservation = (await deps.store.readStream(postUrlStream(url), { maxCount: 1 }))[0];
        if (!reservation) throw notFound();
        const postId = (reservation.data as { postId: string }).postId;
        const result = await runPostCommand(request, postId, { kind: 'delete', actor });
        return withPosition(reply, result).send({ message: blogMessages.deleted });
      },
    );

    app.post(
      '/postdata/generateurl',
      {
        config: { permission: 'blogs.write' },
        schema: { tags: ['blogs'], summary: 'A readable url for a title that no post has taken', response: { 200: generatedUrlAnswer } },
      },
      async (request) => {
        await writer(request);
        const { title } = parseOr400(generateUrlBody, request.body);
        return { url: await freeUrl(deps.store, title), message: blogMessages.urlGenerated };
      },
    );

    // A POST (the text may be long) that changes nothing: the same renderer as the post page, never stored.
    app.post(
      '/postdata/preview',
      {
        config: { permission: 'blogs.preview' },
        schema: { tags: ['blogs'], summary: "A post's markdown as its page will show it (the editor's preview)", response: { 200: previewAnswer } },
      },
      async (request) => {
        await writer(request);
        const { md_content } = parseOr400(previewBody, request.body);
        return { content: renderMarkdown(md_content) };
      },
    );

    app.post(
      '/postdata/autosave',
      {
        config: { permission: 'blogs.write' },
        schema: { tags: ['blogs'], summary: "Keep the editor's working copy (an event only when it changed)", response: { 200: autosaveAnswer } },
      },
      async (request, reply) => {
        const actor = await writer(request);
        const body = parseOr400(autosaveBody, request.body);
        const content = Object.fromEntries(
          Object.entries({
            title: body.title,
            subtitle: body.subtitle,
            seriesTitle: body.series_title,
            excerpt: body.excerpt,
            markdown: body.md_content,
          }).filter(([, v]) => v !== undefined),
        );
        const result = await runPostCommand(request, body.id, { kind: 'autosave', actor, content });
        return withPosition(reply, result).send({ saved: result.events.length > 0, at: new Date().toISOString() });
      },
    );

    app.post(
      '/postdata/restore',
      {
        config: { permission: 'blogs.write' },
        schema: { tags: ['blogs'], summary: 'Make an earlier revision the current text (as a new revision)', response: { 200: restoredAnswer } },
      },
      async (request, reply) => {
        const actor = await writer(request);
        const body = parseOr400(restoreBody, request.body);
        const result = await runPostCommand(request, body.id, { kind: 'restore', actor, revision: body.revision });
        return withPosition(reply, result).send({ revision: result.state.revisions.length, message: blogMessages.updated });
      },
    );

    const idParams = z.object({ id: z.uuid('id: expected a post id') });
    const editable = async (request: FastifyRequest, id: string) => {
      const actor = await writer(request);
      const post = await postById(request, id);
      if (!post) throw notFound();
      if (!canEditPost(actor, { blogId: post.blog_id, authorId: post.author_id })) throw notAllowed();
      return post;
    };

    app.get(
      '/postdata/edit/:id',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: { tags: ['blogs'], summary: 'A post as the editor loads it', params: idParams, response: { 200: editablePostAnswer } },
      },
      async (request, reply) => {
        const post = await editable(request, request.params.id);
        const autosave = post.autosave && post.autosaved_at && new Date(post.autosaved_at) > new Date(post.updated_at) ? post.autosave : null;
        noStore(reply);
        return {
          id: post.post_id,
          blog_id: post.blog_id,
          url: post.url,
          title: post.title,
          subtitle: post.subtitle,
          series_title: post.series_title,
          excerpt: post.excerpt,
          md_content: post.markdown,
          content: post.html,
          status: POST_STATUS[post.status],
          isPublished: post.status === 'published',
          isScheduled: post.status === 'scheduled',
          draft: post.status === 'draft',
          published_at: iso(post.status === 'scheduled' ? post.publish_at : post.published_at),
          created_at: iso(post.created_at),
          revision: post.revision,
          autosave: autosave && {
            title: autosave.title ?? post.title,
            subtitle: autosave.subtitle ?? post.subtitle,
            series_title: autosave.seriesTitle ?? post.series_title,
            excerpt: autosave.excerpt ?? post.excerpt,
            md_content: autosave.markdown ?? post.markdown,
            at: iso(post.autosaved_at),
          },
        };
      },
    );

    app.get(
      '/postdata/revisions/:id',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: { tags: ['blogs'], summary: "A post's revisions, newest first", params: idParams, response: { 200: revisionListAnswer } },
      },
      async (request, reply) => {
        await editable(request, request.params.id);
        const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        const revisions = await db
          .selectFrom('post_revisions')
          .leftJoin('authors', (join) => join.on((eb) => eb(eb.cast('post_revisions.actor', 'text'), '=', eb.cast('authors.user_id', 'text'))))
          .select(['post_revisions.revision', 'post_revisions.at', 'post_revisions.kind', 'post_revisions.content', 'authors.name'])
          .where('post_revisions.post_id', '=', request.params.id)
          .orderBy('post_revisions.revision', 'desc')
          .execute();
        noStore(reply);
        return revisions.map((r) => ({
          revision: r.revision,
          at: iso(r.at),
          kind: r.kind,
          author: r.name ?? 'unknown',
          title: r.content.title,
          words: r.content.markdown.split(/\s+/).filter(Boolean).length,
        }));
      },
    );

    app.get(
      '/postdata/revisions/:id/:revision',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: {
          tags: ['blogs'],
          summary: 'One revision of a post',
          params: idParams.extend({ revision: wholeNumber('revision') }),
          response: { 200: revisionAnswer },
        },
      },
      async (request, reply) => {
        await editable(request, request.params.id);
        const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        const r = await db
          .selectFrom('post_revisions')
          .selectAll()
          .where('post_id', '=', request.params.id)
          .where('revision', '=', request.params.revision)
          .executeTakeFirst();
        if (!r) throw notFound();
        noStore(reply);
        return {
          revision: r.revision,
          at: iso(r.at),
          title: r.content.title,
          subtitle: r.content.subtitle,
          series_title: r.content.seriesTitle,
          excerpt: r.content.excerpt,
          md_content: r.content.markdown,
        };
      },
    );

    app.get(
      '/postdata/blogs/:blog/:list',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: {
          tags: ['blogs'],
          summary: 'Scheduled or draft posts of a blog (yours, or all for admins)',
          params: z.object({
            blog: lineText(100).pipe(z.string().min(1)),
            list: z.enum(['scheduled', 'draft'], { message: 'list: expected scheduled or draft' }),
          }),
          querystring: pageQuery,
          response: { 200: postListAnswer },
        },
      },
      async (request, reply) => {
        const actor = await writer(request);
        if (!canWriteIn(actor, request.params.blog)) throw notAllowed();
        const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        const blog = await db.selectFrom('blogs').select(['blog_id', 'title']).where('blog_id', '=', request.params.blog).executeTakeFirst();
        if (!blog) throw new HttpError(404, 'not_found', blogMessages.noBlogFound);
        let base = postSummaries(db).where('posts.blog_id', '=', blog.blog_id).where('posts.status', '=', request.params.list);
        if (actor.role !== 'admin') base = base.where('posts.author_id', '=', actor.userId);
        const page = request.query.page;
        const order = request.params.list === 'scheduled' ? 'posts.publish_at' : 'posts.updated_at';
        const [posts, total] = await Promise.all([
          base
            .orderBy(order, request.params.list === 'scheduled' ? 'asc' : 'desc')
            .offset((page - 1) * PAGE_SIZE)
            .limit(PAGE_SIZE)
            .execute(),
          base
            .clearSelect()
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow(),
        ]);
        noStore(reply);
        return { slug: blog.blog_id, title: blog.title, bcontent: posts.map(postSummary), Paging: paging(page, Number(total.n)) };
      },
    );

    app.get(
      '/postdata/myblogs',
      {
        config: { reads: [BLOGS_PROJECTION] },
        schema: { tags: ['blogs'], summary: 'The blogs the signed-in user may write in', response: { 200: writableBlogsAnswer } },
      },
      async (request, reply) => {
        const actor = signedInBlogActor(request);
        const db = await readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
        const blogs = await db.selectFrom('blogs').select(['blog_id', 'title']).orderBy('title').execute();
        noStore(reply);
        return blogs.filter((b) => canWriteIn(actor, b.blog_id)).map((b) => ({ slug: b.blog_id, title: b.title }));
      },
    );

    app.post(
      '/postdata/createblog',
      { config: { permission: 'blogs.manage' }, schema: { tags: ['blogs'], summary: 'Create a blog (admin)', response: { 200: blogCreatedAnswer } } },
      async (request, reply) => {
        const body = parseOr400(createBlogBody, request.body);
        const result = await createBlog(deps, request, body);
        return withPosition(reply, result).send({ slug: body.slug, message: blogMessages.blogAdded });
      },
    );
  };
}

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
