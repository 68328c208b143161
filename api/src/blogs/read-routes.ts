import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  archiveAnswer,
  blogFeed,
  blogListAnswer,
  blogMessages,
  blogPageAnswer,
  lineText,
  pageQuery,
  postAnswer,
  POST_STATUS,
  recentPostsAnswer,
  seriesByBlogAnswer,
  seriesListAnswer,
  seriesPageAnswer,
  tocPageAnswer,
} from '@epos/schemas';
import { BLOGS_CHANGED_CHANNEL, BLOGS_PROJECTION, type BlogsReadModel } from '@epos/projections/blogs/read-model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChangeCache, listenWithApp } from '../http/change-cache.js';
import { requestKey } from '../http/request-key.js';
import { renderAnswer, renderJson, renderText, sendCacheable } from '../http/http-cache.js';
import type { ApiDeps } from '../deps.js';
import { readModel, readModelSchema } from '../read-models.js';
import { HttpError } from '../http/error-handler.js';
import { canEditPost, type BlogActor } from '@epos/domain/blogs/access';
import { blogActor } from './actor.js';
import { FEED_SIZE, FEED_TYPES, renderFeed } from './feeds.js';
import { archivePosts, archiveTimeline } from '@epos/projections/blogs/archive';
import {
  archiveMonths,
  findBlog,
  listedBlogs,
  postSummaries,
  postWithNeighbours,
  publishedPage,
  publishingSince,
  seriesOf,
  type BlogsDb,
} from '@epos/projections/blogs/queries';
import { postingRate, rateDay, rateWindowStart } from './posting-rate.js';
import { archiveJson, iso, PAGE_SIZE, paging, postSummary, TOC_PAGE_SIZE } from './views.js';

const notFound = (message: string = blogMessages.notFound) => new HttpError(404, 'not_found', message);
const slug = lineText(100).pipe(z.string().min(1));
const page = pageQuery.shape.page;
const format = z.enum(['rss', 'atom'], { message: 'format: expected rss or atom' }).default('rss');
const reads = { reads: [BLOGS_PROJECTION] };

async function blogOr404(db: BlogsDb, blogId: string) {
  const blog = await findBlog(db, blogId);
  if (!blog) throw notFound(blogMessages.noBlogFound);
  return blog;
}

/** Why a page of a blog's posts is empty: no such blog, or no posts on that page. */
async function noPage(db: BlogsDb, blogId: string): Promise<never> {
  await blogOr404(db, blogId);
  throw notFound(blogMessages.noBlogsToShow);
}

/** How often a blog publishes, as of `now`. */
async function blogPostingRate(db: BlogsDb, blogId: string, now: Date) {
  const { first, recent } = await publishingSince(db, blogId, rateWindowStart(now));
  return postingRate(now, first, recent);
}

