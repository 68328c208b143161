import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NotificationsAnswer, type RecentsAnswer } from '@epos/schemas';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { holdStream } from '../testkit/event-stream.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';

let api: TestApi;
let base: string;
let admin: Person;
let author: Person;
let ann: Person;
let ben: Person;
let postId: string;
const anonymous = () => new TestClient(api.app, '192.0.2.31');

beforeAll(async () => {
  api = await startTestApi({ env: { RATE_LIMIT_FACTOR: '20' } });
  base = await api.app.listen({ host: '127.0.0.1', port: 0 });
  admin = await signIn(api, 'admin');
  await admin.client.post('/postdata/createblog', { slug: 'herons', title: 'Herons' });
  author = await signIn(api, 'blogger', { blogs: ['herons'] });
  [ann, ben] = await Promise.all([signIn(api, 'user'), signIn(api, 'user')]);
  expect((await ann.client.post('/postdata/updateSubscriptions', { UserBlogs: ['herons'], isSubscribed: true })).statusCode).toBe(200);
  await caughtUp(api);
});
afterAll(async () => api.close());

const recents = async (client: TestClient, query = '', headers: Record<string, string> = {}) => {
  const response = await client.get(`/api/recents${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RecentsAnswer>();
};
const notifications = async (who: Person, headers: Record<string, string> = {}) =>
  (await who.client.get('/api/notifications', headers)).json<NotificationsAnswer>();

/** A reader's event stream over a real socket: every `unread` event as it arrives. */
async function openStream(who: Person) {
  const stream = await holdStream(base, { cookie: who.client.cookieHeader() });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
  return stream;
}

describe('activity and notifications', () => {
  it("shows a new post in the feed and tells the blog's followers, live on their open stream", async () => {
    const stream = await openStream(ann);
    await expect.poll(() => stream.events.length).toBe(1);
    expect(stream.events[0]).toEqual({ unread: 0, newest: null });

    const created = await author.client.post('/postdata/create', {
      blog_id: 'herons',
      title: 'Herons at dusk',
      series_title: 'Birds',
      md_content: 'They stand so still.',
      status: 0,
    });
    postId = created.json<{ id: string }>().id;
    const feed = await recents(anonymous(), '', after(created));
    expect(feed.items[0]).toMatchObject({
      activityType: 'post',
      content: 'Herons at dusk',
      user: author.name,
      userId: author.userId,
      url: expect.stringMatching(/^\/blogs\/herons\//),
    });
    await expect.poll(() => stream.events.at(-1)?.unread, { timeout: 60_000 }).toBe(1);
    expect(stream.events.at(-1)!.newest).toMatchObject({ kind: 'post', content: 'Herons at dusk', actor: author.name, read: false });
    expect((await notifications(author)).total).toBe(0);
    stream.close();
  });

  it('tells a reader of a reply to their comment once, on every open stream, and marks read one or all', async () => {
    const [first, second] = await Promise.all([openStream(ann), openStream(ann)]);
    const mine = await ann.client.post(`/postdata/comment/${postId}`, { cm: 'So still, like statues.' });
    const parent = mine.json<{ comment: { id: string } }>().comment.id;
    const reply = await ben.client.post(`/postdata/comment/${postId}`, { cm: 'Patient hunters, @ann', parentof: parent, pings: [ann.userId] });
    expect(reply.statusCode).toBe(200);
    for (const stream of [first, second]) await expect.poll(() => stream.events.at(-1)?.unread, { timeout: 60_000 }).toBe(2);
    const list = await notifications(ann, after(reply));
    expect(list.items.map((n) => [n.kind, n.actor, n.content])).toEqual([
      ['reply', ben.name, 'Patient hunters, @ann'],
      ['post', author.name, 'Herons at dusk'],
    ]);
    // delivered once: the stream never repeats an answer, and the reply is counted once though ann was also pinged
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const stream of [first, second]) {
      const seen = stream.events.map((e) => JSON.stringify(e));
      expect(new Set(seen).size).toBe(seen.length);
      expect(stream.events.filter((e) => e.newest?.kind === 'reply')).toHaveLength(1);
    }
    const feed = await recents(anonymous(), '', after(reply));
    expect(feed.items[0]).toMatchObject({
      activityType: 'comment',
      user: ben.name,
      content: 'Patient hunters, @ann',
      url: expect.stringContaining(`#comment-`),
    });

    const one = await ann.client.post('/postdata/notifications/read', { id: list.items[1]!.id });
    expect(one.json()).toEqual({ unread: 1 });
    const all = await ann.client.post('/postdata/notifications/read', { upTo: list.items[0]!.id });
    expect(all.json()).toEqual({ unread: 0 });
    await expect.poll(() => first.events.at(-1)?.unread, { timeout: 60_000 }).toBe(0);
    expect((await ann.client.get('/api/notifications/unread')).json()).toEqual({ unread: 0, newest: null });
    expect((await notifications(ann)).items.every((n) => n.read)).toBe(true);
    first.close();
    second.close();
  });

  it('refuses bad input naming the field and changing nothing; notifications are for signed-in readers only', async () => {
    const head = await api.deps.store.headPosition();
    for (const body of [{ id: 'abc' }, { upTo: '-1' }, {}, { id: '1', upTo: '2' }]) {
      const response = await ann.client.post('/postdata/notifications/read', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/id|upTo/);
    }
    expect((await anonymous().get('/api/recents?page=0')).statusCode).toBe(400);
    expect((await anonymous().get('/api/recents?page=x')).json<{ message: string }>().message).toMatch(/page/);
    expect(await api.deps.store.headPosition()).toBe(head);
    for (const url of ['/api/notifications', '/api/notifications/unread', '/api/notifications/stream'])
      expect((await anonymous().get(url)).statusCode, url).toBe(401);
    const stream = await fetch(`${base}/api/notifications/stream`);
    expect(stream.status).toBe(401);
    expect(await stream.text()).not.toMatch(/at \w+ \(/);
  });

  it('pages the feed, newest first', async () => {
    const feed = await recents(anonymous(), '?page=1');
    expect(feed).toMatchObject({ page: 1, pages: 1 });
    expect(feed.total).toBe(feed.items.length);
    expect(feed.items.map((i) => i.DateofActivity)).toEqual([...feed.items.map((i) => i.DateofActivity)].sort().reverse());
    expect((await recents(anonymous(), '?page=2')).items).toEqual([]);
  });

  it("removes an erased reader's words from the feed and from others' notifications", async () => {
    const erased = await ben.client.post('/postdata/deleteAccount', { Password: `pw-${ben.userName}-secret` });
    expect(erased.statusCode).toBe(200);
    const feed = await recents(anonymous(), '', after(erased));
    expect(JSON.stringify(feed)).not.toMatch(/Patient hunters/);
    expect(feed.items.some((i) => i.user === ben.name)).toBe(false);
    expect((await notifications(ann)).items.map((n) => n.kind)).toEqual(['post']);
  });
});
