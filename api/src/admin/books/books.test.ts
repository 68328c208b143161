import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookMessages, bookStream } from '@epos/schemas';
import { startTestApi, type TestApi } from '../../testkit/test-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, signIn, type Person } from '../../testkit/people.js';
import { listQuery } from '../../testkit/admin-api.js';

let api: TestApi;
let admin: Person;
let user: Person;
let authorId: string;
type Book = {
  id: string;
  author_id: string;
  author_name: string;
  author_slug: string;
  title: string;
  slug: string;
  order: number;
  md_content?: string;
  words: number;
  revision: number;
};

beforeAll(async () => {
  api = await startTestApi();
  [admin, user] = await Promise.all([signIn(api, 'admin'), signIn(api, 'user')]);
  authorId = (await admin.client.send('POST', '/admin-api/authors', { name: 'Mira Alder' })).json<{ id: string }>().id;
});
afterAll(async () => api?.close());

const create = (fields: Record<string, unknown> = {}) =>
  admin.client.send('POST', '/admin-api/books', { author_id: authorId, title: 'A Companion', order: 2, md_content: '## Intro\n\nOne two three.', ...fields });

describe('books in the console', () => {
  it('adds books under an author, refusing blank or unknown ones, and lists them without their text', async () => {
    const added = await create();
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      author_id: authorId,
      author_name: 'Mira Alder',
      author_slug: 'mira-alder',
      title: 'A Companion',
      slug: 'a-companion',
      order: 2,
      md_content: '## Intro\n\nOne two three.',
      words: 4,
      revision: 1,
    });
    const second = await create({ title: 'Before', order: 1, md_content: 'First.' });
    const head = await api.deps.store.headPosition();
    expect((await create({ title: ' ' })).json()).toMatchObject({ statusCode: 400, fields: [{ field: 'title' }] });
    expect((await create({ md_content: '' })).json()).toMatchObject({ statusCode: 400, fields: [{ field: 'md_content' }] });
    expect((await create({ author_id: '00000000-0000-4000-8000-000000000000' })).json()).toMatchObject({ statusCode: 404, message: bookMessages.noAuthor });
    expect(await api.deps.store.headPosition()).toBe(head);

    const list = await admin.client.get(
      `/admin-api/books${listQuery({ sort: ['order', 'ASC'], range: [0, 9], filter: { author_id: authorId } })}`,
      after(second),
    );
    expect(list.headers['content-range']).toBe('books 0-1/2');
    expect(list.json<Book[]>().map((b) => b.slug)).toEqual(['before', 'a-companion']);
    expect(list.json<Book[]>().every((b) => b.md_content === undefined)).toBe(true);
    expect((await admin.client.get(`/admin-api/books${listQuery({ filter: { q: 'compan' } })}`)).json<Book[]>().map((b) => b.slug)).toEqual(['a-companion']);
  });

  it('revises with a revision check, restores an earlier revision, and serves the site the change', async () => {
    const [book] = (await admin.client.get(`/admin-api/books${listQuery({ filter: { q: 'compan' } })}`)).json<Book[]>();
    const id = book!.id;
    const saved = await admin.client.send('PUT', `/admin-api/books/${id}`, { title: 'The Companion', order: 2, md_content: '## Changed\n\nNew.', revision: 1 });
    expect(saved.json()).toMatchObject({ title: 'The Companion', slug: 'a-companion', revision: 2 });
    const stale = await admin.client.send('PUT', `/admin-api/books/${id}`, { title: 'Lost', order: 2, md_content: 'Lost.', revision: 1 });
    expect([stale.statusCode, stale.json<{ message: string }>().message]).toEqual([409, bookMessages.stale]);
    const restored = await admin.client.send('POST', `/admin-api/books/${id}/restore`, { revision: 1 });
    expect(restored.json()).toMatchObject({ title: 'A Companion', md_content: '## Intro\n\nOne two three.', revision: 3 });
    expect((await admin.client.send('POST', `/admin-api/books/${id}/restore`, { revision: 9 })).json()).toMatchObject({
      statusCode: 400,
      message: bookMessages.noRevision(9),
    });
    const events = await api.deps.store.readStream(bookStream(id));
    expect(events.map((e) => [e.type, (e.data as { restoredFrom?: number }).restoredFrom])).toEqual([
      ['BookAdded', undefined],
      ['BookRevised', undefined],
      ['BookRevised', 1],
    ]);
    const page = await new TestClient(api.app).get('/api/booksnew/mira-alder/a-companion', after(restored));
    expect(page.json()).toMatchObject({ BookName: 'A Companion', InnerTags: [{ TagHash: 'toc-intro', TagText: 'Intro' }] });
    // The History tab restores by the position of an event: the text the book had there.
    const revisedAt = events[1]!.position.toString();
    const byPosition = await admin.client.send('POST', `/admin-api/books/${id}/restore`, { position: revisedAt });
    expect(byPosition.json()).toMatchObject({ title: 'The Companion', md_content: '## Changed\n\nNew.', revision: 4 });
    expect((await admin.client.send('POST', `/admin-api/books/${id}/restore`, { position: '1' })).statusCode).toBe(404);
    expect((await admin.client.send('POST', `/admin-api/books/${id}/restore`, { revision: 1, position: revisedAt })).statusCode).toBe(400);
  });

  it('removes a book, and the author once it has none; users are refused and change nothing', async () => {
    const books = (await admin.client.get(`/admin-api/books${listQuery({ filter: { author_id: authorId } })}`)).json<Book[]>();
    const head = await api.deps.store.headPosition();
    expect((await user.client.send('DELETE', `/admin-api/books/${books[0]!.id}`)).statusCode).toBe(403);
    expect((await user.client.send('POST', `/admin-api/books/${books[0]!.id}/restore`, { revision: 1 })).statusCode).toBe(403);
    expect((await new TestClient(api.app, '192.0.2.9').send('DELETE', `/admin-api/books/${books[0]!.id}`)).statusCode).toBe(401);
    expect(await api.deps.store.headPosition()).toBe(head);
    for (const book of books) expect((await admin.client.send('DELETE', `/admin-api/books/${book.id}`)).json()).toMatchObject({ id: book.id });
    expect((await admin.client.send('DELETE', `/admin-api/books/${books[0]!.id}`)).statusCode).toBe(404);
    expect((await admin.client.send('DELETE', `/admin-api/authors/${authorId}`)).statusCode).toBe(200);
  });
});
