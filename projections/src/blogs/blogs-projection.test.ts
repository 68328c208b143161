import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLogger,
  NotificationListener,
  parseChangeNotice,
  PostgresEventStore,
  ProjectionProgress,
  ProjectionRunner,
  type ChangeNotice,
  type NewEvent,
} from '@epos/platform';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { blogStream, commentsStream, EventRegistry, eventCatalog, userStream } from '@epos/schemas';
import { archiveTimeline } from './archive.js';
import { blogsProjection } from './blogs-projection.js';
import { BLOGS_CHANGED_CHANNEL, BLOGS_PROJECTION, type BlogsReadModel } from './read-model.js';

const testDb = useTestDatabase();
let store: PostgresEventStore;
let progress: ProjectionProgress;
let runner: ProjectionRunner;
let notices: ChangeNotice[];
let listener: NotificationListener;

beforeAll(async () => {
  const { database } = testDb();
  store = new PostgresEventStore(database, new EventRegistry(eventCatalog), { pollIntervalMs: 20 });
  progress = new ProjectionProgress(database, store);
  await progress.start();
  // Small batches, so batches hold several events about several posts and blogs.
  runner = new ProjectionRunner({ database, store, projections: [blogsProjection], logger: createLogger('silent', 'test'), batchSize: 7 });
  await runner.start();
  notices = [];
  listener = new NotificationListener(database.url, BLOGS_CHANGED_CHANNEL);
  listener.onPayload((payload) => notices.push(parseChangeNotice(payload)));
  await listener.start();
});
afterAll(async () => {
  await listener.close();
  await runner.stop();
  await progress.close();
  await store.close();
});

const AUTHOR = randomUUID();
const BLOGS = ['alpha', 'beta'];
const DAY = 86_400_000;
const content = (title: string) => ({ title, subtitle: '', seriesTitle: 'Series', excerpt: '', markdown: `Text of ${title}.` });

async function append(streamId: string, events: NewEvent[]) {
  return (await store.append(streamId, events, { expectedRevision: 'any', cause: { actor: 'test' } })).position;
}

async function caughtUp(position: bigint) {
  expect(await progress.waitFor(position, { names: [BLOGS_PROJECTION], timeoutMs: 20_000 })).toBeTruthy();
  return progress.readModel<BlogsReadModel>(BLOGS_PROJECTION);
}

