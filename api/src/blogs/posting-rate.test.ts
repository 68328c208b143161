import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp, signIn, type Person } from '../testkit/people.js';
import { postingRate, rateDay, rateWindowStart } from './posting-rate.js';

const DAY = 86_400_000;

describe('postingRate', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('looks back 12 months to the moment', () => {
    expect(rateWindowStart(now).toISOString()).toBe('2025-06-15T12:00:00.000Z');
    expect(rateDay(now)).toBe('2026-06-15');
  });

  it('divides the last 12 months of posts by 12 for a blog older than a year', () => {
    expect(postingRate(now, '2020-01-01T00:00:00Z', 36)).toEqual({ postsPerMonth: 3, posts: 36, months: 12 });
    expect(postingRate(now, '2020-01-01T00:00:00Z', 5)).toEqual({ postsPerMonth: 0.4, posts: 5, months: 12 });
  });

  it('judges a younger blog over the whole months since its first post, at least one', () => {
    expect(postingRate(now, new Date(now.getTime() - 10 * DAY), 3)).toEqual({ postsPerMonth: 3, posts: 3, months: 1 });
    expect(postingRate(now, new Date(now.getTime() - 45 * DAY), 6)).toEqual({ postsPerMonth: 3, posts: 6, months: 2 });
  });

  it('says none for a blog with no recent posts', () => {
    expect(postingRate(now, null, 0)).toEqual({ postsPerMonth: 0, posts: 0, months: 12 });
    expect(postingRate(now, '2020-01-01T00:00:00Z', 0)).toEqual({ postsPerMonth: 0, posts: 0, months: 12 });
  });
});

describe('posts a month in the blog and post answers', () => {
  let api: TestApi;
  let writer: Person;
  const visitor = () => new TestClient(api.app, '192.0.2.211');

  /** Published posts straight into the log, `daysAgo` each. */
  async function publish(blogId: string, daysAgo: readonly number[], first = 0): Promise<void> {
    const now = Date.now();
    for (const [i, ago] of daysAgo.entries()) {
      const postId = randomUUID();
      const url = `${blogId}-${first + i}`;
      await api.deps.store.appendMany(
        newPostAppends(url, postId, [
          {
            type: 'PostCreated',
            data: {
              postId,
              blogId,
              url,
              authorId: writer.userId,
              content: { title: `Post ${i}`, subtitle: '', seriesTitle: 'S', excerpt: '', markdown: 'Text.' },
            },
          },
          { type: 'PostPublished', data: { postId, publishedAt: new Date(now - ago * DAY).toISOString(), scheduled: false, first: true } },
        ]),
        { cause: { actor: 'test' } },
      );
    }
  }

  beforeAll(async () => {
    api = await startTestApi();
    const admin = await signIn(api, 'admin');
    for (const slug of ['steady', 'young', 'quiet']) await admin.client.post('/postdata/createblog', { slug, title: slug });
    writer = await signIn(api, 'blogger', { blogs: ['steady', 'young', 'quiet'] });
    // 30 posts in the last year (every 12 days), 10 more two to three years ago.
    await publish('steady', [...Array.from({ length: 30 }, (_, i) => 1 + i * 12), ...Array.from({ length: 10 }, (_, i) => 800 + i * 30)]);
    await publish('young', [3, 10, 17]);
    await publish('quiet', [500, 600]);
    await caughtUp(api);
  });
  afterAll(async () => api.close());

  it('gives the blog page the last 12 months of posts a month', async () => {
    expect((await visitor().get('/api/blogs/steady')).json()).toMatchObject({ postingRate: { postsPerMonth: 2.5, posts: 30, months: 12 } });
    expect((await visitor().get('/api/blogs/steady?page=2')).json()).toMatchObject({ postingRate: { postsPerMonth: 2.5, posts: 30, months: 12 } });
    expect((await visitor().get('/api/blogs/young')).json()).toMatchObject({ postingRate: { postsPerMonth: 3, posts: 3, months: 1 } });
    expect((await visitor().get('/api/blogs/quiet')).json()).toMatchObject({ postingRate: { postsPerMonth: 0, posts: 0, months: 12 } });
  });

  it("gives each post page its blog's figure, for visitors and signed-in readers alike", async () => {
    expect((await visitor().get('/api/blogs/steady/steady-35')).json()).toMatchObject({ postingRate: { postsPerMonth: 2.5, posts: 30, months: 12 } });
    const reader = await signIn(api, 'user');
    expect((await reader.client.get('/api/blogs/young/young-0')).json()).toMatchObject({
      isAuth: true,
      postingRate: { postsPerMonth: 3, posts: 3, months: 1 },
    });
  });

  it('counts a newly published post at once', async () => {
    await publish('young', [1], 3);
    await caughtUp(api);
    expect((await visitor().get('/api/blogs/young')).json()).toMatchObject({ postingRate: { postsPerMonth: 4, posts: 4, months: 1 } });
  });
});
