import { commentTextSealedSchema } from '@epos/schemas';
import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@epos/platform';
import type { blogEvents, EventOf } from '@epos/schemas';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { unsealedFor } from '../accounts/sealing.js';
import { documentsForPost, type SearchedComment, type SearchedPost } from './documents.js';
import type { SearchStateModel } from './read-model.js';

type Db = Kysely<SearchStateModel>;
type BlogEvent = EventOf<typeof blogEvents> & Pick<RecordedEvent, 'metadata'>;

const unsealedComment = (db: Db, authorId: string, sealed: string) => unsealedFor(db, authorId, sealed, commentTextSealedSchema);

/**
 * The posts whose documents an event may change: a blog's archiving changes all of its posts, an
 * erasure all of the author's (with everyone's comments on them).
 */
export async function postsTouchedBy(db: Db, event: RecordedEvent): Promise<string[]> {
  const data = event.data as { postId?: string; blogId?: string; userId?: string };
  if (event.type === 'BlogArchived' || event.type === 'BlogUnarchived') {
    return (await db.selectFrom('posts').select('post_id').where('blog_id', '=', data.blogId!).execute()).map((r) => r.post_id);
  }
  if (event.type === 'AccountDeleted') {
    return (await db.selectFrom('posts').select('post_id').where('author_id', '=', data.userId!).execute()).map((r) => r.post_id);
  }
  return data.postId === undefined ? [] : [data.postId];
}

type PostRow = SearchStateModel['posts'];
const POST_EVENTS: ReadonlySet<string> = new Set([
  'PostCreated',
  'PostUndeleted',
  'PostRevised',
  'PostPublished',
  'PostScheduled',
  'PostUnscheduled',
  'PostUnpublished',
  'PostDeleted',
]);

/** Whether an event changes a post itself (not its comments or its blog). */
export const isPostEvent = (event: RecordedEvent): boolean => POST_EVENTS.has(event.type);

/** A post's row after one event of it; null once deleted, unchanged for a post it does not know. */
function evolvePost(row: PostRow | null, event: BlogEvent): PostRow | null {
  switch (event.type) {
    case 'PostCreated':
    case 'PostUndeleted': {
      const { postId, blogId, url, authorId, content } = event.data;
      return { post_id: postId, blog_id: blogId, url, author_id: authorId, status: 'draft', published_at: null, content };
    }
    case 'PostDeleted':
      return null;
    default:
      if (row === null) return null;
      if (event.type === 'PostRevised') return { ...row, content: event.data.content };
      if (event.type === 'PostPublished') return { ...row, status: 'published', published_at: event.data.publishedAt };
      if (event.type === 'PostScheduled') return { ...row, status: 'scheduled' };
      if (event.type === 'PostUnscheduled' || event.type === 'PostUnpublished') return { ...row, status: 'draft', published_at: null };
      return row;
  }
}

/**
 * Folds a batch's post events into each post's row in memory and writes every touched post once
 * (a rebuild reads tens of thousands of posts: one statement a batch, not one an event).
 */
export async function applyPostEvents(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((e) => (e.data as { postId: string }).postId))];
  const stored = await db
    .selectFrom('posts')
    .selectAll()
    .where(sql<boolean>`post_id = any(${ids}::uuid[])`)
    .execute();
  const rows = new Map<string, PostRow | null>(ids.map((id) => [id, null]));
  for (const row of stored) rows.set(row.post_id, row);
  for (const event of events) {
    const id = (event.data as { postId: string }).postId;
    rows.set(id, evolvePost(rows.get(id) ?? null, event as BlogEvent));
  }
  const kept = [...rows.values()].filter((row): row is PostRow => row !== null);
  const deleted = [...rows].filter(([, row]) => row === null).map(([id]) => id);
  if (deleted.length > 0)
    await db
      .deleteFrom('posts')
      .where(sql<boolean>`post_id = any(${deleted}::uuid[])`)
      .execute();
  if (kept.length === 0) return;
  await db
    .insertInto('posts')
    .values(kept.map((row) => ({ ...row, content: JSON.stringify(row.content) as never })))
    .onConflict((oc) =>
      oc.column('post_id').doUpdateSet((eb) => ({
        blog_id: eb.ref('excluded.blog_id'),
        url: eb.ref('excluded.url'),
        author_id: eb.ref('excluded.author_id'),
        status: eb.ref('excluded.status'),
        published_at: eb.ref('excluded.published_at'),
        content: eb.ref('excluded.content'),
      })),
    )
    .execute();
}

