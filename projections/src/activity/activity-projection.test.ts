import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Projection } from '@epos/platform';
import { authorStream, bookStream, commentsStream, notificationsStream, pageStream, postStream, sentenceStream, userStream, workStream } from '@epos/schemas';
import { useProjectionUnderTest } from '../testkit/projection-under-test.js';
import { newUserKey, seal } from '../accounts/sealing.js';
import { activityProjection } from './activity-projection.js';
import { findNotifications, findRecents, unreadOf } from './queries.js';
import type { ActivityReadModel } from './read-model.js';

const projection = useProjectionUnderTest<ActivityReadModel>(activityProjection as Projection);
const window = { offset: 0, limit: 50 };

const writer = randomUUID();
const reader = randomUUID();
const friend = randomUUID();
const admin = randomUUID();
const keys = new Map<string, Buffer>();

async function keyOf(user: string): Promise<Buffer> {
  if (!keys.has(user)) {
    const key = newUserKey();
    await sql`insert into public.user_keys (user_id, key) values (${user}, ${key})`.execute(projection.database().db);
    keys.set(user, key);
  }
  return keys.get(user)!;
}

const postContent = (title: string) => ({ title, subtitle: '', seriesTitle: 'Notes', excerpt: '', markdown: 'Body.' });

async function publishedPost(blogId: string, url: string, title: string) {
  const postId = randomUUID();
  await projection.append(postStream(postId), [{ type: 'PostCreated', data: { postId, blogId, url, authorId: writer, content: postContent(title) } }], writer);
  const db = await projection.append(
    postStream(postId),
    [{ type: 'PostPublished', data: { postId, publishedAt: '2026-03-01T00:00:00.000Z', scheduled: false, first: true } }],
    writer,
  );
  return { postId, db };
}

async function comment(postId: string, author: string, text: string, options: { parentId?: string; pings?: string[] } = {}) {
  const commentId = randomUUID();
  const db = await projection.append(
    commentsStream(postId),
    [
      {
        type: 'CommentPosted',
        data: {
          commentId,
          postId,
          parentId: options.parentId ?? null,
          authorId: author,
          content: seal(await keyOf(author), text),
          mentions: options.pings ?? [],
        },
      },
    ],
    author,
  );
  return { commentId, db };
}

const feed = async (db: Awaited<ReturnType<typeof projection.append>>) => (await findRecents(db, window)).rows.map((r) => [r.type, r.content, r.url]);
const notesOf = async (db: Awaited<ReturnType<typeof projection.append>>, user: string) =>
  (await findNotifications(db, user, window)).rows.map((r) => [r.kind, r.content, r.url]);

