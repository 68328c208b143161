import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCommentAnswer } from '@epos/schemas/admin/comments';
import { blogMessages } from '@epos/schemas';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, signIn, type Person } from '../../testkit/people.js';

let api: TestApi;
let admin: Person;
let ann: Person;
let ben: Person;
let postId: string;
const made: Record<string, string> = {};

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const remove = async (person: Person | TestClient, id: string) => {
  const client = person instanceof TestClient ? person : person.client;
  return client.send('DELETE', `/admin-api/comments/${id}`);
};
const contents = async (query: string, headers: Record<string, string> = {}) => {
  const response = await admin.client.get(`/admin-api/comments?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminCommentAnswer[]>().map((c) => c.content);
};

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  expect((await admin.client.post('/postdata/createblog', { slug: 'talk', title: 'Talk' })).statusCode).toBe(200);
  const author = await signIn(api, 'blogger', { blogs: ['talk'] });
  postId = (
    await author.client.post('/postdata/create', { blog_id: 'talk', title: 'Open thread', series_title: 'Threads', md_content: 'Say hello.', status: 0 })
  ).json<{ id: string }>().id;
  ann = await signIn(api, 'user');
  ben = await signIn(api, 'user');
  const comment = async (who: Person, cm: string, parentof?: string) => {
    const response = await who.client.post(`/postdata/comment/${postId}`, { cm, ...(parentof ? { parentof } : {}) });
    expect(response.statusCode).toBe(200);
    made[cm] = response.json<{ comment: { id: string } }>().comment.id;
    return response;
  };
  await comment(ann, 'First question');
  await comment(ben, 'An answer', made['First question']);
  await contents('', after(await comment(ben, 'Second thought')));
});
afterAll(async () => api?.close());

describe('admin comments', () => {
  it('queues comments newest first, filtered by post and author, searched, paged', async () => {
    const queue = await admin.client.get('/admin-api/comments');
    expect(queue.json<AdminCommentAnswer[]>().map((c) => c.content)).toEqual(['Second thought', 'An answer', 'First question']);
    expect(queue.headers['content-range']).toBe('comments 0-2/3');
    expect(queue.json<AdminCommentAnswer[]>()[2]).toMatchObject({
      authorId: ann.userId,
      authorName: ann.name,
      postTitle: 'Open thread',
      blog: 'talk',
      replies: 1,
    });
    expect(await contents(`filter=${enc({ authorId: ben.userId })}&sort=${enc(['createdAt', 'ASC'])}`)).toEqual(['An answer', 'Second thought']);
    expect(await contents(`filter=${enc({ postId })}&range=${enc([1, 1])}`)).toEqual(['An answer']);
    expect(await contents(`filter=${enc({ postId: '00000000-0000-4000-8000-000000000000' })}`)).toEqual([]);
    expect(await contents(`filter=${enc({ q: 'QUESTION' })}`)).toEqual(['First question']);
    expect((await admin.client.get(`/admin-api/comments?filter=${enc({ post: 1 })}`)).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('filter'),
    });
    expect((await admin.client.get('/admin-api/comments/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('hides a comment (and its replies) from the site and shows it again; admins only', async () => {
    const put = (who: Person, id: string, body: unknown) => who.client.send('PUT', `/admin-api/comments/${id}`, body);
    const onSite = async (headers: Record<string, string> = {}) =>
      (await ann.client.get(`/api/comments/${postId}`, headers))
        .json<{ content: string }[]>()
        .map((c) => c.content)
        .sort();
    expect((await put(ann, made['First question']!, { hidden: true })).statusCode).toBe(403);
    expect((await put(admin, made['First question']!, { hidden: 'yes' })).json()).toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('hidden'),
    });
    const hidden = await put(admin, made['First question']!, { hidden: true });
    expect(hidden.json()).toMatchObject({ id: made['First question'], hidden: true });
    expect(await onSite(after(hidden))).toEqual(['Second thought']);
    expect(await contents(`filter=${enc({ hidden: true })}`, after(hidden))).toEqual(['First question']);
    const shown = await put(admin, made['First question']!, { hidden: false });
    expect(shown.json()).toMatchObject({ hidden: false });
    expect(await onSite(after(shown))).toEqual(['An answer', 'First question', 'Second thought']);
  });

  it('deletes a comment without replies, refuses one with replies, and is admins only', async () => {
    expect((await ann.client.get('/admin-api/comments')).statusCode).toBe(403);
    expect((await new TestClient(api.app, '192.0.2.66').get('/admin-api/comments')).statusCode).toBe(401);
    expect((await remove(ann, made['Second thought']!)).statusCode).toBe(403);
    expect((await remove(new TestClient(api.app, '192.0.2.67'), made['Second thought']!)).statusCode).toBe(401);
    expect((await remove(admin, made['First question']!)).json()).toMatchObject({ statusCode: 400, message: blogMessages.commentWithReplies });
    const deleted = await remove(admin, made['Second thought']!);
    expect(deleted.statusCode).toBe(200);
    expect(await contents('', after(deleted))).toEqual(['An answer', 'First question']);
  });
});
