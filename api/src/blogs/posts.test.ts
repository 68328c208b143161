import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogMessages } from '@epos/schemas';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { publishScheduledPost } from '@epos/platform/blogs/jobs';

let api: TestApi;
let admin: Person;
let writer: Person;
let outsider: Person;
const anonymous = () => new TestClient(api.app, '192.0.2.200');

const post = (overrides: Record<string, unknown> = {}) => ({
  blog_id: 'poetry',
  title: 'First light',
  series_title: 'Dawn',
  md_content: 'Read ||12|| slowly.',
  status: 0,
  excerpt: '',
  subtitle: 'A note',
  ...overrides,
});

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  expect((await anonymous().get('/api/blogs')).json()).toMatchObject({ statusCode: 404, message: blogMessages.noBlogsYet });
  expect((await admin.client.post('/postdata/createblog', { slug: 'poetry', title: 'Poetry', description: 'Verse' })).json()).toMatchObject({
    slug: 'poetry',
    message: 'Added Successfully',
  });
  expect((await admin.client.post('/postdata/createblog', { slug: 'prose', title: 'Prose' })).statusCode).toBe(200);
  expect((await admin.client.post('/postdata/createblog', { slug: 'poetry', title: 'Again' })).statusCode).toBe(409);
  writer = await signIn(api, 'blogger', { blogs: ['poetry'] });
  outsider = await signIn(api, 'blogger', { blogs: ['prose'] });
});
afterAll(async () => api.close());

