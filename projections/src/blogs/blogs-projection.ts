import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { announceChange, announceUnshownChange, defineProjection, type Projection, type RecordedEvent } from '@epos/platform';
import { excerptOfHtml, renderMarkdown } from '@epos/platform/markdown/index';
import { accountDeleted, blogEvents, roleAssigned, slugify, userRegistered, type PostContent, commentTextSealedSchema } from '@epos/schemas';
import { unsealedFor } from '../accounts/sealing.js';
import { DELETED_USER } from '../accounts/users-projection.js';
import { BLOGS_CHANGED_CHANNEL, BLOGS_PROJECTION, type BlogsReadModel } from './read-model.js';
import { setupBlogsReadModel } from './setup.js';
import { monthOf, placesOf, refreshArchiveMonths } from './archive.js';

const REMOVED_COMMENT = "This comment was removed with its author's account.";

function contentColumns(content: PostContent) {
  const html = renderMarkdown(content.markdown);
  return {
    title: content.title,
    subtitle: content.subtitle,
    excerpt: content.excerpt.trim() || excerptOfHtml(html),
    series_title: content.seriesTitle,
    series_slug: slugify(content.seriesTitle) || 'series',
    markdown: content.markdown,
    html,
  };
}

/** Takes a post out of its blog's published posts: the count drops and the newer posts move down a rank. */
async function leavePublished(db: Kysely<BlogsReadModel>, postId: string): Promise<void> {
  const post = await db.selectFrom('posts').select(['blog_id', 'status', 'rank']).where('post_id', '=', postId).executeTakeFirst();
  if (post?.status !== 'published') return;
  await db
    .updateTable('blogs')
    .set((eb) => ({ published_count: eb('published_count', '-', 1) }))
    .where('blog_id', '=', post.blog_id)
    .execute();
  await db
    .updateTable('posts')
    .set((eb) => ({ rank: eb('rank', '-', 1) }))
    .where('blog_id', '=', post.blog_id)
    .where('status', '=', 'published')
    .where('rank', '>', post.rank!)
    .execute();
}

/**
 * Sets `concealed` on a comment and every reply under it, at any depth: hidden by an admin, or under
 * a comment that is. So showing a comment again shows its replies, but not one hidden on its own.
 */
async function concealThread(db: Kysely<BlogsReadModel>, commentId: string): Promise<void> {
  await sql`
    with recursive thread (comment_id, concealed) as (
      select c.comment_id, c.hidden or coalesce((select p.concealed from comments p where p.comment_id = c.parent_id), false)
      from comments c where c.comment_id = ${commentId}
      union all
      select reply.comment_id, reply.hidden or thread.concealed
      from comments reply join thread on reply.parent_id = thread.comment_id
    )
    update comments set concealed = thread.concealed from thread where comments.comment_id = thread.comment_id`.execute(db);
}

/** A post's comment count as readers see it: its comments outside hidden threads. */
async function recountComments(db: Kysely<BlogsReadModel>, postId: string): Promise<void> {
  await db
    .updateTable('posts')
    .set((eb) => ({
      comment_count: eb.selectFrom('comments').select(eb.fn.countAll<number>().as('n')).where('post_id', '=', postId).where('concealed', '=', false),
    }))
    .where('post_id', '=', postId)
    .execute();
}

