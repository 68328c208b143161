import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorStream, bookMessages } from '@epos/schemas';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { after, signIn, type Person } from '../../testkit/people.js';
import { listQuery } from '../../testkit/admin-api.js';

let api: TestApi;
let admin: Person;
let blogger: Person;
type Author = { id: string; name: string; slug: string; books: number };

beforeAll(async () => {
  api = await startTestApi();
  [admin, blogger] = await Promise.all([signIn(api, 'admin'), signIn(api, 'blogger')]);
});
afterAll(async () => api?.close());

describe('authors in the console', () => {
  it('adds, lists with sort, range, filter and Content-Range, shows, renames keeping the slug, and removes', async () => {
    const added = await admin.client.send('POST', '/admin-api/authors', { name: 'Zed Young' });
    expect(added.statusCode).toBe(201);
    const zed = added.json<Author>();
    expect(zed).toMatchObject({ name: 'Zed Young', slug: 'zed-young', books: 0 });
    const mira = (await admin.client.send('POST', '/admin-api/authors', { name: 'Mira Alder' })).json<Author>();
    const book = await admin.client.send('POST', '/admin-api/books', { author_id: mira.id, title: 'On Metre', order: 1, md_content: 'Short.' });
    expect(book.statusCode).toBe(201);

    const list = await admin.client.get(`/admin-api/authors${listQuery({ sort: ['name', 'ASC'], range: [0, 0] })}`, after(book));
    expect(list.headers['content-range']).toBe('authors 0-0/2');
    expect(list.json<Author[]>().map((a) => [a.name, a.books])).toEqual([['Mira Alder', 1]]);
    expect(
      (await admin.client.get(`/admin-api/authors${listQuery({ sort: ['books', 'DESC'], filter: { q: 'young' } })}`)).json<Author[]>().map((a) => a.slug),
    ).toEqual(['zed-young']);
    expect((await admin.client.get(`/admin-api/authors${listQuery({ filter: { id: [zed.id] } })}`)).json<Author[]>()).toHaveLength(1);
    expect((await admin.client.get(`/admin-api/authors${listQuery({ sort: ['password', 'ASC'] })}`)).statusCode).toBe(400);

    const renamed = await admin.client.send('PUT', `/admin-api/authors/${zed.id}`, { name: 'Zed Y. Young' });
    expect(renamed.json()).toMatchObject({ id: zed.id, name: 'Zed Y. Young', slug: 'zed-young' });
    expect((await admin.client.send('PUT', `/admin-api/authors/${zed.id}`, { name: ' ' })).statusCode).toBe(400);
    expect((await admin.client.get(`/admin-api/authors/${zed.id}`)).json()).toMatchObject({ name: 'Zed Y. Young' });

    const refused = await admin.client.send('DELETE', `/admin-api/authors/${mira.id}`);
    expect([refused.statusCode, refused.json<{ message: string }>().message]).toEqual([409, bookMessages.authorHasBooks]);
    const removed = await admin.client.send('DELETE', `/admin-api/authors/${zed.id}`);
    expect(removed.json()).toMatchObject({ id: zed.id, slug: 'zed-young' });
    expect((await admin.client.get(`/admin-api/authors/${zed.id}`, after(removed))).statusCode).toBe(404);
    expect((await api.deps.store.readStream(authorStream(zed.id))).map((e) => e.type)).toEqual(['AuthorAdded', 'AuthorRenamed', 'AuthorRemoved']);
    // The History tab reads the author's stream.
    const history = await admin.client.get(`/admin-api/history?streamId=${authorStream(zed.id)}`);
    expect(history.json<{ type: string }[]>().map((e) => e.type)).toEqual(['AuthorRemoved', 'AuthorRenamed', 'AuthorAdded']);
  });

  it('refuses bloggers and visitors, changing nothing', async () => {
    const head = await api.deps.store.headPosition();
    expect((await blogger.client.send('POST', '/admin-api/authors', { name: 'Intruder' })).statusCode).toBe(403);
    expect((await blogger.client.get('/admin-api/authors')).statusCode).toBe(403);
    expect(await api.deps.store.headPosition()).toBe(head);
  });
});
