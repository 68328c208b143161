import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyBookmarksAnswer, SentenceBookmarksAnswer } from '@epos/schemas';
import { HIGHLIGHTS_PROJECTION, type HighlightsReadModel } from '@epos/projections/study/highlights-projection';
import { INFERNO_I } from '../poem/import/fixtures/real-verse.js';
import { importText as importTextInto } from '../testkit/import-text.js';
import { TestClient } from '../testkit/client.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';

// Longfellow's Inferno I.1–21: sentence 1 "Midway upon the journey…", 2 "Ah me!…", 3 "So bitter is it…".
let api: TestApi;
let ada: Person;
let bo: Person;

const importText = (content: string) => importTextInto(api, content, { fileName: 'inferno.txt' });
const consistent = async () => ({ 'x-consistent-after': String(await api.deps.store.headPosition()) });
const list = async (who: Person, query = '') => {
  const answer = await who.client.get(`/api/my/bookmarks${query}`, await consistent());
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<MyBookmarksAnswer>();
};
const idOf = (answer: { json<T>(): T }) => answer.json<{ bookmarkId: string }>().bookmarkId;

beforeAll(async () => {
  api = await startTestApi();
  await importText(INFERNO_I);
  [ada, bo] = await Promise.all([signIn(api, 'user'), signIn(api, 'user')]);
});
afterAll(async () => api.close());