const handlers = defineProjection({
  name: BLOGS_PROJECTION,
  version: 8, // 8: a post's comment count leaves hidden threads out; 4: sentence links read "12", not "||12||"; 5: the admin console's indexes, hidden comments, archived blogs; 6: a hidden comment conceals its whole thread; 7: the console's sort and substring indexes
  events: [...blogEvents, userRegistered, roleAssigned, accountDeleted],
  setup: setupBlogsReadModel,
  handlers: {
    async BlogCreated(event, db) {
      await db
        .insertInto('blogs')
        .values({
          blog_id: event.data.blogId,
          title: event.data.title,
          description: event.data.description,
          created_at: event.metadata.timestamp,
          published_count: 0,
          last_published: null,
          next_number: 1,
          archived: false,
        })
        .execute();
    },
    async BlogRenamed(event, db) {
      await db.updateTable('blogs').set({ title: event.data.title }).where('blog_id', '=', event.data.blogId).execute();
    },
    async BlogDescribed(event, db) {
      await db.updateTable('blogs').set({ description: event.data.description }).where('blog_id', '=', event.data.blogId).execute();
    },
    async BlogArchived(event, db) {
      await db.updateTable('blogs').set({ archived: true }).where('blog_id', '=', event.data.blogId).execute();
    },
    async BlogUnarchived(event, db) {
      await db.updateTable('blogs').set({ archived: false }).where('blog_id', '=', event.data.blogId).execute();
    },
    async PostCreated(event, db) {
      const { postId, blogId, url, authorId, content } = event.data;
      const at = event.metadata.timestamp;
      await db
        .insertInto('posts')
        .values({
          post_id: postId,
          blog_id: blogId,
          url,
          author_id: authorId,
          number: null,
          ...contentColumns(content),
          status: 'draft',
          publish_at: null,
          published_at: null,
          created_at: at,
          updated_at: at,
          revision: 1,
          comment_count: 0,
          autosave: null,
          autosaved_at: null,
        })
        .execute();
      await db.insertInto('post_revisions').values({ post_id: postId, revision: 1, at, actor: event.metadata.actor, kind: 'created', content }).execute();
    },
    async PostRevised(event, db) {
      const { postId, content, restoredFrom } = event.data;
      const at = event.metadata.timestamp;
      const post = await db
        .updateTable('posts')
        .set((eb) => ({ ...contentColumns(content), updated_at: at, revision: eb('revision', '+', 1), autosave: null, autosaved_at: null }))
        .where('post_id', '=', postId)
        .returning('revision')
        .executeTakeFirst();
      if (!post) return;
      await db
        .insertInto('post_revisions')
        .values({
          post_id: postId,
          revision: post.revision,
          at,
          actor: event.metadata.actor,
          kind: restoredFrom === undefined ? 'revised' : 'restored',
          content,
        })
        .execute();
    },
    async PostAutosaved(event, db) {
      await db
        .updateTable('posts')
        .set({ autosave: sql`coalesce(autosave, '{}'::jsonb) || ${JSON.stringify(event.data.content)}::jsonb`, autosaved_at: event.metadata.timestamp })
        .where('post_id', '=', event.data.postId)
        .execute();
    },
    async PostPublished(event, db) {
      const post = await db.selectFrom('posts').select(['blog_id', 'number', 'status']).where('post_id', '=', event.data.postId).executeTakeFirst();
      if (!post || post.status === 'published') return;
      const blog = await db
        .updateTable('blogs')
        .set((eb) => ({
          published_count: eb('published_count', '+', 1),
          last_published: sql`greatest(last_published, ${event.data.publishedAt}::timestamptz)`,
          next_number: post.number === null ? eb('next_number', '+', 1) : eb.ref('next_number'),
        }))
        .where('blog_id', '=', post.blog_id)
        .returning(['next_number', 'published_count'])
        .executeTakeFirstOrThrow();
      // Usually the newest, so nothing moves; a post published with an earlier date moves the newer ones up.
      const newer = await db
        .updateTable('posts')
        .set((eb) => ({ rank: eb('rank', '+', 1) }))
        .where('blog_id', '=', post.blog_id)
        .where('status', '=', 'published')
        .where((eb) => eb(eb.refTuple('published_at', 'post_id'), '>', eb.tuple(event.data.publishedAt, event.data.postId)))
        .executeTakeFirst();
      await db
        .updateTable('posts')
        .set({
          status: 'published',
          publish_at: null,
          published_at: event.data.publishedAt,
          number: post.number ?? blog.next_number - 1,
          rank: blog.published_count - Number(newer.numUpdatedRows),
        })
        .where('post_id', '=', event.data.postId)
        .execute();
    },
    async PostUndeleted(event, db) {
      const { postId, blogId, url, authorId, content, revision } = event.data;
      const at = event.metadata.timestamp;
      const gone = await db.deleteFrom('deleted_posts').where('post_id', '=', postId).returning('created_at').executeTakeFirst();
      await db
        .insertInto('posts')
        .values({
          post_id: postId,
          blog_id: blogId,
          url,
          author_id: authorId,
          number: null,
          ...contentColumns(content),
          status: 'draft',
          publish_at: null,
          published_at: null,
          created_at: gone?.created_at ?? at,
          updated_at: at,
          revision,
          comment_count: 0,
          autosave: null,
          autosaved_at: null,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await recountComments(db, postId);
      await db
        .insertInto('post_revisions')
        .values({ post_id: postId, revision, at, actor: event.metadata.actor, kind: 'restored', content })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    async PostScheduled(event, db) {
      await db.updateTable('posts').set({ status: 'scheduled', publish_at: event.data.publishAt }).where('post_id', '=', event.data.postId).execute();
    },
    async PostUnscheduled(event, db) {
      await db.updateTable('posts').set({ status: 'draft', publish_at: null }).where('post_id', '=', event.data.postId).execute();
    },
    async PostUnpublished(event, db) {
      await leavePublished(db, event.data.postId);
      await db.updateTable('posts').set({ status: 'draft', published_at: null, rank: null }).where('post_id', '=', event.data.postId).execute();
    },
    async PostDeleted(event, db) {
      await db
        .insertInto('deleted_posts')
        .columns(['post_id', 'blog_id', 'url', 'title', 'author_id', 'created_at', 'deleted_at'])
        .expression((eb) =>
          eb
            .selectFrom('posts')
            .select(['post_id', 'blog_id', 'url', 'title', 'author_id', 'created_at', sql<string>`${event.metadata.timestamp}::timestamptz`.as('deleted_at')])
            .where('post_id', '=', event.data.postId),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      await leavePublished(db, event.data.postId);
      await db.deleteFrom('post_revisions').where('post_id', '=', event.data.postId).execute();
      await db.deleteFrom('posts').where('post_id', '=', event.data.postId).execute();
    },
    async PostUrlReserved() {},
    async CommentPosted(event, db) {
      const { commentId, postId, parentId, authorId, mentions } = event.data;
      const text = (await unsealedFor(db, authorId, event.data.content, commentTextSealedSchema)) ?? REMOVED_COMMENT;
      const at = event.metadata.timestamp;
      const parent = parentId === null ? undefined : await db.selectFrom('comments').select('concealed').where('comment_id', '=', parentId).executeTakeFirst();
      await db
        .insertInto('comments')
        .values({
          comment_id: commentId,
          post_id: postId,
          parent_id: parentId,
          author_id: authorId,
          content: text,
          html: renderMarkdown(text, { profile: 'comment' }),
          pings: JSON.stringify(mentions) as unknown as string[],
          created_at: at,
          modified_at: at,
          upvote_count: 0,
          hidden: false,
          concealed: parent?.concealed ?? false,
        })
        .execute();
      await recountComments(db, postId);
    },
    async CommentEdited(event, db) {
      const comment = await db.selectFrom('comments').select('author_id').where('comment_id', '=', event.data.commentId).executeTakeFirst();
      if (!comment) return;
      const text = (await unsealedFor(db, comment.author_id, event.data.content, commentTextSealedSchema)) ?? REMOVED_COMMENT;
      await db
        .updateTable('comments')
        .set({
          content: text,
          html: renderMarkdown(text, { profile: 'comment' }),
          pings: JSON.stringify(event.data.mentions) as unknown as string[],
          modified_at: event.metadata.timestamp,
        })
        .where('comment_id', '=', event.data.commentId)
        .execute();
    },
    async CommentDeleted(event, db) {
      const deleted = await db.deleteFrom('comments').where('comment_id', '=', event.data.commentId).executeTakeFirst();
      await db.deleteFrom('comment_upvotes').where('comment_id', '=', event.data.commentId).execute();
      if (deleted.numDeletedRows > 0n) await recountComments(db, event.data.postId);
    },
    async CommentHidden(event, db) {
      await db.updateTable('comments').set({ hidden: true }).where('comment_id', '=', event.data.commentId).execute();
      await concealThread(db, event.data.commentId);
      await recountComments(db, event.data.postId);
    },
    async CommentShown(event, db) {
      await db.updateTable('comments').set({ hidden: false }).where('comment_id', '=', event.data.commentId).execute();
      await concealThread(db, event.data.commentId);
      await recountComments(db, event.data.postId);
    },
    async CommentUpvoted(event, db) {
      const added = await db
        .insertInto('comment_upvotes')
        .values({ comment_id: event.data.commentId, user_id: event.data.userId })
        .onConflict((oc) => oc.doNothing())
        .returning('user_id')
        .executeTakeFirst();
      if (added)
        await db
          .updateTable('comments')
          .set((eb) => ({ upvote_count: eb('upvote_count', '+', 1) }))
          .where('comment_id', '=', event.data.commentId)
          .execute();
    },
    async CommentUpvoteWithdrawn(event, db) {
      const removed = await db
        .deleteFrom('comment_upvotes')
        .where('comment_id', '=', event.data.commentId)
        .where('user_id', '=', event.data.userId)
        .executeTakeFirst();
      if (removed.numDeletedRows > 0n)
        await db
          .updateTable('comments')
          .set((eb) => ({ upvote_count: eb('upvote_count', '-', 1) }))
          .where('comment_id', '=', event.data.commentId)
          .execute();
    },
    async UserRegistered(event, db) {
      const personal = await unsealedFor(db, event.data.userId, event.data.personal, z.object({ name: z.string() }));
      await db
        .insertInto('authors')
        .values({ user_id: event.data.userId, name: personal?.name ?? DELETED_USER, role: 'user', deleted: false })
        .execute();
    },
    async RoleAssigned(event, db) {
      await db.updateTable('authors').set({ role: event.data.role }).where('user_id', '=', event.data.userId).execute();
    },
    async AccountDeleted(event, db) {
      await db.updateTable('authors').set({ name: DELETED_USER, deleted: true }).where('user_id', '=', event.data.userId).execute();
      await db
        .updateTable('comments')
        .set({ content: REMOVED_COMMENT, html: `<p>${REMOVED_COMMENT}</p>` })
        .where('author_id', '=', event.data.userId)
        .execute();
    },
  },
});

/** Events that can change a blog's archive: what is published, when, and under which title. */
const ARCHIVE_EVENTS = new Set(['PostPublished', 'PostUnpublished', 'PostDeleted', 'PostRevised']);
const BLOG_EVENTS = new Set<string>(blogEvents.map((e) => e.type));
/** Events that change only what no cached (public) answer shows: a draft's working copy. */
const UNSHOWN_EVENTS = new Set(['PostAutosaved']);

const field = (event: RecordedEvent, name: 'postId' | 'blogId') => {
  const value = (event.data as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Blogs as readers and writers see them: posts by status with their HTML, revisions, comments,
 * author names, and each blog's archive by month. Each batch renders again the archive months it
 * touched and announces itself on BLOGS_CHANGED_CHANNEL (delivered on commit) with the blogs it
 * changed, so the API drops those blogs' cached answers; events about users change every blog.
 */
export const blogsProjection: Projection<BlogsReadModel> = {
  ...handlers,
  async apply(events, db, version) {
    const postIds = [...new Set(events.flatMap((e) => field(e, 'postId') ?? []))];
    const before = await placesOf(db, postIds);
    await handlers.apply(events, db, version);
    const after = await placesOf(db, postIds);
    const places = [...before, ...after];
    const archived = new Set(events.filter((e) => ARCHIVE_EVENTS.has(e.type)).flatMap((e) => field(e, 'postId') ?? []));
    await refreshArchiveMonths(
      db,
      places.flatMap((p) => (p.published_at && archived.has(p.post_id) ? [monthOf(p.blog_id, p.published_at)] : [])),
    );
    if (events.every((e) => UNSHOWN_EVENTS.has(e.type))) return announceUnshownChange(db, BLOGS_CHANGED_CHANNEL, events.at(-1)!.position);
    const everything = events.some((e) => !BLOG_EVENTS.has(e.type));
    const blogs = places.map((p) => p.blog_id).concat(events.flatMap((e) => field(e, 'blogId') ?? []));
    await announceChange(db, BLOGS_CHANGED_CHANNEL, events.at(-1)!.position, everything ? null : blogs);
  },
};
