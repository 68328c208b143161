import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogStream } from '@epos/schemas';
import type { AdminBlogAnswer } from '@epos/schemas/admin/blogs';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { caughtUp, signIn, type Person } from '../../testkit/people.js';

let api: TestApi;
let admin: Person;

const load = async (blog: string) => (await admin.client.get(`/admin-api/blogs/${blog}`)).json<AdminBlogAnswer>();
const put = (blog: string, body: Record<string, unknown>) => admin.client.send('PUT', `/admin-api/blogs/${blog}`, body);

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  for (const slug of ['notes', 'letters']) expect((await admin.client.send('POST', '/admin-api/blogs', { slug, title: `The ${slug}` })).statusCode).toBe(201);
  await caughtUp(api);
});
afterAll(async () => api?.close());

describe('editing a blog in the console', () => {
  it('decides the whole edit at once: every change in one append, at the version the form loaded', async () => {
    const loaded = await load('notes');
    const saved = await put('notes', { title: 'Field notes', description: 'Short ones', archived: true, version: loaded.version });
    expect(saved.json()).toMatchObject({ title: 'Field notes', description: 'Short ones', archived: true, version: loaded.version + 3 });
    const events = (await api.deps.store.readStream(blogStream('notes'))).slice(-3);
    expect(events.map((e) => e.type)).toEqual(['BlogRenamed', 'BlogDescribed', 'BlogArchived']);
    expect(new Set(events.map((e) => e.metadata.correlationId)).size).toBe(1);
    // The same form again changes nothing and appends nothing.
    const unchanged = await put('notes', { title: 'Field notes', description: 'Short ones', archived: true, version: loaded.version + 3 });
    expect(unchanged.json()).toMatchObject({ version: loaded.version + 3 });
  });

  it('answers 409 to a stale edit and applies none of it', async () => {
    const loaded = await load('letters');
    expect((await put('letters', { title: 'Letters home', version: loaded.version })).statusCode).toBe(200);
    // A second form opened before that save: its every field is refused, the ones that did not clash too.
    const stale = await put('letters', { title: 'Old letters', description: 'From a stale form', archived: true, version: loaded.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'conflict', message: expect.stringContaining('reload') });
    expect(await load('letters')).toMatchObject({ title: 'Letters home', description: '', archived: false, version: loaded.version + 1 });
  });

  it('answers 404 for a blog that does not exist, whatever the version', async () => {
    expect((await put('none', { title: 'X' })).statusCode).toBe(404);
    expect((await put('none', { title: 'X', version: -1 })).statusCode).toBe(404);
  });
});