describe('blogs projection: ranks and archive months', () => {
  it("keeps each blog's published posts ranked 1..n by date and its archive months equal to the archive built afresh, through publishing, backdating, unpublishing, revising and deleting", async () => {
    const next = seededRandom(20261121);
    for (const blogId of BLOGS) await append(blogStream(blogId), [{ type: 'BlogCreated', data: { blogId, title: `Blog ${blogId}`, description: '' } }]);
    const posts: { postId: string; blogId: string; status: 'draft' | 'published' | 'deleted' }[] = [];
    const start = Date.UTC(2024, 10, 25);
    let position = 0n;
    for (let step = 0; step < 220; step++) {
      const roll = next();
      const live = posts.filter((p) => p.status !== 'deleted');
      const post = live[Math.floor(next() * live.length)];
      // Dates over about four months, so months fill, empty and refill; ties on the same instant happen too.
      const publishedAt = new Date(start + (Math.floor(next() * 240) * DAY) / 2).toISOString();
      if (roll < 0.3 || !post) {
        const postId = randomUUID();
        const blogId = BLOGS[Math.floor(next() * BLOGS.length)]!;
        const url = `post-${step}`;
        posts.push({ postId, blogId, status: 'published' });
        position = await append(`post-${postId}`, [
          { type: 'PostCreated', data: { postId, blogId, url, authorId: AUTHOR, content: content(`Post ${step}`) } },
          { type: 'PostPublished', data: { postId, publishedAt, scheduled: false, first: true } },
        ]);
      } else if (roll < 0.5 && post.status === 'draft') {
        post.status = 'published';
        position = await append(`post-${post.postId}`, [{ type: 'PostPublished', data: { postId: post.postId, publishedAt, scheduled: false, first: false } }]);
      } else if (roll < 0.65 && post.status === 'published') {
        post.status = 'draft';
        position = await append(`post-${post.postId}`, [{ type: 'PostUnpublished', data: { postId: post.postId } }]);
      } else if (roll < 0.85) {
        position = await append(`post-${post.postId}`, [{ type: 'PostRevised', data: { postId: post.postId, content: content(`Retitled at ${step}`) } }]);
      } else {
        post.status = 'deleted';
        position = await append(`post-${post.postId}`, [{ type: 'PostDeleted', data: { postId: post.postId } }]);
      }
    }
    const db = await caughtUp(position);

    for (const blogId of BLOGS) {
      const published = await db
        .selectFrom('posts')
        .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
        .select(['posts.post_id', 'posts.rank', 'posts.url', 'posts.title', 'posts.blog_id', 'blogs.title as blog_title', 'posts.published_at'])
        .where('posts.blog_id', '=', blogId)
        .where('posts.status', '=', 'published')
        .orderBy('posts.published_at', 'asc')
        .orderBy('posts.post_id', 'asc')
        .execute();
      expect(published.length).toBe(posts.filter((p) => p.blogId === blogId && p.status === 'published').length);
      expect(published.map((p) => p.rank)).toEqual(published.map((_, i) => i + 1));
      const blog = await db.selectFrom('blogs').select('published_count').where('blog_id', '=', blogId).executeTakeFirstOrThrow();
      expect(blog.published_count).toBe(published.length);

      const months = await db.selectFrom('archive_months').selectAll().where('blog_id', '=', blogId).orderBy('year', 'desc').orderBy('month', 'desc').execute();
      const afresh = archiveTimeline(published.reverse().map((p) => ({ ...p, published_at: p.published_at! })));
      expect(months.map((m) => JSON.parse(m.entry) as unknown)).toEqual(afresh.flatMap((year) => year.monthtimeline));
      expect(months.map((m) => `${m.year}-${m.month}:${m.total}`)).toEqual(
        afresh.flatMap((year) => year.monthtimeline.map((m) => `${year.year}-${new Date(`${m.monthname} 1, 2000`).getMonth() + 1}:${m.totalposts}`)),
      );
    }
    const unpublished = await db.selectFrom('posts').select('rank').where('status', '!=', 'published').execute();
    expect(unpublished.every((p) => p.rank === null)).toBe(true);
  });

  it('names the blogs a batch changed in its notice, and none (everything) when a batch holds events about users', async () => {
    const postId = randomUUID();
    // By position, not by count: the notice of the last test's last batch may still be on its way.
    const head = await store.headPosition();
    const published = await append(`post-${postId}`, [
      { type: 'PostCreated', data: { postId, blogId: 'beta', url: `only-beta-${postId}`, authorId: AUTHOR, content: content('Only beta') } },
      { type: 'PostPublished', data: { postId, publishedAt: new Date().toISOString(), scheduled: false, first: true } },
    ]);
    await caughtUp(published);
    const userId = randomUUID();
    const registered = await append(userStream(userId), [{ type: 'UserRegistered', data: { userId, personal: 'v1.a.b.c' } }]);
    await caughtUp(registered);
    const ours = () => notices.filter((n) => n.position > head);
    await expect.poll(() => ours().some((n) => n.position >= registered)).toBe(true);
    const heard = ours();
    expect(heard.filter((n) => n.position <= published).map((n) => (n.scopes ? [...n.scopes] : null))).toEqual([['beta']]);
    expect(heard.find((n) => n.position >= registered)?.scopes).toBeNull();
  });
});

