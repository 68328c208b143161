import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogMessages, type BlogListEntry, type BlogPage, type Post, type RecentPost } from '@epos/schemas';
import type { AdminBlogAnswer } from '@epos/schemas/admin/blogs';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';

let api: TestApi;
let admin: Person;
let writer: Person;
let reader: Person;
const posts: Record<string, { id: string; url: string }> = {};

const write = async (blog: string, title: string, status: 0 | 2) => {
  const made = await writer.client.post('/postdata/create', { blog_id: blog, title, series_title: `${title} series`, md_content: `About ${title}.`, status });
  expect(made.statusCode, made.body).toBe(200);
  posts[title] = made.json<{ id: string; url: string }>();
  return made;
};
const archive = async (blog: string, archived: boolean) => {
  const { version } = (await admin.client.get(`/admin-api/blogs/${blog}`)).json<AdminBlogAnswer>();
  const saved = await admin.client.send('PUT', `/admin-api/blogs/${blog}`, { archived, version });
  expect(saved.json()).toMatchObject({ archived });
  return saved;
};

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  for (const slug of ['open', 'shut']) expect((await admin.client.post('/postdata/createblog', { slug, title: `The ${slug} blog` })).statusCode).toBe(200);
  writer = await signIn(api, 'blogger', { blogs: ['open', 'shut'] });
  reader = await signIn(api, 'user');
  await write('open', 'Morning', 0);
  await write('shut', 'Evening', 0);
  await write('shut', 'Unfinished', 2);
  await caughtUp(api);
});
afterAll(async () => api?.close());

describe('an archived blog', () => {
  it('leaves the lists across blogs but keeps its own pages, with the notice flag', async () => {
    const archived = await archive('shut', true);
    const blogs = (await reader.client.get('/api/blogs', after(archived))).json<BlogListEntry[]>();
    expect(blogs.map((b) => b.slug)).toEqual(['open']);
    expect((await reader.client.get('/api/blogs/recent')).json<RecentPost[]>().map((p) => p.ptitle)).toEqual(['Morning']);
    expect((await reader.client.get('/api/series')).json<{ slug: string }[]>().map((b) => b.slug)).toEqual(['open']);
    expect((await reader.client.get(`/api/user/${writer.userId}`)).json()).toMatchObject({ countPost: 1 });

    const page = await reader.client.get('/api/blogs/shut');
    expect(page.statusCode).toBe(200);
    expect(page.json<BlogPage>()).toMatchObject({ slug: 'shut', archived: true, bcontent: [{ title: 'Evening' }] });
    expect((await reader.client.get('/api/blogs/open')).json<BlogPage>()).toMatchObject({ archived: false });
    const post = await reader.client.get(`/api/blogs/shut/${posts.Evening!.url}`);
    expect(post.json<Post>()).toMatchObject({ title: 'Evening', blogArchived: true });
    expect((await reader.client.get('/api/blogs/shut/feed')).statusCode).toBe(200);
  });

  it('takes no new posts, publishes none, and takes no comments, with a clear 400', async () => {
    const refused = await writer.client.post('/postdata/create', { blog_id: 'shut', title: 'Late', series_title: 'S', md_content: 'x', status: 2 });
    expect(refused.json()).toMatchObject({ statusCode: 400, message: blogMessages.archivedNoPosts });
    const draft = posts.Unfinished!;
    const update = (status: number, md_content: string) =>
      writer.client.post('/postdata/update', { id: draft.id, blog_id: 'shut', title: 'Unfinished', series_title: 'Unfinished series', md_content, status });
    expect((await update(0, 'Done now.')).json()).toMatchObject({ statusCode: 400, message: blogMessages.archivedNoPosts });
    expect((await update(1, 'Later.')).statusCode).toBe(400);
    expect((await update(2, 'Still a draft, edited.')).statusCode).toBe(200);

    const comment = await reader.client.post(`/postdata/comment/${posts.Evening!.id}`, { cm: 'Anyone here?' });
    expect(comment.json()).toMatchObject({ statusCode: 400, message: blogMessages.archivedNoComments });
  });

  it('comes back everywhere once unarchived, and takes posts and comments again', async () => {
    const open = await archive('shut', false);
    expect((await reader.client.get('/api/blogs', after(open))).json<BlogListEntry[]>().map((b) => b.slug)).toEqual(['open', 'shut']);
    expect(
      (await reader.client.get('/api/blogs/recent'))
        .json<RecentPost[]>()
        .map((p) => p.ptitle)
        .sort(),
    ).toEqual(['Evening', 'Morning']);
    expect((await reader.client.post(`/postdata/comment/${posts.Evening!.id}`, { cm: 'Back again' })).statusCode).toBe(200);
    expect((await writer.client.post('/postdata/create', { blog_id: 'shut', title: 'Return', series_title: 'S', md_content: 'x', status: 0 })).statusCode).toBe(
      200,
    );
  });
});
