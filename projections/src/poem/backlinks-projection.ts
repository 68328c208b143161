import type { Kysely } from 'kysely';
import { defineProjection } from '@epos/platform';
import {
  accountDeleted,
  authorAdded,
  bookAdded,
  bookRemoved,
  bookRevised,
  commentDeleted,
  commentEdited,
  commentHidden,
  commentPosted,
  commentShown,
  commentTextSealedSchema,
  pageCreated,
  pageDeleted,
  pageMoved,
  pageRevised,
  postCreated,
  postDeleted,
  postPublished,
  postRevised,
  postUndeleted,
  postUnpublished,
} from '@epos/schemas';
import { sentenceReferences } from '@epos/schemas/poem/sentence-references';
import { unsealedFor } from '../accounts/sealing.js';

export const BACKLINKS_PROJECTION = 'backlinks';
export type BacklinkKind = 'post' | 'comment' | 'page' | 'book';

export interface BacklinksReadModel {
  /**
   * What can link to a sentence with `||n||`: posts, their comments, library pages and books, each
   * with what a link to it shows and whether readers may see it now (a comment is seen with its post).
   */
  sources: {
    kind: BacklinkKind;
    source_id: string;
    title: string;
    href: string;
    visible: boolean;
    /** A comment's post; a comment's or a post's author. */
    post_id: string | null;
    author_id: string | null;
    changed_at: string;
  };
  /** The sentences (running numbers, as written) each source links to. */
  links: { kind: BacklinkKind; source_id: string; n: number };
  /** Authors' slugs, for their books' addresses. */
  authors: { author_id: string; slug: string };
}

type Db = Kysely<BacklinksReadModel>;

/** The distinct sentences `||n||` in `text` names. */
function referencedIn(text: string): number[] {
  return [...new Set(sentenceReferences(text).flatMap((part) => (part.kind === 'sentence' ? [part.n] : [])))];
}

const COMMENT_TITLE_CHARS = 80;
/** A comment's first words, its `||n||` read as the links show them (the number). */
const excerpt = (text: string) => {
  const read = sentenceReferences(text)
    .map((part) => (part.kind === 'text' ? part.text : String(part.n)))
    .join('');
  const flat = read.replace(/\s+/gu, ' ').trim();
  return flat.length > COMMENT_TITLE_CHARS ? `${flat.slice(0, COMMENT_TITLE_CHARS - 1)}…` : flat;
};

/** A source's links afresh, from its text now. */
async function relink(db: Db, kind: BacklinkKind, sourceId: string, text: string): Promise<void> {
  await db.deleteFrom('links').where('kind', '=', kind).where('source_id', '=', sourceId).execute();
  const ns = referencedIn(text);
  if (ns.length > 0)
    await db
      .insertInto('links')
      .values(ns.map((n) => ({ kind, source_id: sourceId, n })))
      .execute();
}

/** A source's facts (its visibility kept when not given), and its links from `text`. */
async function keep(db: Db, source: Omit<BacklinksReadModel['sources'], 'visible'> & { visible?: boolean }, text: string): Promise<void> {
  const { kind, source_id: sourceId, visible, ...rest } = source;
  await db
    .insertInto('sources')
    .values({ ...source, visible: visible ?? false })
    .onConflict((oc) => oc.columns(['kind', 'source_id']).doUpdateSet({ ...rest, ...(visible === undefined ? {} : { visible }) }))
    .execute();
  await relink(db, kind, sourceId, text);
}

/** A new title for a source, and its links from its new text. */
async function revise(db: Db, kind: BacklinkKind, sourceId: string, title: string, text: string, at: string): Promise<void> {
  await db.updateTable('sources').set({ title, changed_at: at }).where('kind', '=', kind).where('source_id', '=', sourceId).execute();
  await relink(db, kind, sourceId, text);
}

async function show(db: Db, kind: BacklinkKind, sourceId: string, visible: boolean, at: string): Promise<void> {
  await db.updateTable('sources').set({ visible, changed_at: at }).where('kind', '=', kind).where('source_id', '=', sourceId).execute();
}

async function forget(db: Db, kind: BacklinkKind, sourceId: string): Promise<void> {
  await db.deleteFrom('links').where('kind', '=', kind).where('source_id', '=', sourceId).execute();
  await db.deleteFrom('sources').where('kind', '=', kind).where('source_id', '=', sourceId).execute();
}

const postHref = (blogId: string, url: string) => `/blogs/${encodeURIComponent(blogId)}/${encodeURIComponent(url)}`;

