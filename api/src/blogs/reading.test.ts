import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogMessages } from '@epos/schemas';
import { randomUUID } from 'node:crypto';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { caughtUp, signIn, type Person } from '../testkit/people.js';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';

let api: TestApi;
let writer: Person;
const reader = () => new TestClient(api.app, '192.0.2.201');
const DAY = 86_400_000;
const POSTS = 23;

/** Published posts straight into the log, a day apart, oldest first; odd ones in the series "Odd". */
async function seedPosts(): Promise<void> {
  const start = Date.UTC(2025, 10, 20, 12);
  for (let i = 1; i <= POSTS; i += 1) {
    const postId = randomUUID();
    const url = `post-${i}`;
    await api.deps.store.appendMany(
      newPostAppends(url, postId, [
        {
          type: 'PostCreated',
          data: {
            postId,
            blogId: 'essays',
            url,
            authorId: writer.userId,
            content: {
              title: `Post ${i}`,
              subtitle: '',
              seriesTitle: i % 2 ? 'Odd' : 'Even',
              excerpt: '',
              markdown: `Body of post ${i} with **bold** and ||${i}||.`,
            },
          },
        },
        { type: 'PostPublished', data: { postId, publishedAt: new Date(start + i * DAY).toISOString(), scheduled: false, first: true } },
      ]),
      { cause: { actor: 'test' } },
    );
  }
  await caughtUp(api);
}

beforeAll(async () => {
  api = await startTestApi();
  const admin = await signIn(api, 'admin');
  await admin.client.post('/postdata/createblog', { slug: 'essays', title: 'Essays', description: 'Long form' });
  await admin.client.post('/postdata/createblog', { slug: 'empty', title: 'Empty' });
  writer = await signIn(api, 'blogger', { blogs: ['essays'] });
  await seedPosts();
});
afterAll(async () => api.close());