describe('writing posts', () => {
  it('refuses a post with missing starred fields with the spec message, naming the fields, and changes nothing', async () => {
    const head = await api.deps.store.headPosition();
    const response = await writer.client.post('/postdata/create', { blog_id: 'poetry', title: ' ', md_content: '', status: 0 });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ message: string; fields: { field: string }[] }>();
    expect(body.message).toBe('Fields marked with * are required');
    expect(body.fields.map((f) => f.field).sort()).toEqual(['md_content', 'series_title', 'title']);
    expect((await writer.client.post('/postdata/create', post({ status: undefined }))).json()).toMatchObject({
      message: blogMessages.required,
      fields: [{ field: 'status' }],
    });
    expect((await writer.client.post('/postdata/create', post({ status: 1 }))).json()).toMatchObject({
      message: blogMessages.required,
      fields: [{ field: 'published_at' }],
    });
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('publishes now, renders sanitised HTML with sentence links, and shows edit rights only to those who have them', async () => {
    const created = await writer.client.post(
      '/postdata/create',
      post({ md_content: 'Read ||12|| slowly. <script>alert(1)</script><img src=x onerror=alert(1)>' }),
    );
    expect(created.json()).toMatchObject({
      url: 'first-light',
      blog: 'poetry',
      revision: 1,
      message: 'Posted Successfully',
      redirect: '/blogs/poetry/first-light',
    });
    const page = (await writer.client.get('/api/blogs/poetry/first-light', after(created))).json<Record<string, unknown>>();
    expect(page).toMatchObject({
      title: 'First light',
      subtitle: 'A note',
      series_title: 'Dawn',
      seriesSlug: 'dawn',
      number: 1,
      canedit: true,
      isAuth: true,
      status: 0,
      author: writer.name,
      authorId: writer.userId,
    });
    expect(page.content).toContain('<a class="sentence-link" href="/12">12</a>');
    expect(page.content).not.toMatch(/script|onerror/);
    expect((await anonymous().get('/api/blogs/poetry/first-light')).json()).toMatchObject({ canedit: false, isAuth: false });
    expect((await outsider.client.get('/api/blogs/poetry/first-light')).json()).toMatchObject({ canedit: false });
    expect((await admin.client.get('/api/blogs/poetry/first-light')).json()).toMatchObject({ canedit: true });
  });

  it("previews markdown with the post page's renderer, for writers only, storing nothing", async () => {
    const reader = await signIn(api, 'user');
    const head = await api.deps.store.headPosition();
    const preview = await writer.client.post('/postdata/preview', { md_content: 'See **||12||** <script>alert(1)</script>' });
    expect(preview.json()).toEqual({ content: '<p>See <strong><a class="sentence-link" href="/12">12</a></strong> </p>\n' });
    const missing = await writer.client.post('/postdata/preview', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: [{ field: 'md_content' }] });
    expect(missing.json<{ message: string }>().message).toMatch(/^Content: /);
    expect((await reader.client.post('/postdata/preview', { md_content: '||1||' })).statusCode).toBe(403);
    expect((await anonymous().post('/postdata/preview', { md_content: '||1||' })).statusCode).toBe(401);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('lets bloggers write only in their blogs and edit only their own posts', async () => {
    expect((await outsider.client.post('/postdata/create', post({ title: 'Intruder' }))).statusCode).toBe(403);
    const own = await outsider.client.post('/postdata/create', post({ blog_id: 'prose', title: 'Prose piece' }));
    expect(own.statusCode).toBe(200);
    const id = own.json<{ id: string }>().id;
    expect((await writer.client.post('/postdata/update', { ...post({ blog_id: 'prose', title: 'Hijacked' }), id })).statusCode).toBe(403);
    expect((await writer.client.get(`/postdata/edit/${id}`, after(own))).statusCode).toBe(403);
    expect((await admin.client.post('/postdata/update', { ...post({ blog_id: 'prose', title: 'Edited by admin' }), id })).json()).toMatchObject({
      message: 'Updated Successfully',
    });
    expect((await anonymous().post('/postdata/create', post())).statusCode).toBe(401);
  });

  it('keeps every revision, refuses a stale save, and restores an earlier revision', async () => {
    const created = await writer.client.post('/postdata/create', post({ title: 'Revisions', md_content: 'one' }));
    const { id } = created.json<{ id: string }>();
    const second = await writer.client.post('/postdata/update', { ...post({ title: 'Revisions', md_content: 'two' }), id, revision: 1 });
    expect(second.json()).toMatchObject({ revision: 2, message: 'Updated Successfully', redirect: '/blogs/poetry/revisions' });
    const stale = await admin.client.post('/postdata/update', { ...post({ title: 'Revisions', md_content: 'three' }), id, revision: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/saved by someone else/);
    const history = (await writer.client.get(`/postdata/revisions/${id}`, after(second))).json<{ revision: number; kind: string; author: string }[]>();
    expect(history.map((r) => [r.revision, r.kind])).toEqual([
      [2, 'revised'],
      [1, 'created'],
    ]);
    expect(history[0]!.author).toBe(writer.name);
    expect((await writer.client.get(`/postdata/revisions/${id}/1`)).json()).toMatchObject({ revision: 1, md_content: 'one' });
    const restored = await writer.client.post('/postdata/restore', { id, revision: 1 });
    expect(restored.json()).toMatchObject({ revision: 3 });
    expect((await writer.client.get(`/postdata/edit/${id}`, after(restored))).json()).toMatchObject({
      md_content: 'one',
      revision: 3,
      status: 0,
      isPublished: true,
    });
    expect((await writer.client.get(`/postdata/revisions/${id}`)).json<{ kind: string }[]>()[0]!.kind).toBe('restored');
  });

  it('autosaves the working copy only when it changed, without touching the post', async () => {
    const created = await writer.client.post('/postdata/create', post({ title: 'Autosaved', status: 2 }));
    const { id } = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({ redirect: '/blogs/poetry/autosaved' });
    const first = await writer.client.post('/postdata/autosave', { id, md_content: 'working copy' });
    expect(first.json()).toMatchObject({ saved: true });
    expect((await writer.client.post('/postdata/autosave', { id, md_content: 'working copy' })).json()).toMatchObject({ saved: false });
    const edit = (await writer.client.get(`/postdata/edit/${id}`, after(first))).json<{ md_content: string; autosave: { md_content: string } }>();
    expect(edit.md_content).toBe('Read ||12|| slowly.');
    expect(edit.autosave.md_content).toBe('working copy');
    expect((await outsider.client.post('/postdata/autosave', { id, md_content: 'x' })).statusCode).toBe(403);
  });

  it('gives readable, unique urls', async () => {
    const a = await writer.client.post('/postdata/create', post({ title: 'Ça va? Déjà vu!' }));
    expect(a.json()).toMatchObject({ url: 'ca-va-deja-vu' });
    expect((await writer.client.post('/postdata/generateurl', { title: 'Ça va, déjà vu' })).json()).toEqual({
      url: 'ca-va-deja-vu-2',
      message: 'url generated',
    });
    expect((await writer.client.post('/postdata/create', post({ title: 'Ça va? Déjà vu!' }))).json()).toMatchObject({ url: 'ca-va-deja-vu-2' });
    expect((await writer.client.post('/postdata/create', post({ title: 'Archive' }))).json()).toMatchObject({ url: 'archive-post' });
  });

  it("schedules in the author's time zone, replaces the job on rescheduling, cancels it on draft and delete", async () => {
    const year = new Date().getUTCFullYear() + 1;
    const created = await writer.client.post(
      '/postdata/create',
      post({ title: 'Later', status: 1, published_at: `${year}-03-01T09:30`, time_zone: 'Asia/Kolkata' }),
    );
    expect(created.json()).toMatchObject({ message: 'Posted Successfully', redirect: '/blogs/poetry/scheduled' });
    const { id } = created.json<{ id: string }>();
    const edit = (await writer.client.get(`/postdata/edit/${id}`, after(created))).json();
    expect(edit).toMatchObject({ status: 1, isScheduled: true, published_at: `${year}-03-01T04:00:00.000Z` });
    await caughtUp(api); // the reactor queues the jobs
    expect(await api.deps.jobs.inspect(publishScheduledPost, id)).toMatchObject({
      state: 'scheduled',
      payload: { postId: id, publishAt: `${year}-03-01T04:00:00.000Z` },
    });
    expect(Math.abs((await api.deps.jobs.inspect(publishScheduledPost, id))!.runAt.getTime() - Date.parse(`${year}-03-01T04:00:00Z`))).toBeLessThan(1000);
    expect((await anonymous().get('/api/blogs/poetry/later')).statusCode).toBe(404);
    expect((await writer.client.get('/postdata/blogs/poetry/scheduled')).json()).toMatchObject({
      bcontent: [expect.objectContaining({ url: 'later', publish_at: `${year}-03-01T04:00:00.000Z` })],
      Paging: { CurrentPage: 1, TotalPagesCount: 1, Skip: 0 },
    });
    expect((await outsider.client.get('/postdata/blogs/poetry/scheduled')).statusCode).toBe(403);

    const moved = await writer.client.post('/postdata/update', { ...post({ title: 'Later', status: 1, published_at: `${year}-04-01T10:00:00Z` }), id });
    expect(moved.json()).toMatchObject({ redirect: '/blogs/poetry/scheduled' });
    await caughtUp(api); // the reactor queues the jobs
    expect(await api.deps.jobs.inspect(publishScheduledPost, id)).toMatchObject({
      state: 'scheduled',
      payload: { postId: id, publishAt: `${year}-04-01T10:00:00.000Z` },
    });
    expect(
      (await writer.client.post('/postdata/update', { ...post({ title: 'Later', status: 1, published_at: '2001-01-01T00:00Z' }), id })).json(),
    ).toMatchObject({ statusCode: 400, fields: [{ field: 'published_at' }] });
    expect(
      (
        await writer.client.post('/postdata/update', {
          ...post({ title: 'Later', status: 1, published_at: `${year}-04-01T10:00`, time_zone: 'Mars/Olympus' }),
          id,
        })
      ).json(),
    ).toMatchObject({ statusCode: 400, fields: [{ field: 'time_zone' }] });

    const drafted = await writer.client.post('/postdata/update', { ...post({ title: 'Later', status: 2 }), id });
    expect(drafted.json()).toMatchObject({ redirect: '/blogs/poetry/later' });
    await caughtUp(api); // the reactor queues the jobs
    expect(await api.deps.jobs.inspect(publishScheduledPost, id)).toBeNull();
    expect(
      (await writer.client.get('/postdata/blogs/poetry/draft', after(drafted))).json<{ bcontent: { url: string }[] }>().bcontent.map((p) => p.url),
    ).toContain('later');

    await writer.client.post('/postdata/update', { ...post({ title: 'Later', status: 1, published_at: `${year}-05-01T10:00:00Z` }), id });
    await caughtUp(api); // the reactor queues the jobs
    expect(await api.deps.jobs.inspect(publishScheduledPost, id)).not.toBeNull();
    const deleted = await writer.client.post('/postdata/delete', { url: 'later' });
    expect(deleted.json()).toEqual({ message: 'Post deleted' });
    await caughtUp(api); // the reactor queues the jobs
    expect(await api.deps.jobs.inspect(publishScheduledPost, id)).toBeNull();
    expect((await writer.client.get('/api/blogs/poetry/later', after(deleted))).statusCode).toBe(404);
    expect((await writer.client.post('/postdata/delete', { url: 'later' })).statusCode).toBe(404);
  });

  it('refuses scheduling a published post and unpublishes it back to draft', async () => {
    const created = await writer.client.post('/postdata/create', post({ title: 'Out and back' }));
    const { id } = created.json<{ id: string }>();
    const year = new Date().getUTCFullYear() + 1;
    expect(
      (await writer.client.post('/postdata/update', { ...post({ title: 'Out and back', status: 1, published_at: `${year}-01-01T00:00:00Z` }), id })).statusCode,
    ).toBe(400);
    const back = await writer.client.post('/postdata/update', { ...post({ title: 'Out and back', status: 2 }), id });
    expect((await anonymous().get('/api/blogs/poetry/out-and-back', after(back))).statusCode).toBe(404);
    await caughtUp(api);
  });
});