describe('activity projection', () => {
  it('shows a published post and its comments, newest first; replies and mentions are told to their readers once', async () => {
    await projection.append(userStream(reader), [{ type: 'SubscriptionsChanged', data: { userId: reader, blogs: ['river'], subscribed: true } }], reader);
    const { postId, db: afterPost } = await publishedPost('river', 'herons', 'Herons at dusk');
    expect((await feed(afterPost))[0]).toEqual(['post', 'Herons at dusk', '/blogs/river/herons']);
    expect(await notesOf(afterPost, reader)).toEqual([['post', 'Herons at dusk', '/blogs/river/herons']]);
    expect(await notesOf(afterPost, writer)).toEqual([]);
    // a scheduled post is published by the system, but readers are told its author's name
    const scheduled = randomUUID();
    await projection.append(
      postStream(scheduled),
      [{ type: 'PostCreated', data: { postId: scheduled, blogId: 'river', url: 'later', authorId: writer, content: postContent('Later') } }],
      writer,
    );
    const afterScheduled = await projection.append(
      postStream(scheduled),
      [{ type: 'PostPublished', data: { postId: scheduled, publishedAt: '2026-03-02T00:00:00.000Z', scheduled: true, first: true } }],
      'system',
    );
    expect((await findNotifications(afterScheduled, reader, window)).rows[0]).toMatchObject({ kind: 'post', actor_id: writer });
    await projection.append(postStream(scheduled), [{ type: 'PostDeleted', data: { postId: scheduled } }], writer);

    const { commentId: first } = await comment(postId, reader, 'They stand so still.');
    const { commentId: reply, db } = await comment(postId, friend, `Like **statues**, ${'very '.repeat(60)}still.`, {
      parentId: first,
      pings: [reader, admin, friend],
    });
    const rows = await feed(db);
    expect(rows[0]![0]).toBe('comment');
    expect(rows[0]![1]).toMatch(/^Like \*\*statues\*\*, very .*…$/);
    expect(String(rows[0]![1]).length).toBeLessThanOrEqual(161);
    expect(rows[0]![2]).toBe(`/blogs/river/herons#comment-${reply}`);
    // the reply tells its parent's author (once, though also pinged); the ping tells the admin; nobody is told of their own words
    expect((await notesOf(db, reader)).map((n) => n[0])).toEqual(['reply', 'post', 'post']);
    expect((await notesOf(db, admin)).map((n) => n[0])).toEqual(['mention']);
    expect(await notesOf(db, friend)).toEqual([]);
    expect((await unreadOf(db, reader)).unread).toBe(3);
  });

  it('never shows drafts, hidden comments or unpublished posts, nor notes or subscriptions', async () => {
    const draftId = randomUUID();
    await projection.append(
      postStream(draftId),
      [{ type: 'PostCreated', data: { postId: draftId, blogId: 'river', url: 'draft-only', authorId: writer, content: postContent('A secret draft') } }],
      writer,
    );
    let db = await projection.append(
      userStream(reader),
      [{ type: 'NoteSaved', data: { userId: reader, noteId: 'n1', sentence: 7, rtype: 'note', content: seal(await keyOf(reader), 'My private note') } }],
      reader,
    );
    expect(JSON.stringify(await feed(db))).not.toMatch(/secret draft|private note/);

    const { postId } = await publishedPost('river', 'egrets', 'Egrets');
    const { commentId } = await comment(postId, friend, 'Hidden soon');
    db = await projection.append(commentsStream(postId), [{ type: 'CommentHidden', data: { commentId, postId } }], admin);
    expect(JSON.stringify(await feed(db))).not.toContain('Hidden soon');
    db = await projection.append(commentsStream(postId), [{ type: 'CommentShown', data: { commentId, postId } }], admin);
    expect(JSON.stringify(await feed(db))).toContain('Hidden soon');
    db = await projection.append(postStream(postId), [{ type: 'PostUnpublished', data: { postId } }], writer);
    expect(JSON.stringify(await feed(db))).not.toMatch(/Egrets|Hidden soon/);
  });

  it("shows pages, page updates (one row for a run of edits), moves, books and readers' works", async () => {
    const pageId = randomUUID();
    const page = { name: 'Reading guide', permalink: 'guide', category: 'Main menu' as const, parent: null, priority: 1, markdown: 'Read slowly.' };
    await projection.append(pageStream(pageId), [{ type: 'PageCreated', data: { pageId, path: '/guide', content: page } }], admin);
    await projection.append(pageStream(pageId), [{ type: 'PageRevised', data: { pageId, content: { ...page, name: 'Reading guide, revised' } } }], admin);
    await projection.append(pageStream(pageId), [{ type: 'PageRevised', data: { pageId, content: { ...page, name: 'Reading guide, again' } } }], admin);
    let db = await projection.append(pageStream(pageId), [{ type: 'PageMoved', data: { pageId, from: '/guide', to: '/guides/reading' } }], admin);
    const pageRows = (await feed(db)).filter((r) => String(r[0]).startsWith('page'));
    // a moved page's rows all link to where it is now
    expect(pageRows).toEqual([
      ['page-update', 'Reading guide, again', '/guides/reading'],
      ['page', 'Reading guide', '/guides/reading'],
    ]);

    const authorId = randomUUID();
    const bookId = randomUUID();
    await projection.append(authorStream(authorId), [{ type: 'AuthorAdded', data: { authorId, name: 'Sri Aurobindo', slug: 'sri-aurobindo' } }], admin);
    db = await projection.append(
      bookStream(bookId),
      [{ type: 'BookAdded', data: { bookId, authorId, slug: 'letters', content: { title: 'Letters on Poetry', order: 1, markdown: '# Letters' } } }],
      admin,
    );
    expect((await feed(db))[0]).toEqual(['book', 'Letters on Poetry', '/books/sri-aurobindo/letters']);

    const workId = randomUUID();
    db = await projection.append(
      workStream(workId),
      [
        {
          type: 'WorkAdded',
          data: {
            workId,
            userId: reader,
            sentences: [12, 13],
            content: { type: 'video', description: '', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
          },
        },
      ],
      reader,
    );
    expect((await feed(db))[0]).toEqual(['work', 'a video', '/s/12']);
    db = await projection.append(workStream(workId), [{ type: 'WorkHidden', data: { workId } }], admin);
    expect((await feed(db))[0]?.[0]).not.toBe('work');
  });

  it('shows corrections and translation edits by people (not first entries, not tools) and tells those with notes on the sentence', async () => {
    const lines = ['The Gods above are laws that have no heart,', 'And men on earth obey them unaware.'];
    await projection.append(sentenceStream(40), [{ type: 'SentenceTextSet', data: { sentence: 40, edition: 'first', lines } }], 'importer');
    await projection.append(sentenceStream(40), [{ type: 'TranslationSet', data: { sentence: 40, lang: 'hi', lines: ['देवता ऊपर हृदयहीन नियम हैं'] } }], admin);
    let db = await projection.append(
      userStream(friend),
      [{ type: 'NoteSaved', data: { userId: friend, noteId: 'f1', sentence: 40, rtype: 'note', content: seal(await keyOf(friend), 'mine') } }],
      friend,
    );
    expect((await feed(db)).filter((r) => r[2] === '/s/40')).toEqual([]);

    await projection.append(
      sentenceStream(40),
      [{ type: 'SentenceTextSet', data: { sentence: 40, edition: 'first', lines: ['The gods above are laws that have no heart,', lines[1]!] } }],
      admin,
    );
    db = await projection.append(
      sentenceStream(40),
      [{ type: 'TranslationSet', data: { sentence: 40, lang: 'hi', lines: ['देवता ऊपर हृदयहीन विधान हैं'] } }],
      admin,
    );
    expect((await feed(db)).filter((r) => r[2] === '/s/40')).toEqual([
      ['translation', 'Hindi: देवता ऊपर हृदयहीन विधान हैं', '/s/40'],
      ['correction', 'First edition: The gods above are laws that have no heart,', '/s/40'],
    ]);
    expect((await notesOf(db, friend)).map((n) => n[0])).toEqual(['noted-sentence', 'noted-sentence']);
    // a tool's correction is not public activity, but note holders still hear of it
    db = await projection.append(sentenceStream(40), [{ type: 'SentenceTextSet', data: { sentence: 40, edition: 'first', lines } }], 'importer');
    expect((await feed(db)).filter((r) => r[2] === '/s/40')).toHaveLength(2);
    expect(await notesOf(db, friend)).toHaveLength(3);
  });

  it('marks one or all notifications read, and answers the same after a replay', async () => {
    let db = await projection.append(
      userStream(friend),
      [{ type: 'NoteSaved', data: { userId: friend, noteId: 'f2', sentence: 41, rtype: 'note', content: seal(await keyOf(friend), 'x') } }],
      friend,
    );
    const before = await findNotifications(db, friend, window);
    expect(before.unread).toBe(3);
    const [newest, , oldest] = before.rows;
    db = await projection.append(notificationsStream(friend), [{ type: 'NotificationRead', data: { userId: friend, id: oldest!.position } }], friend);
    expect((await unreadOf(db, friend)).unread).toBe(2);
    db = await projection.append(notificationsStream(friend), [{ type: 'NotificationsReadUpTo', data: { userId: friend, upTo: newest!.position } }], friend);
    expect(await unreadOf(db, friend)).toEqual({ unread: 0, newest: null });
  });

  it("removes an erased reader's words and notifications, and leaves the rest unsigned", async () => {
    const { postId } = await publishedPost('river', 'kingfishers', 'Kingfishers');
    const { commentId } = await comment(postId, reader, 'A flash of blue.');
    let db = await comment(postId, friend, 'Yes!', { parentId: commentId }).then((c) => c.db);
    expect((await unreadOf(db, reader)).unread).toBeGreaterThan(0);
    db = await projection.append(userStream(friend), [{ type: 'AccountDeleted', data: { userId: friend } }], friend);
    const rows = (await findRecents(db, { offset: 0, limit: 500 })).rows;
    expect(rows.filter((r) => r.user_id === friend)).toEqual([]);
    expect(JSON.stringify(rows)).not.toMatch(/Yes!|Hidden soon/);
    expect((await findNotifications(db, reader, window)).rows.filter((r) => r.kind === 'reply' && r.content === 'Yes!')).toEqual([]);
    expect(await findNotifications(db, friend, window)).toMatchObject({ total: 0 });
    // the reader's own words stay theirs
    expect(JSON.stringify(rows)).toContain('A flash of blue.');
  });

  it('answers the same after a rebuild from the log: every row and every notification once', async () => {
    const db = await projection.append(userStream(reader), [{ type: 'NoteDeleted', data: { userId: reader, noteId: 'n1' } }], reader);
    const rebuilt = await rebuild();
    const all = { offset: 0, limit: 500 };
    for (const user of [reader, writer, admin, friend])
      expect((await findNotifications(rebuilt, user, all)).rows).toEqual((await findNotifications(db, user, all)).rows);
    expect((await findRecents(rebuilt, all)).rows).toEqual((await findRecents(db, all)).rows);
    expect((await findRecents(db, all)).total).toBeGreaterThan(5);
  });
});

/** The same read model built again from the whole log, in a new schema. */
async function rebuild() {
  const { createLogger, ProjectionProgress, ProjectionRunner } = await import('@epos/platform');
  const database = projection.database();
  const again = { ...activityProjection, version: activityProjection.version + 100 } as Projection;
  const runner = new ProjectionRunner({ database, store: projection.store(), projections: [again], logger: createLogger('silent', 'test') });
  const progress = new ProjectionProgress(database, projection.store());
  await progress.start();
  await runner.start();
  const { position } = await projection
    .store()
    .append('rebuild-marker', [{ type: 'WorkShown', data: { workId: randomUUID() } }], { expectedRevision: 'any', cause: { actor: 'test' } });
  expect(await progress.waitFor(position, { names: [again.name], timeoutMs: 20_000 })).toBeTruthy();
  const db = await progress.readModel<ActivityReadModel>(again.name);
  await runner.stop();
  await progress.close();
  return db;
}