/** Folds one event of a post's comments or of a blog into the projection's own tables. */
export async function applyBlogEvent(db: Db, event: BlogEvent): Promise<void> {
  switch (event.type) {
    case 'CommentPosted': {
      const { commentId, postId, parentId, authorId, content } = event.data;
      const text = await unsealedComment(db, authorId, content);
      await db
        .insertInto('comments')
        .values({ comment_id: commentId, post_id: postId, parent_id: parentId, author_id: authorId, text, hidden: false, created_at: event.metadata.timestamp })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    }
    case 'CommentEdited': {
      const comment = await db.selectFrom('comments').select('author_id').where('comment_id', '=', event.data.commentId).executeTakeFirst();
      if (comment)
        await db
          .updateTable('comments')
          .set({ text: await unsealedComment(db, comment.author_id, event.data.content) })
          .where('comment_id', '=', event.data.commentId)
          .execute();
      return;
    }
    case 'CommentDeleted':
      await db.deleteFrom('comments').where('comment_id', '=', event.data.commentId).execute();
      return;
    case 'CommentHidden':
    case 'CommentShown':
      await db
        .updateTable('comments')
        .set({ hidden: event.type === 'CommentHidden' })
        .where('comment_id', '=', event.data.commentId)
        .execute();
      return;
    case 'BlogArchived':
      await db
        .insertInto('archived_blogs')
        .values({ blog_id: event.data.blogId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      return;
    case 'BlogUnarchived':
      await db.deleteFrom('archived_blogs').where('blog_id', '=', event.data.blogId).execute();
      return;
    default:
      return;
  }
}

/** An erased account: its comments' text is gone and nothing of it is indexed again. */
export async function eraseAuthor(db: Db, userId: string): Promise<void> {
  await db
    .insertInto('erased_authors')
    .values({ user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.updateTable('comments').set({ text: null }).where('author_id', '=', userId).execute();
}

/** What the documents of some posts are made from, read in one go. */
export interface PostSources {
  posts: PostRow[];
  comments: ReadonlyMap<string, SearchedComment[]>;
  archived: ReadonlySet<string>;
  erased: ReadonlySet<string>;
}

export async function loadPostSources(db: Db, postIds: readonly string[]): Promise<PostSources> {
  if (postIds.length === 0) return { posts: [], comments: new Map(), archived: new Set(), erased: new Set() };
  const posts = await db
    .selectFrom('posts')
    .selectAll()
    .where(sql<boolean>`post_id = any(${postIds}::uuid[])`)
    .execute();
  const rows = await db
    .selectFrom('comments')
    .selectAll()
    .where(sql<boolean>`post_id = any(${postIds}::uuid[])`)
    .execute();
  const archived = new Set((await db.selectFrom('archived_blogs').select('blog_id').execute()).map((r) => r.blog_id));
  const authors = [...new Set([...posts.map((p) => p.author_id), ...rows.map((c) => c.author_id)])];
  const erased = new Set(
    authors.length === 0 ? [] : (await db.selectFrom('erased_authors').select('user_id').where('user_id', 'in', authors).execute()).map((r) => r.user_id),
  );
  const comments = new Map<string, SearchedComment[]>();
  for (const c of rows) {
    const own = comments.get(c.post_id) ?? [];
    own.push({ commentId: c.comment_id, parentId: c.parent_id, authorId: c.author_id, text: c.text, hidden: c.hidden, createdAt: c.created_at });
    comments.set(c.post_id, own);
  }
  return { posts, comments, archived, erased };
}

/** The documents of one loaded post and its comments (rendering their markdown). */
export function documentsOfLoaded(sources: PostSources, row: PostRow): SearchDocument[] {
  const post: SearchedPost = {
    postId: row.post_id,
    blogId: row.blog_id,
    url: row.url,
    authorId: row.author_id,
    status: row.status,
    publishedAt: row.published_at,
    content: row.content,
  };
  return documentsForPost(post, { blogArchived: sources.archived.has(row.blog_id), erased: sources.erased }, sources.comments.get(row.post_id) ?? []);
}

/** The documents of these posts as the tables stand now. */
export async function documentsOfPosts(db: Db, postIds: readonly string[]): Promise<Map<string, SearchDocument[]>> {
  const sources = await loadPostSources(db, postIds);
  const result = new Map<string, SearchDocument[]>(postIds.map((id) => [id, []]));
  for (const row of sources.posts) result.set(row.post_id, documentsOfLoaded(sources, row));
  return result;
}
