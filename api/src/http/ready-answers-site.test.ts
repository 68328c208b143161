import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { caughtUp, signIn, type Person } from '../testkit/people.js';

let api: TestApi;
let writer: Person;
let base: string;

async function publish(url: string): Promise<void> {
  const postId = randomUUID();
  await api.deps.store.appendMany(
    newPostAppends(url, postId, [
      {
        type: 'PostCreated',
        data: {
          postId,
          blogId: 'essays',
          url,
          authorId: writer.userId,
          content: { title: url, subtitle: '', seriesTitle: 'Essays', excerpt: '', markdown: `The text of ${url}.` },
        },
      },
      { type: 'PostPublished', data: { postId, publishedAt: new Date().toISOString(), scheduled: false, first: true } },
    ]),
    { cause: { actor: 'test' } },
  );
  await caughtUp(api);
}

const postsListed = async () => {
  const answer = await fetch(`${base}/api/blogs/essays`);
  return ((await answer.json()) as { bcontent: { url: string }[] }).bcontent.map((p) => p.url);
};

beforeAll(async () => {
  api = await startTestApi();
  const admin = await signIn(api, 'admin');
  await admin.client.post('/postdata/createblog', { slug: 'essays', title: 'Essays' });
  writer = await signIn(api, 'blogger', { blogs: ['essays'] });
  await publish('first');
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => api.close());

describe('answers kept at the front door, on the real site', () => {
  it('are answered afresh once a change to what they show is announced', async () => {
    expect(await postsListed()).toEqual(['first']);
    expect(await postsListed()).toEqual(['first']);
    await publish('second');
    await expect.poll(postsListed, { timeout: 60_000 }).toEqual(['second', 'first']);
    for (let i = 0; i < 5; i++) expect(await postsListed()).toEqual(['second', 'first']);
  });
});
