import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPostAnswer } from '@epos/schemas/admin/posts';
import type { AdminBlogAnswer } from '@epos/schemas/admin/blogs';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, signIn, type Person } from '../../testkit/people.js';

let api: TestApi;
let admin: Person;
let writer: Person;
const ids: Record<string, string> = {};

const send = (person: Person, method: 'PUT' | 'DELETE' | 'POST', url: string, body: unknown = {}) => person.client.send(method, url, body);
const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const list = (query: string, headers: Record<string, string> = {}) => admin.client.get(`/admin-api/posts?${query}`, headers);
const titles = async (query: string, headers: Record<string, string> = {}) => (await list(query, headers)).json<AdminPostAnswer[]>().map((p) => p.title);

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  for (const slug of ['verse', 'prose']) expect((await send(admin, 'POST', '/admin-api/blogs', { slug, title: `The ${slug}` })).statusCode).toBe(201);
  writer = await signIn(api, 'blogger', { blogs: ['verse', 'prose'] });
  const create = async (title: string, blog: string, status: number, extra: Record<string, unknown> = {}) => {
    const created = await writer.client.post('/postdata/create', { blog_id: blog, title, series_title: 'S', md_content: `About ${title}.`, status, ...extra });
    expect(created.statusCode).toBe(200);
    ids[title] = created.json<{ id: string }>().id;
    return created;
  };
  await create('Alpha', 'verse', 0);
  await create('Beta', 'verse', 2);
  await create('Gamma', 'prose', 1, { published_at: new Date(Date.now() + 86_400_000).toISOString() });
  await list('', after(await create('Delta', 'prose', 0)));
});
afterAll(async () => api?.close());

describe('admin blogs', () => {
  it('lists and shows blogs, refuses a taken slug, and is admins only', async () => {
    const blogs = await admin.client.get(`/admin-api/blogs?sort=${enc(['title', 'DESC'])}`);
    expect(blogs.json<AdminBlogAnswer[]>().map((b) => b.id)).toEqual(['verse', 'prose']);
    expect(blogs.headers['content-range']).toBe('blogs 0-1/2');
    expect((await admin.client.get(`/admin-api/blogs?filter=${enc({ q: 'VERS' })}`)).json<AdminBlogAnswer[]>().map((b) => b.id)).toEqual(['verse']);
    expect((await admin.client.get('/admin-api/blogs/prose')).json()).toMatchObject({ id: 'prose', title: 'The prose', publishedCount: 1 });
    expect((await admin.client.get('/admin-api/blogs/none')).statusCode).toBe(404);
    expect((await send(admin, 'POST', '/admin-api/blogs', { slug: 'verse', title: 'Again' })).statusCode).toBe(409);
    expect((await send(admin, 'POST', '/admin-api/blogs', { slug: 'Bad Slug', title: 'X' })).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('slug'),
    });
    expect((await send(writer, 'POST', '/admin-api/blogs', { slug: 'mine', title: 'Mine' })).statusCode).toBe(403);
    expect((await writer.client.get('/admin-api/blogs')).statusCode).toBe(403);
  });

  it('renames, describes and archives a blog through its decider (409 when stale); an archived blog takes no new posts', async () => {
    const made = await send(admin, 'POST', '/admin-api/blogs', { slug: 'drafts', title: 'Drafts' });
    const loaded = (await admin.client.get('/admin-api/blogs/drafts', after(made))).json<AdminBlogAnswer>();
    expect(loaded).toMatchObject({ archived: false, version: 0 });
    const put = (body: Record<string, unknown>) => send(admin, 'PUT', '/admin-api/blogs/drafts', body);
    expect((await put({ title: ' ', version: loaded.version })).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('title') });
    const saved = await put({ title: 'Working drafts', description: 'Unfinished things', archived: true, version: loaded.version });
    expect(saved.json()).toMatchObject({ title: 'Working drafts', description: 'Unfinished things', archived: true, version: 3 });
    expect((await put({ title: 'Again', version: loaded.version })).statusCode).toBe(409);
    expect((await send(writer, 'PUT', '/admin-api/blogs/drafts', { archived: false })).statusCode).toBe(403);
    expect((await send(admin, 'PUT', '/admin-api/blogs/none', { title: 'X' })).statusCode).toBe(404);
    expect(
      (await admin.client.post('/postdata/create', { blog_id: 'drafts', title: 'Late', series_title: 'S', md_content: 'x', status: 0 })).json(),
    ).toMatchObject({ statusCode: 400, message: expect.stringContaining('archived') });
    expect((await admin.client.get(`/admin-api/blogs?filter=${enc({ archived: true })}`, after(saved))).json<AdminBlogAnswer[]>().map((b) => b.id)).toEqual([
      'drafts',
    ]);
    expect((await put({ archived: false })).json()).toMatchObject({ archived: false, version: 4 });
    const late = await admin.client.post('/postdata/create', { blog_id: 'drafts', title: 'Late', series_title: 'S', md_content: 'x', status: 2 });
    expect(late.statusCode).toBe(200);
    // out of the way of the post lists below
    const deleted = await admin.client.post('/postdata/delete', { url: late.json<{ url: string }>().url });
    expect(deleted.statusCode).toBe(200);
    expect((await list(`filter=${enc({ blog: 'drafts' })}`, after(deleted))).json()).toEqual([]);
  });
});

