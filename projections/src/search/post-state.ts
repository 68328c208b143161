import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { RecordedEvent } from '@epos/platform';
import type { blogEvents, EventOf } from '@epos/schemas';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { unseal } from '../accounts/sealing.js';
import { documentsForPost, type SearchedComment, type SearchedPost } from './documents.js';
import type { SearchStateModel } from './read-model.js';

type Db = Kysely<SearchStateModel>;
type BlogEvent = EventOf<typeof blogEvents> & Pick<RecordedEvent, 'metadata'>;

async function unsealedComment(db: Db, authorId: string, sealed: string): Promise<string | null> {
  const key = (await sql<{ key: Buffer }>`select key from public.user_keys where user_id = ${authorId}`.execute(db)).rows[0]?.key;
  const text = z.string().safeParse(unseal(key, sealed));
  return text.success ? text.data : null;
}

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

/** Folds one blog event into the projection's own tables. */
export async function applyBlogEvent(db: Db, event: BlogEvent): Promise<void> {
  switch (event.type) {
    case 'PostCreated':
    case 'PostUndeleted': {
      const { postId, blogId, url, authorId, content } = event.data;
      const row = { post_id: postId, blog_id: blogId, url, author_id: authorId, status: 'draft' as const, published_at: null, content: JSON.stringify(content) as never };
      await db.insertInto('posts').values(row).onConflict((oc) => oc.column('post_id').doUpdateSet(row)).execute();
      return;
    }
    case 'PostRevised':
      await db.updateTable('posts').set({ content: JSON.stringify(event.data.content) as never }).where('post_id', '=', event.data.postId).execute();
      return;
    case 'PostPublished':
      await db.updateTable('posts').set({ status: 'published', published_at: event.data.publishedAt }).where('post_id', '=', event.data.postId).execute();
      return;
    case 'PostScheduled':
      await db.updateTable('posts').set({ status: 'scheduled' }).where('post_id', '=', event.data.postId).execute();
      return;
    case 'PostUnscheduled':
    case 'PostUnpublished':
      await db.updateTable('posts').set({ status: 'draft', published_at: null }).where('post_id', '=', event.data.postId).execute();
      return;
    case 'PostDeleted':
      await db.deleteFrom('posts').where('post_id', '=', event.data.postId).execute();
      return;
    case 'CommentPosted': {
      const { commentId, postId, parentId, authorId, content } = event.data;
      const text = await unsealedComment(db, authorId, content);
      await db.insertInto('comments').values({ comment_id: commentId, post_id: postId, parent_id: parentId, author_id: authorId, text, hidden: false, created_at: event.metadata.timestamp }).onConflict((oc) => oc.doNothing()).execute();
      return;
    }
    case 'CommentEdited': {
      const comment = await db.selectFrom('comments').select('author_id').where('comment_id', '=', event.data.commentId).executeTakeFirst();
      if (comment) await db.updateTable('comments').set({ text: await unsealedComment(db, comment.author_id, event.data.content) }).where('comment_id', '=', event.data.commentId).execute();
      return;
    }
    case 'CommentDeleted':
      await db.deleteFrom('comments').where('comment_id', '=', event.data.commentId).execute();
      return;
    case 'CommentHidden':
    case 'CommentShown':
      await db.updateTable('comments').set({ hidden: event.type === 'CommentHidden' }).where('comment_id', '=', event.data.commentId).execute();
      return;
    case 'BlogArchived':
      await db.insertInto('archived_blogs').values({ blog_id: event.data.blogId }).onConflict((oc) => oc.doNothing()).execute();
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
  await db.insertInto('erased_authors').values({ user_id: userId }).onConflict((oc) => oc.doNothing()).execute();
  await db.updateTable('comments').set({ text: null }).where('author_id', '=', userId).execute();
}

/** The documents of these posts as the tables stand now. */
export async function documentsOfPosts(db: Db, postIds: readonly string[]): Promise<Map<string, SearchDocument[]>> {
  const result = new Map<string, SearchDocument[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return result;
  const posts = await db.selectFrom('posts').selectAll().where(sql<boolean>`post_id = any(${postIds}::uuid[])`).execute();
  const comments = await db.selectFrom('comments').selectAll().where(sql<boolean>`post_id = any(${postIds}::uuid[])`).execute();
  const archived = new Set((await db.selectFrom('archived_blogs').select('blog_id').execute()).map((r) => r.blog_id));
  const authors = [...new Set([...posts.map((p) => p.author_id), ...comments.map((c) => c.author_id)])];
  const erased = new Set(authors.length === 0 ? [] : (await db.selectFrom('erased_authors').select('user_id').where('user_id', 'in', authors).execute()).map((r) => r.user_id));
  for (const row of posts) {
    const post: SearchedPost = { postId: row.post_id, blogId: row.blog_id, url: row.url, authorId: row.author_id, status: row.status, publishedAt: row.published_at, content: row.content };
    const own: SearchedComment[] = comments
      .filter((c) => c.post_id === row.post_id)
      .map((c) => ({ commentId: c.comment_id, parentId: c.parent_id, authorId: c.author_id, text: c.text, hidden: c.hidden, createdAt: c.created_at }));
    result.set(row.post_id, documentsForPost(post, { blogArchived: archived.has(row.blog_id), erased }, own));
  }
  return result;
}
