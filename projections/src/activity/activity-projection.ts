import type { Kysely } from 'kysely';
import { announceChange, defineProjection, type Projection, type RecordedEvent } from '@epos/platform';
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
  noteDeleted,
  noteSaved,
  notificationRead,
  notificationsReadUpTo,
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
  sentenceTextSet,
  subscriptionsChanged,
  translationSet,
  workAdded,
  workDeleted,
  workEdited,
  workHidden,
  workShown,
  commentTextSealedSchema,
  type WorkContent,
} from '@epos/schemas';
import { editionNames, languageNames } from '@epos/schemas/poem/editions';
import { unsealedFor } from '../accounts/sealing.js';
import { legacyNoteId } from '../accounts/notes-projection.js';
import { ACTIVITY_CHANGED_CHANNEL, ACTIVITY_PROJECTION, RECENTS_SCOPE, type ActivityReadModel } from './read-model.js';
import { setupActivity } from './setup.js';
import { addActivity, addOrExtendActivity, notify, personOf, plainOfMarkdown, removeActivity, reviseActivity, setActivityHidden } from './rows.js';

type Db = Kysely<ActivityReadModel>;

const postPath = (post: { blog_id: string; url: string }) => `/blogs/${post.blog_id}/${post.url}`;
const sentencePath = (id: number) => `/s/${id}`;
const WORK_WORDS: Record<WorkContent['type'], string> = {
  text: 'an annotation',
  audio: 'a recording',
  video: 'a video',
  rts: 'a reference',
  slps: 'lecture slides',
};
const workText = (content: WorkContent) =>
  content.type === 'text' ? plainOfMarkdown(content.description) : content.description.trim() || WORK_WORDS[content.type];

/** Whether the sentence part had text before; `part` is an edition or `tr-{lang}`. Records that it has now (or not). */
async function hadText(db: Db, sentence: number, part: string, now: boolean): Promise<boolean> {
  const before = await db.selectFrom('texted').select('sentence_id').where('sentence_id', '=', sentence).where('edition', '=', part).executeTakeFirst();
  if (now && !before) await db.insertInto('texted').values({ sentence_id: sentence, edition: part }).execute();
  if (!now && before) await db.deleteFrom('texted').where('sentence_id', '=', sentence).where('edition', '=', part).execute();
  return before !== undefined;
}

/** A change to a sentence's verse or a translation: the feed shows an edit (not a first entry) by a person; note holders are told. */
async function sentenceChanged(
  db: Db,
  event: RecordedEvent,
  change: { sentence: number; part: string; lines: string[] | null; type: 'correction' | 'translation'; label: string },
): Promise<void> {
  const had = await hadText(db, change.sentence, change.part, change.lines !== null);
  if (!had || change.lines === null) return;
  const line = `${change.label}: ${change.lines[0]}`;
  const user = personOf(event);
  if (user !== null)
    await addOrExtendActivity(db, event, {
      subject: `sentence:${change.sentence}:${change.part}`,
      type: change.type,
      url: sentencePath(change.sentence),
      userId: user,
      content: line,
    });
  const holders = await db.selectFrom('noted').select('user_id').where('sentence_id', '=', change.sentence).execute();
  await notify(
    db,
    event,
    holders.map((h) => h.user_id),
    { kind: 'noted-sentence', url: sentencePath(change.sentence), content: line },
  );
}