describe('admin posts', () => {
  it('lists every post with status, author and blog; sorts, filters, searches and pages in SQL', async () => {
    const all = await list(`sort=${enc(['title', 'ASC'])}`);
    expect(all.headers['content-range']).toBe('posts 0-3/4');
    const posts = all.json<AdminPostAnswer[]>();
    expect(posts.map((p) => p.title)).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(posts[3]).toMatchObject({ status: 'scheduled', blog: 'prose', authorId: writer.userId, authorName: writer.name, publishAt: expect.any(String) });
    expect(posts[0]!.editorPath).toBe(`/blogs/verse/${posts[0]!.url}/editpost`);
    expect(await titles(`sort=${enc(['title', 'DESC'])}&filter=${enc({ blog: 'verse' })}`)).toEqual(['Beta', 'Alpha']);
    expect(await titles(`filter=${enc({ status: 'draft' })}`)).toEqual(['Beta']);
    expect(await titles(`sort=${enc(['title', 'ASC'])}&filter=${enc({ authorId: writer.userId, status: ['published', 'scheduled'] })}`)).toEqual([
      'Alpha',
      'Delta',
      'Gamma',
    ]);
    expect(await titles(`filter=${enc({ q: 'amm' })}`)).toEqual(['Gamma']);
    const page = await list(`sort=${enc(['title', 'ASC'])}&range=${enc([2, 3])}`);
    expect(page.json<AdminPostAnswer[]>().map((p) => p.title)).toEqual(['Delta', 'Gamma']);
    expect(page.headers['content-range']).toBe('posts 2-3/4');
    expect((await list(`filter=${enc({ status: 'lost' })}`)).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('status') });
    expect((await list(`sort=${enc(['markdown', 'ASC'])}`)).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('sort') });
    expect((await list('range=[0')).json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('range') });
    expect((await admin.client.get('/admin-api/posts/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('reschedules, unpublishes and publishes through the post decider; 409 on a stale version; admins only', async () => {
    const gamma = (await admin.client.get(`/admin-api/posts/${ids.Gamma}`)).json<AdminPostAnswer>();
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await send(admin, 'PUT', `/admin-api/posts/${gamma.id}`, { status: 'scheduled', version: gamma.version })).json()).toMatchObject({
      statusCode: 400,
      message: 'Publish at: choose when to publish the post',
    });
    expect(
      (
        await send(admin, 'PUT', `/admin-api/posts/${gamma.id}`, {
          status: 'scheduled',
          publishAt: new Date(Date.now() - 60_000).toISOString(),
          version: gamma.version,
        })
      ).statusCode,
    ).toBe(400);
    const moved = await send(admin, 'PUT', `/admin-api/posts/${gamma.id}`, { status: 'scheduled', publishAt: later, version: gamma.version });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'scheduled', publishAt: later, version: gamma.version + 1 });
    expect((await send(admin, 'PUT', `/admin-api/posts/${gamma.id}`, { status: 'draft', version: gamma.version })).json()).toMatchObject({ statusCode: 409 });

    const alpha = (await admin.client.get(`/admin-api/posts/${ids.Alpha}`)).json<AdminPostAnswer>();
    expect((await send(writer, 'PUT', `/admin-api/posts/${alpha.id}`, { status: 'draft', version: alpha.version })).statusCode).toBe(403);
    const anonymous = new TestClient(api.app, '192.0.2.77');
    expect(
      (
        await anonymous.request({
          method: 'PUT',
          url: `/admin-api/posts/${alpha.id}`,
          payload: '{"status":"draft"}',
          headers: { 'content-type': 'application/json', 'x-csrf-token': await anonymous.csrf() },
        })
      ).statusCode,
    ).toBe(401);
    const unpublished = await send(admin, 'PUT', `/admin-api/posts/${alpha.id}`, { status: 'draft', version: alpha.version });
    expect(unpublished.json()).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await writer.client.get('/api/blogs/verse/' + alpha.url, after(unpublished))).json()).toMatchObject({ status: 2 });
  });

  it('restores the text a post had at an event position, as a new revision', async () => {
    const id = ids.Delta!;
    const first = (await api.deps.store.readStream(`post-${id}`))[0]!;
    const revised = await writer.client.post('/postdata/update', {
      id,
      blog_id: 'prose',
      title: 'Delta two',
      series_title: 'S',
      md_content: 'Changed.',
      status: 0,
    });
    expect(revised.statusCode).toBe(200);
    const restored = await send(admin, 'POST', `/admin-api/posts/${id}/restore`, { position: first.position.toString() });
    expect(restored.json()).toMatchObject({ title: 'Delta', revision: 3 });
    expect((await send(admin, 'POST', `/admin-api/posts/${id}/restore`, { position: '1' })).statusCode).toBe(404);
    expect((await send(admin, 'POST', `/admin-api/posts/${id}/restore`, { position: 'x' })).statusCode).toBe(400);
  });

  it('lists deleted posts on their own and brings one back as a draft, with its text', async () => {
    const gone = await list(`filter=${enc({ status: 'deleted' })}`);
    expect(gone.json<AdminPostAnswer[]>().map((p) => [p.title, p.status, p.blog])).toEqual([['Late', 'deleted', 'drafts']]);
    expect(gone.headers['content-range']).toBe('posts 0-0/1');
    expect((await list(`filter=${enc({ status: ['deleted', 'draft'] })}`)).statusCode).toBe(400);
    const late = gone.json<AdminPostAnswer[]>()[0]!;
    const loaded = (await admin.client.get(`/admin-api/posts/${late.id}`)).json<AdminPostAnswer>();
    expect(loaded).toMatchObject({ status: 'deleted', title: 'Late' });
    expect((await send(admin, 'PUT', `/admin-api/posts/${late.id}`, { status: 'published', version: loaded.version })).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('draft'),
    });
    expect((await send(writer, 'PUT', `/admin-api/posts/${late.id}`, { status: 'draft' })).statusCode).toBe(403);
    const back = await send(admin, 'PUT', `/admin-api/posts/${late.id}`, { status: 'draft', version: loaded.version });
    expect(back.json()).toMatchObject({ status: 'draft', title: 'Late', version: loaded.version + 1 });
    expect((await list(`filter=${enc({ status: 'deleted' })}`, after(back))).json()).toEqual([]);
    expect((await admin.client.get(`/postdata/edit/${late.id}`, after(back))).json()).toMatchObject({ title: 'Late', md_content: 'x', draft: true });
  });
});