describe('blog reading calls', () => {
  it('lists blogs, pages posts newest first with the spec Paging, and answers the spec 404 texts', async () => {
    expect((await reader().get('/api/blogs')).json()).toEqual([
      { slug: 'empty', title: 'Empty', description: '', postCount: 0, lastPublished: null },
      expect.objectContaining({ slug: 'essays', postCount: POSTS }),
    ]);
    const first = (await reader().get('/api/blogs/essays')).json<{
      bcontent: { url: string; number: number; excerpt_content: string; author: string }[];
      Paging: unknown;
    }>();
    expect(first.Paging).toEqual({ CurrentPage: 1, TotalPagesCount: 3, Skip: 0 });
    expect(first.bcontent.map((p) => p.url)).toEqual(Array.from({ length: 10 }, (_, i) => `post-${POSTS - i}`));
    expect(first.bcontent[0]).toMatchObject({ number: POSTS, author: writer.name, excerpt_content: `Body of post ${POSTS} with bold and ||${POSTS}||.` });
    const third = (await reader().get('/api/blogs/essays?page=3')).json<{ bcontent: unknown[]; Paging: unknown }>();
    expect(third.Paging).toEqual({ CurrentPage: 3, TotalPagesCount: 3, Skip: 20 });
    expect(third.bcontent).toHaveLength(3);
    expect((await reader().get('/api/blogs/essays?page=4')).json()).toMatchObject({ statusCode: 404, message: blogMessages.noBlogsToShow });
    expect((await reader().get('/api/blogs/empty')).json()).toMatchObject({ statusCode: 404, message: blogMessages.noBlogsToShow });
    expect((await reader().get('/api/blogs/nowhere')).json()).toMatchObject({ statusCode: 404, message: blogMessages.noBlogFound });
    expect((await reader().get('/api/blogs/essays/no-such-post')).json()).toMatchObject({ statusCode: 404, message: blogMessages.notFound });
    expect((await reader().get('/api/blogs/essays?page=zero')).statusCode).toBe(400);
  });

  it('links each post to its older and newer neighbour', async () => {
    expect((await reader().get('/api/blogs/essays/post-5')).json()).toMatchObject({
      previous_url: 'post-4',
      previous_title: 'Post 4',
      next_url: 'post-6',
      next_title: 'Post 6',
      blogTitle: 'Essays',
    });
    expect((await reader().get('/api/blogs/essays/post-1')).json()).toMatchObject({ previous_url: null, next_url: 'post-2' });
    expect((await reader().get(`/api/blogs/essays/post-${POSTS}`)).json()).toMatchObject({ next_url: null });
  });

  it('lists series with counts and pages a series in the chosen order', async () => {
    const series = (await reader().get('/api/blogs/essays/series')).json();
    expect(series).toEqual({
      slug: 'essays',
      slugUrl: 'Essays',
      sd: [
        { slug: 'even', slugUrl: 'Even', count: 11, Letter: 'E', LastDates: expect.any(String), Author: writer.name },
        { slug: 'odd', slugUrl: 'Odd', count: 12, Letter: 'O', LastDates: expect.any(String), Author: writer.name },
      ],
    });
    expect((await reader().get('/api/blogs/essays/series?what=od')).json<{ sd: { slug: string }[] }>().sd.map((s) => s.slug)).toEqual(['odd']);
    const oldest = (await reader().get('/api/blogs/essays/series/odd?page=2')).json<{ bcontent: { url: string }[]; Paging: unknown; title: string }>();
    expect(oldest).toMatchObject({ title: 'Odd', Paging: { CurrentPage: 2, TotalPagesCount: 2, Skip: 10 } });
    expect(oldest.bcontent.map((p) => p.url)).toEqual(['post-21', 'post-23']);
    expect((await reader().get('/api/blogs/essays/series/odd?sort=newest')).json<{ bcontent: { url: string }[] }>().bcontent[0]!.url).toBe('post-23');
    expect((await reader().get('/api/series')).json()).toEqual([expect.objectContaining({ slug: 'essays', sd: expect.any(Array) })]);
    expect((await reader().get('/api/blogs/essays/series/none')).statusCode).toBe(404);
  });

  it('builds the archive timeline by year, month and day, and the author archive', async () => {
    const archive = (await reader().get('/api/blogs/essays/archive')).json<{
      countPost: number;
      timeline: {
        year: number;
        totalposts: number;
        monthtimeline: { monthname: string; totalposts: number; postdate: { date: string; postdetails: unknown[] }[] }[];
      }[];
    }>();
    expect(archive.countPost).toBe(POSTS);
    expect(archive.timeline.map((y) => y.year)).toEqual([2025]);
    expect(archive.timeline[0]!.monthtimeline.map((m) => [m.monthname, m.totalposts])).toEqual([
      ['December', 13],
      ['November', 10],
    ]);
    expect(archive.timeline[0]!.monthtimeline[0]!.postdate[0]).toEqual({
      date: '2025-12-13',
      postdetails: [{ postslug: 'post-23', posttitle: 'Post 23', postBlogSlug: 'essays', postBlog: 'Essays' }],
    });
    expect((await reader().get(`/api/user/${writer.userId}`)).json()).toMatchObject({ title: writer.name, countPost: POSTS });
    expect((await reader().get(`/api/user/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('pages the table of contents oldest first and lists recent posts across blogs', async () => {
    const toc = (await reader().get('/api/blogs/essays/toc')).json<{ bcontent: { url: string }[]; Paging: unknown }>();
    expect(toc.Paging).toEqual({ CurrentPage: 1, TotalPagesCount: 1, Skip: 0 });
    expect(toc.bcontent[0]).toMatchObject({ url: 'post-1', title: 'Post 1', number: 1 });
    expect((await reader().get('/api/blogs/recent')).json<unknown[]>()[0]).toEqual({
      bslug: 'essays',
      pslug: `post-${POSTS}`,
      ptitle: `Post ${POSTS}`,
      bTitle: 'Essays',
    });
  });

  it('serves valid RSS 2.0 and Atom feeds with full content, per blog and per series', async () => {
    const parser = new XMLParser({ ignoreAttributes: false });
    const rss = await reader().get('/api/blogs/essays/feed');
    expect(rss.headers['content-type']).toMatch(/application\/rss\+xml/);
    expect(XMLValidator.validate(rss.body)).toBe(true);
    const channel = parser.parse(rss.body).rss.channel;
    expect(channel.title).toBe('Essays');
    expect(channel.item).toHaveLength(20);
    expect(channel.item[0].title).toBe(`Post ${POSTS}`);
    expect(channel.item[0]['content:encoded']).toContain('<strong>bold</strong>');
    expect(channel.item[0]['content:encoded']).toContain(`href="http://127.0.0.1:3000/${POSTS}"`);
    const atom = await reader().get('/api/blogs/essays/feed?format=atom');
    expect(atom.headers['content-type']).toMatch(/application\/atom\+xml/);
    expect(XMLValidator.validate(atom.body)).toBe(true);
    const feed = parser.parse(atom.body).feed;
    expect(feed.entry).toHaveLength(20);
    expect(feed.entry[0].content['#text']).toContain('<strong>bold</strong>');
    const series = parser.parse((await reader().get('/api/blogs/essays/series/even/feed')).body).rss.channel;
    expect(series.item).toHaveLength(11);
    expect(series.title).toBe('Even — Essays');
    expect((await reader().get('/api/blogs/essays/feed?format=json')).statusCode).toBe(400);
    // Feed readers revalidate with the ETag: an unchanged feed answers 304 without a body.
    expect(rss.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(atom.headers.etag).not.toBe(rss.headers.etag);
    const again = await api.app.inject({ url: '/api/blogs/essays/feed', headers: { 'if-none-match': String(rss.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