const handlers = defineProjection({
  name: ACTIVITY_PROJECTION,
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
    commentDeleted,
    commentHidden,
    commentShown,
    subscriptionsChanged,
    noteSaved,
    noteDeleted,
    pageCreated,
    pageRevised,
    pageMoved,
    pageDeleted,
    authorAdded,
    bookAdded,
    bookRevised,
    bookRemoved,
    sentenceTextSet,
    translationSet,
    workAdded,
    workEdited,
    workDeleted,
    workHidden,
    workShown,
    accountDeleted,
    notificationRead,
    notificationsReadUpTo,
  ],
  setup: setupActivity,
  handlers: {
    async PostCreated(event, db) {
      const { postId, blogId, url, authorId, content } = event.data;
      await db
        .insertInto('posts')
        .values({ post_id: postId, blog_id: blogId, url, title: content.title, author_id: authorId, published: false })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    async PostUndeleted(event, db) {
      const { postId, blogId, url, authorId, content } = event.data;
      await db
        .insertInto('posts')
        .values({ post_id: postId, blog_id: blogId, url, title: content.title, author_id: authorId, published: false })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },
    async PostRevised(event, db) {
      await db.updateTable('posts').set({ title: event.data.content.title }).where('post_id', '=', event.data.postId).execute();
      await reviseActivity(db, `post:${event.data.postId}`, event.data.content.title);
    },
    async PostPublished(event, db) {
      const post = await db.updateTable('posts').set({ published: true }).where('post_id', '=', event.data.postId).returningAll().executeTakeFirst();
      if (!post) return;
      const subject = `post:${post.post_id}`;
      await removeActivity(db, subject);
      await addActivity(db, event, { subject, postId: post.post_id, type: 'post', url: postPath(post), userId: post.author_id, content: post.title });
      if (!event.data.first) return;
      const followers = await db.selectFrom('follows').select('user_id').where('blog_id', '=', post.blog_id).where('user_id', '!=', post.author_id).execute();
      await notify(
        db,
        event,
        followers.map((f) => f.user_id),
        { kind: 'post', url: postPath(post), content: post.title },
        post.author_id,
      );
    },
    async PostUnpublished(event, db) {
      await db.updateTable('posts').set({ published: false }).where('post_id', '=', event.data.postId).execute();
      await db.deleteFrom('activity').where('post_id', '=', event.data.postId).execute();
    },
    async PostDeleted(event, db) {
      await db.deleteFrom('activity').where('post_id', '=', event.data.postId).execute();
      await db.deleteFrom('comments').where('post_id', '=', event.data.postId).execute();
      await db.deleteFrom('posts').where('post_id', '=', event.data.postId).execute();
    },
    async CommentPosted(event, db) {
      const { commentId, postId, parentId, authorId, mentions } = event.data;
      await db
        .insertInto('comments')
        .values({ comment_id: commentId, post_id: postId, author_id: authorId })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const post = await db.selectFrom('posts').selectAll().where('post_id', '=', postId).executeTakeFirst();
      // An erased author's words are gone (their key with them): nothing to show.
      const text = await unsealedFor(db, authorId, event.data.content, commentTextSealedSchema);
      if (!post?.published || text === null) return;
      const url = `${postPath(post)}#comment-${commentId}`;
      await addActivity(db, event, { subject: `comment:${commentId}`, postId, type: 'comment', url, userId: authorId, content: text });
      const parent = parentId === null ? undefined : await db.selectFrom('comments').select('author_id').where('comment_id', '=', parentId).executeTakeFirst();
      const repliedTo = parent && parent.author_id !== authorId ? [parent.author_id] : [];
      await notify(db, event, repliedTo, { kind: 'reply', url, content: text }, authorId);
      await notify(
        db,
        event,
        mentions.filter((p) => !repliedTo.includes(p)),
        { kind: 'mention', url, content: text },
        authorId,
      );
    },
    async CommentEdited(event, db) {
      const comment = await db.selectFrom('comments').select('author_id').where('comment_id', '=', event.data.commentId).executeTakeFirst();
      const text = comment ? await unsealedFor(db, comment.author_id, event.data.content, commentTextSealedSchema) : null;
      if (text !== null) await reviseActivity(db, `comment:${event.data.commentId}`, text);
    },
    async CommentDeleted(event, db) {
      await removeActivity(db, `comment:${event.data.commentId}`);
    },
    async CommentHidden(event, db) {
      await setActivityHidden(db, `comment:${event.data.commentId}`, true);
    },
    async CommentShown(event, db) {
      await setActivityHidden(db, `comment:${event.data.commentId}`, false);
    },
    async SubscriptionsChanged(event, db) {
      const { userId, blogs, subscribed } = event.data;
      if (blogs.length === 0) return;
      if (subscribed)
        await db
          .insertInto('follows')
          .values(blogs.map((blog_id) => ({ user_id: userId, blog_id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      else await db.deleteFrom('follows').where('user_id', '=', userId).where('blog_id', 'in', blogs).execute();
    },
    async NoteSaved(event, db) {
      const { userId, sentence, rtype } = event.data;
      const noteId = event.data.noteId ?? legacyNoteId(sentence, rtype);
      await db
        .insertInto('noted')
        .values({ user_id: userId, note_id: noteId, sentence_id: sentence })
        .onConflict((oc) => oc.columns(['user_id', 'note_id']).doUpdateSet({ sentence_id: sentence }))
        .execute();
    },
    async NoteDeleted(event, db) {
      await db.deleteFrom('noted').where('user_id', '=', event.data.userId).where('note_id', '=', event.data.noteId).execute();
    },
    async PageCreated(event, db) {
      const { pageId, path, content } = event.data;
      await db
        .insertInto('pages')
        .values({ page_id: pageId, path, name: content.name })
        .onConflict((oc) => oc.doNothing())
        .execute();
      await addActivity(db, event, { subject: `page:${pageId}`, type: 'page', url: path, userId: personOf(event), content: content.name });
    },
    async PageRevised(event, db) {
      const page = await db
        .updateTable('pages')
        .set({ name: event.data.content.name })
        .where('page_id', '=', event.data.pageId)
        .returning('path')
        .executeTakeFirst();
      if (!page) return;
      await addOrExtendActivity(db, event, {
        subject: `page:${event.data.pageId}`,
        type: 'page-update',
        url: page.path,
        userId: personOf(event),
        content: event.data.content.name,
      });
    },
    async PageMoved(event, db) {
      await db.updateTable('pages').set({ path: event.data.to }).where('page_id', '=', event.data.pageId).execute();
      await db.updateTable('activity').set({ url: event.data.to }).where('subject', '=', `page:${event.data.pageId}`).execute();
    },
    async PageDeleted(event, db) {
      await db.deleteFrom('pages').where('page_id', '=', event.data.pageId).execute();
      await removeActivity(db, `page:${event.data.pageId}`);
    },
    async AuthorAdded(event, db) {
      await db
        .insertInto('book_authors')
        .values({ author_id: event.data.authorId, slug: event.data.slug })
        .onConflict((oc) => oc.column('author_id').doUpdateSet({ slug: event.data.slug }))
        .execute();
    },
    async BookAdded(event, db) {
      const { bookId, authorId, slug, content } = event.data;
      await db
        .insertInto('books')
        .values({ book_id: bookId, author_id: authorId, slug, title: content.title })
        .onConflict((oc) => oc.doNothing())
        .execute();
      const author = await db.selectFrom('book_authors').select('slug').where('author_id', '=', authorId).executeTakeFirst();
      if (author)
        await addActivity(db, event, {
          subject: `book:${bookId}`,
          type: 'book',
          url: `/books/${author.slug}/${slug}`,
          userId: personOf(event),
          content: content.title,
        });
    },
    async BookRevised(event, db) {
      await db.updateTable('books').set({ title: event.data.content.title }).where('book_id', '=', event.data.bookId).execute();
      await reviseActivity(db, `book:${event.data.bookId}`, event.data.content.title);
    },
    async BookRemoved(event, db) {
      await db.deleteFrom('books').where('book_id', '=', event.data.bookId).execute();
      await removeActivity(db, `book:${event.data.bookId}`);
    },
    async SentenceTextSet(event, db) {
      const { sentence, edition, lines } = event.data;
      await sentenceChanged(db, event, { sentence, part: edition, lines, type: 'correction', label: `${editionNames[edition]} edition` });
    },
    async TranslationSet(event, db) {
      const { sentence, lang, lines } = event.data;
      await sentenceChanged(db, event, { sentence, part: `tr-${lang}`, lines, type: 'translation', label: languageNames[lang] });
    },
    async WorkAdded(event, db) {
      const { workId, userId, sentences, content } = event.data;
      await addActivity(db, event, { subject: `work:${workId}`, type: 'work', url: sentencePath(sentences[0]!), userId, content: workText(content) });
    },
    async WorkEdited(event, db) {
      await reviseActivity(db, `work:${event.data.workId}`, workText(event.data.content), sentencePath(event.data.sentences[0]!));
    },
    async WorkDeleted(event, db) {
      await removeActivity(db, `work:${event.data.workId}`);
    },
    async WorkHidden(event, db) {
      await setActivityHidden(db, `work:${event.data.workId}`, true);
    },
    async WorkShown(event, db) {
      await setActivityHidden(db, `work:${event.data.workId}`, false);
    },
    async AccountDeleted(event, db) {
      const { userId } = event.data;
      // Their own words go; what they did for the site stays, unsigned.
      await db.deleteFrom('activity').where('user_id', '=', userId).where('type', 'in', ['comment', 'work']).execute();
      await db.updateTable('activity').set({ user_id: null }).where('user_id', '=', userId).execute();
      await db.deleteFrom('notifications').where('user_id', '=', userId).execute();
      await db.deleteFrom('notifications').where('actor_id', '=', userId).where('kind', 'in', ['reply', 'mention']).execute();
      await db.updateTable('notifications').set({ actor_id: null }).where('actor_id', '=', userId).execute();
      await db.deleteFrom('follows').where('user_id', '=', userId).execute();
      await db.deleteFrom('noted').where('user_id', '=', userId).execute();
    },
    async NotificationRead(event, db) {
      await db.updateTable('notifications').set({ read: true }).where('user_id', '=', event.data.userId).where('position', '=', event.data.id).execute();
    },
    async NotificationsReadUpTo(event, db) {
      await db
        .updateTable('notifications')
        .set({ read: true })
        .where('user_id', '=', event.data.userId)
        .where('position', '<=', event.data.upTo)
        .where('read', '=', false)
        .execute();
    },
  },
});

/** Events that change only what one reader knows, never the public feed. */
const PRIVATE_EVENTS = new Set([
  'SubscriptionsChanged',
  'NoteSaved',
  'NoteDeleted',
  'NotificationRead',
  'NotificationsReadUpTo',
  'AuthorAdded',
  'PostCreated',
  'PostUndeleted',
]);

/** The public activity feed and each reader's notifications. */
export const activityProjection: Projection<ActivityReadModel> = {
  ...handlers,
  async apply(events, db, version) {
    await handlers.apply(events, db, version);
    const first = events[0]!.position.toString();
    const last = events.at(-1)!.position;
    const told = await db
      .selectFrom('notifications')
      .select('user_id')
      .distinct()
      .where('position', '>=', first)
      .where('position', '<=', last.toString())
      .execute();
    const scopes = new Set(told.map((t) => t.user_id));
    for (const event of events) {
      const data = event.data as { userId?: unknown };
      if (event.type.startsWith('Notification') || event.type === 'AccountDeleted') scopes.add(String(data.userId));
      if (!PRIVATE_EVENTS.has(event.type)) scopes.add(RECENTS_SCOPE);
    }
    // A notice names what changed so that only those readers' streams are asked again.
    if (scopes.size > 0) await announceChange(db, ACTIVITY_CHANGED_CHANNEL, last, scopes);
  },
};
