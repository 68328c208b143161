import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacklinksAnswer, ConnectionsAnswer } from '@epos/schemas/poem/responses';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { TestClient } from '../testkit/client.js';
import { importText } from '../testkit/import-text.js';
import { INFERNO_I } from './import/fixtures/real-verse.js';
import { after, signIn, type Person } from '../testkit/people.js';

let api: TestApi;
let admin: Person;
let writer: Person;
let reader: Person;

const backlinks = async (n: number, headers: Record<string, string> = {}) => {
  const answer = await new TestClient(api.app).get(`/api/poem/backlinks/${n}`, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<BacklinksAnswer>();
};
const ok = async (made: Promise<{ statusCode: number; body: string }>) => {
  const answer = await made;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer as Awaited<ReturnType<TestClient['post']>>;
};

beforeAll(async () => {
  api = await startTestApi();
  admin = await signIn(api, 'admin');
  await ok(admin.client.post('/postdata/createblog', { slug: 'notes', title: 'Reading notes' }));
  writer = await signIn(api, 'blogger', { blogs: ['notes'] });
  reader = await signIn(api, 'user');
  await importText(api, INFERNO_I, { fileName: 'inferno.txt' });
});
afterAll(async () => api.close());

describe("a sentence's backlinks", () => {
  it('gather the published posts, their comments, library pages and books that name it with ||n||, with counts', async () => {
    const post = (title: string, md: string, status: 0 | 2) =>
      ok(writer.client.post('/postdata/create', { blog_id: 'notes', title, series_title: 'On the poem', md_content: md, status }));
    const published = await post('The dark wood', 'The wood of ||3||, and again ||3||; compare ||5||.', 0);
    await post('A draft', 'Not yet: ||3||.', 2);
    const { id: postId } = published.json<{ id: string }>();
    const commented = await ok(reader.client.post(`/postdata/comment/${postId}`, { cm: 'The same fear is in ||3||, I think.' }, after(published)));
    const commentId = commented.json<{ comment: { id: string } }>().comment.id;
    const page = await ok(
      admin.client.post('/postdata/createPage', {
        name: 'Reading guide',
        url: '/reading-guide',
        permalink: 'reading-guide',
        category: 'Main menu',
        priority: 1,
        parent: '',
        md_content: 'Start at ||3||.',
      }),
    );
    await ok(admin.client.post('/postdata/insertauthors', { AuthorName: 'Mira Alder' }));
    const book = await ok(
      admin.client.post('/postdata/insertbooks', {
        BookName: 'A Companion',
        BookContentMd: '## The wood\n\nRead ||3|| slowly.',
        BookContentHtml: '',
        BookOrder: 1,
        AuthorName: '',
        Urlslug: 'mira-alder',
      }),
    );
    const pageId = page.json<{ id: string }>().id;

    const three = await backlinks(3, after(book));
    expect(three.counts).toEqual({ post: 1, comment: 1, page: 1, book: 1 });
    expect(three.links.map((l) => [l.kind, l.title, l.href]).sort()).toEqual(
      [
        ['book', 'A Companion', '/books/mira-alder/a-companion'],
        ['comment', 'The same fear is in 3, I think.', `/blogs/notes/the-dark-wood#comment-${commentId}`],
        ['page', 'Reading guide', '/reading-guide'],
        ['post', 'The dark wood', '/blogs/notes/the-dark-wood'],
      ].sort(),
    );
    expect((await backlinks(5)).counts).toEqual({ post: 1, comment: 0, page: 0, book: 0 });
    expect((await backlinks(4)).links).toEqual([]);

    // The post back to a draft takes its comment with it; a page deleted leaves; a comment edited away drops its link.
    const unpublished = await ok(
      writer.client.post('/postdata/update', {
        id: postId,
        blog_id: 'notes',
        title: 'The dark wood',
        series_title: 'On the poem',
        md_content: 'See ||3||.',
        status: 2,
      }),
    );
    expect((await backlinks(3, after(unpublished))).counts).toEqual({ post: 0, comment: 0, page: 1, book: 1 });
    const deleted = await ok(admin.client.post('/postdata/deletePage', { id: pageId }, after(unpublished)));
    expect((await backlinks(3, after(deleted))).counts).toEqual({ post: 0, comment: 0, page: 0, book: 1 });
    const republished = await ok(
      writer.client.post('/postdata/update', {
        id: postId,
        blog_id: 'notes',
        title: 'The dark wood',
        series_title: 'On the poem',
        md_content: 'See ||3||.',
        status: 0,
      }),
    );
    expect((await backlinks(3, after(republished))).counts).toEqual({ post: 1, comment: 1, page: 0, book: 1 });
    // The revised post no longer names 5.
    expect((await backlinks(5)).counts.post).toBe(0);
    const edited = await ok(reader.client.post(`/postdata/comment/${postId}/edit`, { id: commentId, cm: 'On second thought, no.' }, after(republished)));
    expect((await backlinks(3, after(edited))).counts.comment).toBe(0);
  });

  it('refuses a sentence that is not a number', async () => {
    expect((await new TestClient(api.app).get('/api/poem/backlinks/three')).statusCode).toBe(400);
  });
});

describe("a sentence's connections", () => {
  const connections = async (n: number, headers: Record<string, string> = {}) => {
    const answer = await new TestClient(api.app).get(`/api/poem/connections/${n}`, headers);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ConnectionsAnswer>();
  };

  it("count readers' works by type (hidden ones not), open suggestions, and carry the backlinks", async () => {
    const note = await ok(reader.client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: '4, 5', Description: 'The **light** on the hill.' }));
    const other = await ok(reader.client.post('/postdata/works', { TypeOf: 'text', SentenceNumber: '4', Description: 'A second reading.' }));
    const suggested = await reader.client.post('/postdata/suggestions', { sentence: 4, part: 'motherNote', proposed: 'A note on the hill.' }, after(other));
    expect(suggested.statusCode, suggested.body).toBe(200);
    const post = await ok(
      writer.client.post('/postdata/create', { blog_id: 'notes', title: 'The hill', series_title: 'On the poem', md_content: 'At ||4||.', status: 0 }),
    );

    const four = await connections(4, after(post));
    expect(four).toMatchObject({ sentence: 4, works: { text: 2, audio: 0, video: 0, rts: 0, slps: 0 }, suggestions: 1, counts: { post: 1 } });
    expect(four.links.map((l) => l.title)).toEqual(['The hill']);
    expect((await connections(5)).works.text).toBe(1);

    const hidden = await ok(admin.client.post(`/postdata/works/${other.json<{ id: string }>().id}/hide`, {}, after(note)));
    expect((await connections(4, after(hidden))).works.text).toBe(1);
  });

  it('answer 404 for a sentence the poem does not have, and 400 for one that is not a number', async () => {
    expect((await new TestClient(api.app).get('/api/poem/connections/99999')).statusCode).toBe(404);
    expect((await new TestClient(api.app).get('/api/poem/connections/seven')).statusCode).toBe(400);
  });
});
