import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPostAppends } from '@epos/platform/blogs/new-post-appends';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { caughtUp, signIn } from '../testkit/people.js';

let api: TestApi;
let base: string;

beforeAll(async () => {
  api = await startTestApi({ env: { CACHE_MEMORY_MB: '8' } });
  const admin = await signIn(api, 'admin');
  await admin.client.post('/postdata/createblog', { slug: 'essays', title: 'Essays' });
  const writer = await signIn(api, 'blogger', { blogs: ['essays'] });
  const postId = randomUUID();
  // A long post: 300 KB of text, as the probe used.
  const markdown = Array.from({ length: 3000 }, (_, i) => `Paragraph ${i} of a long essay on the poem's tercets and their rhymes.`).join('\n\n');
  await api.deps.store.appendMany(
    newPostAppends('long', postId, [
      {
        type: 'PostCreated',
        data: {
          postId,
          blogId: 'essays',
          url: 'long',
          authorId: writer.userId,
          content: { title: 'Long', subtitle: '', seriesTitle: 'Essays', excerpt: '', markdown },
        },
      },
      { type: 'PostPublished', data: { postId, publishedAt: new Date().toISOString(), scheduled: false, first: true } },
    ]),
    { cause: { actor: 'test' } },
  );
  await caughtUp(api);
  await api.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => api.close());

const get = async (path: string) => {
  const answer = await fetch(`${base}${path}`);
  await answer.arrayBuffer();
  return answer.status;
};

describe('read caches keyed by what the answer depends on', () => {
  it('keep one entry however many made-up query parameters ask for the same answer', async () => {
    expect(await get('/api/blogs/essays/long')).toBe(200);
    expect(await get('/api/blogs/essays/long')).toBe(200);
    const once = api.deps.memory.usage();
    expect(once['front door']).toBeGreaterThan(300_000);
    for (let i = 0; i < 200; i++) expect(await get(`/api/blogs/essays/long?n=${i}&utm_source=x${i}`)).toBe(200);
    for (let i = 0; i < 50; i++) expect(await get(`/api/recents?page=1&junk=${i}`)).toBe(200);
    for (let i = 0; i < 50; i++) expect(await get(`/api/library/menus?v=${i}`)).toBe(200);
    const after = api.deps.memory.usage();
    // The recents and menus answers were kept once each, the post not again.
    const grew = Object.entries(after).filter(([name, bytes]) => bytes > (once[name] ?? 0) + 50_000);
    expect(grew).toEqual([]);
    expect(api.deps.memory.usedBytes).toBeLessThanOrEqual(8 * 1024 * 1024);
  });

  it('answer a known parameter by its value, and remember at the front door only URLs without unknown ones', async () => {
    const before = api.deps.memory.usage()['front door']!;
    expect(await get('/api/blogs/essays?page=1')).toBe(200);
    expect(await get('/api/blogs/essays?page=1')).toBe(200);
    const remembered = api.deps.memory.usage()['front door']!;
    expect(remembered).toBeGreaterThan(before);
    expect(await get('/api/blogs/essays?page=1&fbclid=abc')).toBe(200);
    expect(api.deps.memory.usage()['front door']).toBe(remembered);
  });
});