describe("a reader's bookmarks", () => {
  it('go into Bookmarks or a named collection, once each, listed with their section and first words', async () => {
    const plain = await ada.client.post('/api/my/bookmarks', { sentence: 3 });
    expect(plain.statusCode, plain.body).toBe(200);
    const made = await ada.client.post('/api/my/collections', { name: '  The dark wood  ' });
    expect(made.statusCode, made.body).toBe(200);
    const { collectionId } = made.json<{ collectionId: string }>();
    await caughtUp(api);
    const filed = await ada.client.post('/api/my/bookmarks', { sentence: 1, collectionId });
    const again = await ada.client.post('/api/my/bookmarks', { sentence: 3, collectionId });
    expect([filed.statusCode, again.statusCode]).toEqual([200, 200]);
    await caughtUp(api);

    const all = await list(ada);
    expect(all.unnamed).toBe(1);
    expect(all.collections).toEqual([{ collectionId, name: 'The dark wood', bookmarks: 2, madeAt: expect.any(String) }]);
    expect(all.bookmarks.map((b) => [b.sentence, b.collectionId, b.where])).toEqual([
      [1, collectionId, { book: 1, canto: 1, section: 1 }],
      [3, null, { book: 1, canto: 1, section: 1 }],
      [3, collectionId, { book: 1, canto: 1, section: 1 }],
    ]);
    expect(all.bookmarks[0]!.excerpt).toBe(
      'Midway upon the journey of our life I found myself within a forest dark, For the straightforward pathway had been lost.',
    );
    expect((await list(ada, '?order=date')).bookmarks.map((b) => b.bookmarkId)).toEqual([idOf(again), idOf(filed), idOf(plain)]);
    expect((await list(ada, '?collection=unnamed')).bookmarks.map((b) => b.bookmarkId)).toEqual([idOf(plain)]);
    expect((await list(ada, `?collection=${collectionId}`)).bookmarks.map((b) => b.sentence)).toEqual([1, 3]);
    expect((await list(ada, '?book=2')).bookmarks).toEqual([]);

    const sentence = (await ada.client.get('/api/my/bookmarks/sentence/3', await consistent())).json<SentenceBookmarksAnswer>();
    expect(sentence.bookmarks).toEqual(
      expect.arrayContaining([
        { bookmarkId: idOf(plain), collectionId: null },
        { bookmarkId: idOf(again), collectionId },
      ]),
    );
    expect(sentence.collections.map((c) => c.name)).toEqual(['The dark wood']);

    // Once a collection: refused with the collection's name, nothing appended.
    const head = await api.deps.store.headPosition();
    const twice = await ada.client.post('/api/my/bookmarks', { sentence: 1, collectionId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'This sentence is already in “The dark wood”' });
    const twicePlain = await ada.client.post('/api/my/bookmarks', { sentence: 3, collectionId: null });
    expect(twicePlain.json()).toMatchObject({ message: 'This sentence is already in Bookmarks' });
    expect(await api.deps.store.headPosition()).toBe(head);
    // Nobody else's.
    expect((await list(bo)).bookmarks).toEqual([]);
    expect((await new TestClient(api.app).get('/api/my/bookmarks')).statusCode).toBe(401);
  });

  it('move between collections, are removed, and go with a removed collection', async () => {
    const dee = await signIn(api, 'user');
    const grief = (await dee.client.post('/api/my/collections', { name: 'Grief' })).json<{ collectionId: string }>().collectionId;
    const fear = (await dee.client.post('/api/my/collections', { name: 'Fear' })).json<{ collectionId: string }>().collectionId;
    await caughtUp(api);
    const one = idOf(await dee.client.post('/api/my/bookmarks', { sentence: 2, collectionId: grief }));
    const two = idOf(await dee.client.post('/api/my/bookmarks', { sentence: 2, collectionId: fear }));
    await caughtUp(api);

    const clash = await dee.client.send('PATCH', `/api/my/bookmarks/${one}`, { collectionId: fear });
    expect(clash.statusCode).toBe(409);
    const moved = await dee.client.send('PATCH', `/api/my/bookmarks/${one}`, { collectionId: null });
    expect(moved.statusCode, moved.body).toBe(200);
    await caughtUp(api);
    expect((await list(dee, '?collection=unnamed')).bookmarks.map((b) => b.bookmarkId)).toEqual([one]);

    // Names are told apart without case; renamed, the name may be the collection's own in new case.
    const taken = await dee.client.post('/api/my/collections', { name: 'grief' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'You have a collection of that name' });
    expect((await dee.client.send('PATCH', `/api/my/collections/${grief}`, { name: 'FEAR' })).statusCode).toBe(409);
    expect((await dee.client.send('PATCH', `/api/my/collections/${grief}`, { name: 'GRIEF' })).statusCode).toBe(200);

    // Another reader can neither move, remove nor rename them.
    expect((await bo.client.send('PATCH', `/api/my/bookmarks/${two}`, { collectionId: null })).statusCode).toBe(404);
    expect((await bo.client.send('DELETE', `/api/my/bookmarks/${two}`)).statusCode).toBe(404);
    expect((await bo.client.post('/api/my/bookmarks', { sentence: 1, collectionId: fear })).json()).toMatchObject({ message: 'You have no such collection' });
    expect((await bo.client.send('PATCH', `/api/my/collections/${fear}`, { name: 'Mine' })).statusCode).toBe(404);

    expect((await dee.client.send('DELETE', `/api/my/collections/${fear}`)).statusCode).toBe(200);
    expect((await dee.client.send('DELETE', `/api/my/bookmarks/${one}`)).statusCode).toBe(200);
    await caughtUp(api);
    const left = await list(dee);
    expect(left.bookmarks).toEqual([]);
    expect(left.collections.map((c) => c.name)).toEqual(['GRIEF']);
    expect((await dee.client.send('DELETE', `/api/my/bookmarks/${one}`)).statusCode).toBe(404);
  });

  it('refuses bad input with a message naming the field, and appends nothing', async () => {
    const head = await api.deps.store.headPosition();
    const refusals: [string, Record<string, unknown>, number, string][] = [
      ['/api/my/bookmarks', { sentence: 9_999 }, 404, 'Not Found'],
      ['/api/my/bookmarks', { sentence: 0 }, 400, 'sentence'],
      ['/api/my/bookmarks', { sentence: 1, collectionId: 'grief' }, 400, 'expected a collection id'],
      ['/api/my/bookmarks', { sentence: 1, collectionId: '00000000-0000-4000-8000-000000000000' }, 400, 'You have no such collection'],
      ['/api/my/collections', { name: '   ' }, 400, 'Give the collection a name'],
      ['/api/my/collections', { name: 'x'.repeat(81) }, 400, "A collection's name may have at most 80 characters"],
    ];
    for (const [url, body, status, message] of refusals) {
      const refused = await ada.client.post(url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.body).toContain(message);
    }
    for (const query of ['?collection=someday', '?order=random', '?book=0', '?edition=fourth'])
      expect((await ada.client.get(`/api/my/bookmarks${query}`)).statusCode, query).toBe(400);
    expect((await new TestClient(api.app).post('/api/my/bookmarks', { sentence: 1 })).statusCode).toBe(401);
    expect(await api.deps.store.headPosition()).toBe(head);
  });

  it('go with their sentence when it is merged into another', async () => {
    const eve = await signIn(api, 'user');
    const marked = await eve.client.post('/api/my/bookmarks', { sentence: 3 });
    expect(marked.statusCode).toBe(200);
    await caughtUp(api);
    // Sentence 2 now runs on into 3 ("…renews the fear, / So bitter is it…").
    await importText(INFERNO_I.replace('renews the fear.', 'renews the fear,'));
    const [bookmark] = (await list(eve)).bookmarks;
    expect(bookmark).toMatchObject({ sentence: 2, where: { book: 1, canto: 1, section: 1 } });
    expect(bookmark!.excerpt).toMatch(/^Ah me! how hard a thing/);
  });
});

