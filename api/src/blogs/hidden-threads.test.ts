import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';

let api: TestApi;
let admin: Person;
let ann: Person;
let postId: string;
const ids: Record<string, string> = {};

const comment = async (cm: string, parent?: string) => {
  const posted = await ann.client.post(`/postdata/comment/${postId}`, { cm, ...(parent ? { parentof: ids[parent] } : {}) });
  expect(posted.statusCode, posted.body).toBe(200);
  ids[cm] = posted.json<{ comment: { id: string } }>().comment.id;
  return posted;
};
const hide = (cm: string, hidden: boolean) => admin.client.send('PUT', `/admin-api/comments/${ids[cm]}`, { hidden });
/** The post's comment count as the blog's list shows it. */
const listed = async (headers: Record<string, string>) =>
  (await ann.client.get('/api/blogs/talk', headers)).json<{ bcontent: { ccounts: number }[] }>().bcontent[0]!.ccounts;
const onSite = async (headers: Record<string, string>) =>
  (await ann.client.get(`/api/comments/${postId}`, headers))
    .json<{ content: string }[]>()
    .map((c) => c.content)
    .sort();

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  await admin.client.post('/postdata/createblog', { slug: 'talk', title: 'Talk' });
  postId = (
    await admin.client.post('/postdata/create', { blog_id: 'talk', title: 'Open thread', series_title: 'Threads', md_content: 'Say hello.', status: 0 })
  ).json<{ id: string }>().id;
  ann = await signIn(api, 'user');
  await caughtUp(api);
  await comment('question');
  await comment('answer', 'question');
  await comment('thanks', 'answer');
  await comment('aside', 'answer');
  await comment('elsewhere');
});
afterAll(async () => api?.close());

describe('hiding a comment', () => {
  it('hides its whole thread, three levels down, and showing it again shows all but a reply hidden on its own', async () => {
    const aside = await hide('aside', true);
    expect(await onSite(after(aside))).toEqual(['answer', 'elsewhere', 'question', 'thanks']);

    const hidden = await hide('question', true);
    expect(hidden.statusCode).toBe(200);
    expect(await onSite(after(hidden))).toEqual(['elsewhere']);
    expect(await listed(after(hidden))).toBe(1);
    // Nothing under a hidden comment takes a reply: readers cannot see it.
    expect((await ann.client.post(`/postdata/comment/${postId}`, { cm: 'late', parentof: ids.thanks })).statusCode).toBe(404);

    const shown = await hide('question', false);
    expect(await onSite(after(shown))).toEqual(['answer', 'elsewhere', 'question', 'thanks']);
    const all = await hide('aside', false);
    expect(await onSite(after(all))).toEqual(['answer', 'aside', 'elsewhere', 'question', 'thanks']);
    expect(await listed(after(all))).toBe(5);
  });
});