describe('blogs projection: hidden comments', () => {
  it("conceals a hidden comment's whole thread at any depth, new replies in it too, and reveals it again but for a reply hidden on its own", async () => {
    const postId = randomUUID();
    const [root, reply, deep, own, later] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const posted = (commentId: string, parentId: string | null): NewEvent => ({
      type: 'CommentPosted',
      data: { commentId, postId, parentId, authorId: AUTHOR, content: 'v1.a.b.c', mentions: [] },
    });
    const moderated = (commentId: string, hidden: boolean): NewEvent => ({ type: hidden ? 'CommentHidden' : 'CommentShown', data: { commentId, postId } });
    const concealed = async (position: bigint) => {
      const rows = await (await caughtUp(position)).selectFrom('comments').select(['comment_id', 'concealed']).where('post_id', '=', postId).execute();
      const names = new Map<string, string>([
        [root, 'root'],
        [reply, 'reply'],
        [deep, 'deep'],
        [own, 'own'],
        [later, 'later'],
      ]);
      return rows
        .filter((r) => r.concealed)
        .map((r) => names.get(r.comment_id))
        .sort();
    };
    const stream = commentsStream(postId);
    expect(
      await concealed(await append(stream, [posted(root, null), posted(reply, root), posted(deep, reply), posted(own, reply), moderated(own, true)])),
    ).toEqual(['own']);
    expect(await concealed(await append(stream, [moderated(root, true)]))).toEqual(['deep', 'own', 'reply', 'root']);
    expect(await concealed(await append(stream, [posted(later, deep)]))).toEqual(['deep', 'later', 'own', 'reply', 'root']);
    expect(await concealed(await append(stream, [moderated(root, false)]))).toEqual(['own']);
    expect(await concealed(await append(stream, [moderated(reply, true), moderated(own, false)]))).toEqual(['deep', 'later', 'own', 'reply']);
  });
});

describe('blogs projection: comments stored before the `pings` → `mentions` rename', () => {
  it('reads version-1 CommentPosted and CommentEdited (field `pings`) through the upcaster, as their mentions', async () => {
    const postId = randomUUID();
    const commentId = randomUUID();
    const [ann, ben] = [randomUUID(), randomUUID()];
    const { database } = testDb();
    const stream = commentsStream(postId);
    // Rows exactly as the version-1 code stored them.
    const storeV1 = async (revision: number, type: string, data: object) => {
      await sql`insert into events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
        values (${stream}, ${revision}, ${randomUUID()}, ${type}, 1, ${JSON.stringify(data)}, ${JSON.stringify({ actor: 'test', timestamp: new Date().toISOString() })})`.execute(
        database.db,
      );
    };
    await storeV1(0, 'CommentPosted', { commentId, postId, parentId: null, authorId: AUTHOR, content: 'v1.a.b.c', pings: [ann] });
    await storeV1(1, 'CommentEdited', { commentId, postId, content: 'v1.a.b.c', pings: [ann, ben] });

    const [posted, edited] = await store.readStream(stream);
    expect(posted!.data).toEqual({ commentId, postId, parentId: null, authorId: AUTHOR, content: 'v1.a.b.c', mentions: [ann] });
    expect(edited!.data).toEqual({ commentId, postId, content: 'v1.a.b.c', mentions: [ann, ben] });
    expect(posted!.data).not.toHaveProperty('pings');

    const rows = await (await caughtUp(edited!.position)).selectFrom('comments').select('pings').where('comment_id', '=', commentId).execute();
    expect(rows).toEqual([{ pings: [ann, ben] }]);
    // A new event is stored under version 2, in the new shape.
    const position = await append(stream, [{ type: 'CommentEdited', data: { commentId, postId, content: 'v1.a.b.c', mentions: [ben] } }]);
    const stored = await sql<{
      schema_version: number;
      data: { mentions?: string[]; pings?: string[] };
    }>`select schema_version, data from events where global_position = ${position.toString()}`.execute(database.db);
    expect(stored.rows).toEqual([{ schema_version: 2, data: expect.objectContaining({ mentions: [ben] }) }]);
    expect(stored.rows[0]!.data).not.toHaveProperty('pings');
  });
});