describe("the reader's bookmarks as their own data", () => {
  it('are in the download of their data, and erased with their account', async () => {
    const cy = await signIn(api, 'user');
    const collectionId = (await cy.client.post('/api/my/collections', { name: 'Beginnings' })).json<{ collectionId: string }>().collectionId;
    await caughtUp(api);
    const marked = await cy.client.post('/api/my/bookmarks', { sentence: 1, collectionId });
    expect(marked.statusCode).toBe(200);
    const data = (await cy.client.get('/postdata/mydata', after(marked))).json();
    expect(data.collections).toEqual([{ id: collectionId, name: 'Beginnings', madeAt: expect.any(String) }]);
    expect(data.bookmarks).toEqual([{ sentence: 1, sentenceId: expect.any(Number), collection: collectionId, addedAt: expect.any(String) }]);
    const deleted = await cy.client.post('/postdata/deleteAccount', { Password: cy.password });
    expect(deleted.json()).toMatchObject({ type: 1 });
    await caughtUp(api);
    const model = await api.deps.progress.readModel<HighlightsReadModel>(HIGHLIGHTS_PROJECTION);
    expect(await model.selectFrom('bookmarks').select('bookmark_id').where('user_id', '=', cy.userId).execute()).toEqual([]);
    expect(await model.selectFrom('collections').select('name').where('user_id', '=', cy.userId).execute()).toEqual([]);
  });
});

describe('My study: bookmarks to download', () => {
  it('as markdown, a heading per collection, and as JSON, by the same filter', async () => {
    const fay = await signIn(api, 'user');
    const { collectionId } = (await fay.client.post('/api/my/collections', { name: 'Fear' })).json<{ collectionId: string }>();
    await caughtUp(api);
    await fay.client.post('/api/my/bookmarks', { sentence: 1 });
    const last = await fay.client.post('/api/my/bookmarks', { sentence: 2, collectionId });
    expect(last.statusCode).toBe(200);
    const markdown = await fay.client.get('/api/my/bookmarks.md', after(last));
    expect(markdown.statusCode).toBe(200);
    expect(markdown.headers['content-disposition']).toBe('attachment; filename="my-bookmarks.md"');
    expect(markdown.body).toMatch(
      /^# My bookmarks in The Divine Comedy\n\n2 bookmarks, as of \d{4}-\d{2}-\d{2}\.\n\n## Bookmarks\n\n- \[Sentence 1\]\(http[^)]+\/1\) · Book 1, Canto 1, Section 1 · added \d{4}-\d{2}-\d{2}: “Midway upon the journey[^”]+”\n\n## Fear\n\n- \[Sentence 2\]/u,
    );
    const json = await fay.client.get(`/api/my/bookmarks.json?collection=${collectionId}`, after(last));
    expect(json.headers['content-disposition']).toBe('attachment; filename="my-bookmarks.json"');
    expect(json.json<MyBookmarksAnswer>().bookmarks.map((b) => b.sentence)).toEqual([2]);
    expect((await fay.client.get('/api/my/bookmarks.md?collection=x')).statusCode).toBe(400);
  });
});