/** The spec's blog reading calls (section 7, Blogs GET). */
export function blogReadRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const blogsDb = (request: Parameters<typeof readModel>[1]) => readModel<BlogsReadModel>(deps, request, BLOGS_PROJECTION);
  const cache = new ChangeCache(deps.database, BLOGS_CHANGED_CHANNEL, deps.memory);
  /**
   * Through the cache (see `ChangeCache.answer`), keyed by the route's validated parameters (`requestKey`). `blog`: the one blog the answer
   * shows (kept until that blog changes); without it, the answer is dropped at any change. `build`
   * answers a value to send as JSON, or a rendered body; the blogs' builds throw rather than answer null.
   */
  const serve = async (request: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>, blog?: string, key = requestKey(request)) =>
    sendCacheable(
      request,
      reply,
      (await cache.answer(
        request.consistentAfter,
        () => readModelSchema(deps, request, BLOGS_PROJECTION),
        key,
        async () => renderAnswer(reply, await build()),
        blog,
      ))!,
    );
  /** As `serve`, for answers with a posting rate: it moves with the date, so they are kept for a day. */
  const serveDaily = async (request: FastifyRequest, reply: FastifyReply, build: (now: Date) => Promise<unknown>, blog: string) => {
    const now = new Date();
    return serve(request, reply, () => build(now), blog, `${requestKey(request)} ${rateDay(now)}`);
  };
  return async (app) => {
    await listenWithApp(app, cache, deps.logger, 'blogs');

    app.get('/api/blogs', { config: reads, schema: { tags: ['blogs'], summary: 'Every blog', response: { 200: blogListAnswer } } }, async (request, reply) =>
      serve(request, reply, async () => {
        const db = await blogsDb(request);
        const blogs = await listedBlogs(db).selectAll().orderBy('title').execute();
        if (blogs.length === 0) throw notFound(blogMessages.noBlogsYet);
        return blogs.map((b) => ({
          slug: b.blog_id,
          title: b.title,
          description: b.description,
          postCount: b.published_count,
          lastPublished: iso(b.last_published),
        }));
      }),
    );

    app.get(
      '/api/blogs/recent',
      { config: reads, schema: { tags: ['blogs'], summary: 'The latest posts across blogs', response: { 200: recentPostsAnswer } } },
      async (request, reply) =>
        serve(request, reply, async () => {
          const db = await blogsDb(request);
          const posts = await db
            .selectFrom('posts')
            .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
            .select(['posts.blog_id', 'posts.url', 'posts.title', 'blogs.title as blog_title'])
            .where('posts.status', '=', 'published')
            .where('blogs.archived', '=', false)
            .orderBy('posts.published_at', 'desc')
            .limit(10)
            .execute();
          return posts.map((p) => ({ bslug: p.blog_id, pslug: p.url, ptitle: p.title, bTitle: p.blog_title }));
        }),
    );

    app.get(
      '/api/series',
      { config: reads, schema: { tags: ['blogs'], summary: 'Every series, by blog', response: { 200: seriesByBlogAnswer } } },
      async (request, reply) =>
        serve(request, reply, async () => {
          const db = await blogsDb(request);
          const blogs = await listedBlogs(db).select(['blog_id', 'title']).orderBy('title').execute();
          const series = blogs.length
            ? await seriesOf(
                db,
                blogs.map((b) => b.blog_id),
              )
            : [];
          return blogs
            .map((b) => ({ slug: b.blog_id, slugUrl: b.title, sd: series.filter((s) => s.blog_id === b.blog_id).map(seriesEntry) }))
            .filter((b) => b.sd.length > 0);
        }),
    );

    app.get(
      '/api/blogs/:blog',
      {
        config: reads,
        schema: {
          tags: ['blogs'],
          summary: "A blog's posts, newest first",
          params: z.object({ blog: slug }),
          querystring: z.object({ page }),
          response: { 200: blogPageAnswer },
        },
      },
      async (request, reply) =>
        serveDaily(
          request,
          reply,
          async (now) => {
            const db = await blogsDb(request);
            const current = request.query.page;
            const [posts, rate] = await Promise.all([
              publishedPage(db, request.params.blog, (current - 1) * PAGE_SIZE, PAGE_SIZE).execute(),
              blogPostingRate(db, request.params.blog, now),
            ]);
            const blog = posts[0] ?? (await noPage(db, request.params.blog));
            return {
              slug: blog.blog_id,
              title: blog.blog_title,
              description: blog.blog_description,
              archived: blog.blog_archived,
              postingRate: rate,
              bcontent: posts.map(postSummary),
              Paging: paging(current, blog.published_count),
            };
          },
          request.params.blog,
        ),
    );

    app.get(
      '/api/blogs/:blog/:post',
      {
        config: reads,
        schema: { tags: ['blogs'], summary: 'One post with its neighbours', params: z.object({ blog: slug, post: slug }), response: { 200: postAnswer } },
      },
      async (request, reply) => {
        const actor = blogActor(request);
        // Signed-in readers see their own edit rights and drafts: only visitors' answers are shared.
        if (actor) return sendCacheable(request, reply, renderAnswer(reply, await postPage(request, actor, new Date())), { private: true });
        return serveDaily(request, reply, (now) => postPage(request, null, now), request.params.blog);
      },
    );

    const postPage = async (request: FastifyRequest<{ Params: { blog: string; post: string } }>, actor: BlogActor | null, now: Date) => {
      const db = await blogsDb(request);
      const [post, rate] = await Promise.all([postWithNeighbours(db, request.params.blog, request.params.post), blogPostingRate(db, request.params.blog, now)]);
      if (!post) throw notFound();
      const canedit = canEditPost(actor, { blogId: post.blog_id, authorId: post.author_id });
      if (post.status !== 'published' && !canedit) throw notFound();
      return {
        ...postSummary(post),
        content: post.html,
        canedit,
        isAuth: actor !== null,
        blogTitle: post.blog_title,
        blogArchived: post.blog_archived,
        postingRate: rate,
        status: POST_STATUS[post.status],
        previous_url: post.previous_url,
        previous_title: post.previous_title,
        next_url: post.next_url,
        next_title: post.next_title,
      };
    };

    app.get(
      '/api/blogs/:blog/feed',
      {
        config: reads,
        schema: {
          tags: ['blogs'],
          summary: 'RSS 2.0 (or ?format=atom) of the latest posts, full content',
          params: z.object({ blog: slug }),
          querystring: z.object({ format }),
          response: { 200: blogFeed },
        },
      },
      async (request, reply) =>
        serve(
          request,
          reply,
          async () => {
            const db = await blogsDb(request);
            const posts = await publishedPage(db, request.params.blog, 0, FEED_SIZE).select('posts.html').execute();
            const blog = posts[0]
              ? { blog_id: posts[0].blog_id, title: posts[0].blog_title, description: posts[0].blog_description }
              : await blogOr404(db, request.params.blog);
            const path = `/blogs/${blog.blog_id}`;
            const xml = renderFeed(
              deps.config,
              { title: blog.title, description: blog.description, path, feedPath: `/api${path}/feed` },
              posts,
              request.query.format,
            );
            return renderText(xml, FEED_TYPES[request.query.format]);
          },
          request.params.blog,
        ),
    );

    app.get(
      '/api/blogs/:blog/series',
      {
        config: reads,
        schema: {
          tags: ['blogs'],
          summary: "A blog's series; `what` filters by title",
          params: z.object({ blog: slug }),
          querystring: z.object({ what: lineText(200).optional() }),
          response: { 200: seriesListAnswer },
        },
      },
      async (request, reply) =>
        serve(
          request,
          reply,
          async () => {
            const db = await blogsDb(request);
            const blog = await blogOr404(db, request.params.blog);
            const series = await seriesOf(db, [blog.blog_id], request.query.what?.trim());
            return { slug: blog.blog_id, slugUrl: blog.title, sd: series.map(seriesEntry) };
          },
          request.params.blog,
        ),
    );

    const seriesParams = z.object({ blog: slug, series: slug });
    const seriesPosts = (db: BlogsDb, blogId: string, seriesSlug: string) =>
      postSummaries(db).where('posts.blog_id', '=', blogId).where('posts.series_slug', '=', seriesSlug).where('posts.status', '=', 'published');

    app.get(
      '/api/blogs/:blog/series/:series',
      {
        config: reads,
        schema: {
          tags: ['blogs'],
          summary: 'The posts of a series, paged',
          params: seriesParams,
          querystring: z.object({ page, sort: z.enum(['oldest', 'newest'], { message: 'sort: expected oldest or newest' }).default('oldest') }),
          response: { 200: seriesPageAnswer },
        },
      },
      async (request, reply) =>
        serve(
          request,
          reply,
          async () => {
            const db = await blogsDb(request);
            const blog = await blogOr404(db, request.params.blog);
            const { page: current, sort } = request.query;
            const direction = sort === 'oldest' ? 'asc' : 'desc';
            const [posts, total] = await Promise.all([
              seriesPosts(db, blog.blog_id, request.params.series)
                .orderBy('posts.published_at', direction)
                .orderBy('posts.post_id', direction)
                .offset((current - 1) * PAGE_SIZE)
                .limit(PAGE_SIZE)
                .execute(),
              db
                .selectFrom('posts')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('blog_id', '=', blog.blog_id)
                .where('series_slug', '=', request.params.series)
                .where('status', '=', 'published')
                .executeTakeFirstOrThrow(),
            ]);
            if (posts.length === 0) throw notFound();
            return {
              slug: request.params.series,
              title: posts[0]!.series_title,
              blog: { slug: blog.blog_id, title: blog.title },
              sort,
              bcontent: posts.map(postSummary),
              Paging: paging(current, Number(total.n)),
            };
          },
          request.params.blog,
        ),
    );

    app.get(
      '/api/blogs/:blog/series/:series/feed',
      {
        config: reads,
        schema: {
          tags: ['blogs'],
          summary: 'RSS 2.0 (or ?format=atom) of a series',
          params: seriesParams,
          querystring: z.object({ format }),
          response: { 200: blogFeed },
        },
      },
      async (request, reply) =>
        serve(
          request,
          reply,
          async () => {
            const db = await blogsDb(request);
            const blog = await blogOr404(db, request.params.blog);
            const posts = await seriesPosts(db, blog.blog_id, request.params.series)
              .select('posts.html')
              .orderBy('posts.published_at', 'desc')
              .limit(FEED_SIZE)
              .execute();
            if (posts.length === 0) throw notFound();
            const path = `/blogs/${blog.blog_id}/series/${request.params.series}`;
            const xml = renderFeed(
              deps.config,
              { title: `${posts[0]!.series_title} — ${blog.title}`, description: blog.description, path, feedPath: `/api${path}/feed` },
              posts,
              request.query.format,
            );
            return renderText(xml, FEED_TYPES[request.query.format]);
          },
          request.params.blog,
        ),
    );

    app.get(
      '/api/blogs/:blog/archive',
      {
        config: reads,
        schema: { tags: ['blogs'], summary: "A blog's posts by year, month and day", params: z.object({ blog: slug }), response: { 200: archiveAnswer } },
      },
      async (request, reply) =>
        serve(
          request,
          reply,
          async () => {
            const db = await blogsDb(request);
            const blog = await blogOr404(db, request.params.blog);
            return renderJson(archiveJson({ title: blog.title, slug: blog.blog_id }, await archiveMonths(db, blog.blog_id)));
          },
          request.params.blog,
        ),
    );

    app.get(
      '/api/blogs/:blog/toc',
      {
        config: reads,
        schema: {
          tags: ['blogs'],
          summary: "A blog's table of contents, oldest first",
          params: z.object({ blog: slug }),
          querystring: z.object({ page }),
          response: { 200: tocPageAnswer },
        },
      },
      async (request, reply) =>
        serve(
          request,
          reply,
          async () => {
            const db = await blogsDb(request);
            const current = request.query.page;
            const posts = await publishedPage(db, request.params.blog, (current - 1) * TOC_PAGE_SIZE, TOC_PAGE_SIZE, 'oldest').execute();
            const blog = posts[0] ?? (await noPage(db, request.params.blog));
            return {
              slug: blog.blog_id,
              title: blog.blog_title,
              bcontent: posts.map((p) => ({ url: p.url, title: p.title, number: p.number, published_at: iso(p.published_at), series_title: p.series_title })),
              Paging: paging(current, blog.published_count, TOC_PAGE_SIZE),
            };
          },
          request.params.blog,
        ),
    );

    app.get(
      '/api/user/:authorId',
      {
        config: reads,
        schema: {
          tags: ['blogs'],
          summary: "An author's posts by year, month and day",
          params: z.object({ authorId: z.uuid('authorId: expected a user id') }),
          response: { 200: archiveAnswer },
        },
      },
      async (request, reply) =>
        serve(request, reply, async () => {
          const db = await blogsDb(request);
          const author = await db.selectFrom('authors').select('name').where('user_id', '=', request.params.authorId).executeTakeFirst();
          const posts = author ? await archivePosts(db, { authorId: request.params.authorId }) : [];
          if (!author || posts.length === 0) throw notFound();
          return { title: author.name, slug: request.params.authorId, countPost: posts.length, timeline: archiveTimeline(posts) };
        }),
    );
  };
}

function seriesEntry(s: { blog_id: string; series_slug: string; series_title: string; count: number; last: Date; authors: string }) {
  return {
    slug: s.series_slug,
    slugUrl: s.series_title,
    count: s.count,
    Letter: s.series_title.charAt(0).toUpperCase(),
    LastDates: new Date(s.last).toISOString(),
    Author: s.authors,
  };
}