/** Every post, comment, library page and book that links to a sentence with `||n||` (a sentence's Connections). */
export const backlinksProjection = defineProjection({
  name: BACKLINKS_PROJECTION,
  version: 1,
  events: [
    postCreated,
    postRevised,
    postPublished,
    postUnpublished,
    postDeleted,
    postUndeleted,
    commentPosted,
    commentEdited,
    commentHidden,
    commentShown,
    commentDeleted,
    pageCreated,
    pageRevised,
    pageMoved,
    pageDeleted,
    authorAdded,
    bookAdded,
    bookRevised,
    bookRemoved,
    accountDeleted,
  ],
  async setup(db: Db) {
    await db.schema
      .createTable('sources')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('href', 'text', (c) => c.notNull())
      .addColumn('visible', 'boolean', (c) => c.notNull())
      .addColumn('post_id', 'text')
      .addColumn('author_id', 'text')
      .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('sources_pk', ['kind', 'source_id'])
      .execute();
    await db.schema.createIndex('sources_by_author').on('sources').columns(['author_id']).execute();
    await db.schema
      .createTable('links')
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('source_id', 'text', (c) => c.notNull())
      .addColumn('n', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('links_pk', ['kind', 'source_id', 'n'])
      .execute();
    await db.schema.createIndex('links_by_sentence').on('links').columns(['n']).execute();
    await db.schema
      .createTable('authors')
      .addColumn('author_id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull())
      .execute();
  },
  handlers: {
    // Posts: linked from once published, until unpublished or deleted.
    async PostCreated(event, db) {
      const { postId, blogId, url, authorId, content } = event.data;
      const at = event.metadata.timestamp;
      await keep(
        db,
        { kind: 'post', source_id: postId, title: content.title, href: postHref(blogId, url), post_id: null, author_id: authorId, changed_at: at },
        content.markdown,
      );
    },
    async PostRevised(event, db) {
      const { postId, content } = event.data;
      await revise(db, 'post', postId, content.title, content.markdown, event.metadata.timestamp);
    },
    async PostPublished(event, db) {
      await show(db, 'post', event.data.postId, true, event.metadata.timestamp);
    },
    async PostUnpublished(event, db) {
      await show(db, 'post', event.data.postId, false, event.metadata.timestamp);
    },
    async PostDeleted(event, db) {
      await show(db, 'post', event.data.postId, false, event.metadata.timestamp);
    },
    async PostUndeleted(event, db) {
      const { postId, blogId, url, authorId, content } = event.data;
      const at = event.metadata.timestamp;
      // Back as a draft: seen again once published.
      await keep(
        db,
        {
          kind: 'post',
          source_id: postId,
          title: content.title,
          href: postHref(blogId, url),
          visible: false,
          post_id: null,
          author_id: authorId,
          changed_at: at,
        },
        content.markdown,
      );
    },
    // Comments: seen while their post is, unless hidden or deleted; their text is sealed with their author's key.
    async CommentPosted(event, db) {
      const { commentId, postId, authorId, content } = event.data;
      const text = (await unsealedFor(db, authorId, content, commentTextSealedSchema)) ?? '';
      const post = await db.selectFrom('sources').select('href').where('kind', '=', 'post').where('source_id', '=', postId).executeTakeFirst();
      await keep(
        db,
        {
          kind: 'comment',
          source_id: commentId,
          title: excerpt(text),
          href: `${post?.href ?? ''}#comment-${commentId}`,
          visible: true,
          post_id: postId,
          author_id: authorId,
          changed_at: event.metadata.timestamp,
        },
        text,
      );
    },
    async CommentEdited(event, db) {
      const { commentId, content } = event.data;
      const row = await db.selectFrom('sources').select(['author_id']).where('kind', '=', 'comment').where('source_id', '=', commentId).executeTakeFirst();
      if (!row?.author_id) return;
      const text = (await unsealedFor(db, row.author_id, content, commentTextSealedSchema)) ?? '';
      await revise(db, 'comment', commentId, excerpt(text), text, event.metadata.timestamp);
    },
    async CommentHidden(event, db) {
      await show(db, 'comment', event.data.commentId, false, event.metadata.timestamp);
    },
    async CommentShown(event, db) {
      await show(db, 'comment', event.data.commentId, true, event.metadata.timestamp);
    },
    async CommentDeleted(event, db) {
      await forget(db, 'comment', event.data.commentId);
    },
    // Library pages and books: seen until deleted or removed.
    async PageCreated(event, db) {
      const { pageId, path, content } = event.data;
      await keep(
        db,
        {
          kind: 'page',
          source_id: pageId,
          title: content.name,
          href: path,
          visible: true,
          post_id: null,
          author_id: null,
          changed_at: event.metadata.timestamp,
        },
        content.markdown,
      );
    },
    async PageRevised(event, db) {
      const { pageId, content } = event.data;
      await revise(db, 'page', pageId, content.name, content.markdown, event.metadata.timestamp);
    },
    async PageMoved(event, db) {
      await db.updateTable('sources').set({ href: event.data.to }).where('kind', '=', 'page').where('source_id', '=', event.data.pageId).execute();
    },
    async PageDeleted(event, db) {
      await forget(db, 'page', event.data.pageId);
    },
    async AuthorAdded(event, db) {
      await db
        .insertInto('authors')
        .values({ author_id: event.data.authorId, slug: event.data.slug })
        .onConflict((oc) => oc.column('author_id').doUpdateSet({ slug: event.data.slug }))
        .execute();
    },
    async BookAdded(event, db) {
      const { bookId, authorId, slug, content } = event.data;
      const author = await db.selectFrom('authors').select('slug').where('author_id', '=', authorId).executeTakeFirst();
      const href = `/books/${encodeURIComponent(author?.slug ?? authorId)}/${encodeURIComponent(slug)}`;
      await keep(
        db,
        { kind: 'book', source_id: bookId, title: content.title, href, visible: true, post_id: null, author_id: null, changed_at: event.metadata.timestamp },
        content.markdown,
      );
    },
    async BookRevised(event, db) {
      const { bookId, content } = event.data;
      await revise(db, 'book', bookId, content.title, content.markdown, event.metadata.timestamp);
    },
    async BookRemoved(event, db) {
      await forget(db, 'book', event.data.bookId);
    },
    // An erased account's comments go with its words.
    async AccountDeleted(event, db) {
      const comments = await db.selectFrom('sources').select('source_id').where('kind', '=', 'comment').where('author_id', '=', event.data.userId).execute();
      for (const c of comments) await forget(db, 'comment', c.source_id);
    },
  },
});
