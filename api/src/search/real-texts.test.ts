import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@epos/schemas/search/responses';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { caughtUp, signIn } from '../testkit/people.js';
import { importText as importTextInto } from '../testkit/import-text.js';
import { GITA_I, INFERNO_I, PARADISE_LOST_I } from '../poem/import/fixtures/real-verse.js';

let api: TestApi;

const importText = (content: string) => importTextInto(api, content, { confirmed: true });
const search = async (query: Record<string, string>) => {
  const answer = await api.app.inject({ method: 'GET', url: `/api/v2/search?${new URLSearchParams(query).toString()}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SearchAnswer>();
};
const found = async (q: string, t = 'first') => (await search({ q, t })).bcontent.map((h) => [h.title, h.link]);

beforeAll(async () => {
  api = await startTestApi();
}, 300_000);
afterAll(async () => api?.close());

describe('names of books, cantos and sections, on real poems', () => {
  it("finds Milton's canto by its name, then Longfellow's long canto name once the Inferno replaces it", async () => {
    await importText(PARADISE_LOST_I);
    expect(await found('argument')).toEqual([['Book 1, Canto 1', '/1/1/1']]);
    await importText(INFERNO_I);
    expect(await found('argument')).toEqual([]);
    const panther = await search({ q: 'panther' });
    expect(panther).toMatchObject({ total: 1, didYouMean: null, commonWordsOnly: false });
    expect(panther.bcontent[0]).toMatchObject({ scope: 'first', title: 'Book 1, Canto 1', link: '/1/1/1' });
    expect(panther.bcontent[0]!.snippet).toContain('<mark>Panther</mark>, the Lion, and the Wolf. Virgil');
    expect(panther.counts).toMatchObject({ first: 1, centenary: 1, revised: 1 });
    expect(await found('inferno', 'revised')).toEqual([['Book 1', '/1/1/1/revised']]);
    // The canto's name comes before the verse that shares its word.
    expect((await found('forest')).slice(0, 2)).toEqual([
      ['Book 1, Canto 1', '/1/1/1'],
      ['Book 1, Canto 1, §1 — 1', '/1/1/1?search=forest'],
    ]);
    expect((await search({ q: 'worthier spirit', phrase: 'true' })).total).toBe(1);
  });

  it('finds a Devanagari canto and its sections by name, and offers no correction for a word found in the poem or a post', async () => {
    await importText(GITA_I);
    expect(await found('panther')).toEqual([]);
    expect(await found('अर्जुनविषादयोगः')).toEqual([['Book 1, Canto 1', '/1/1/1']]);
    expect(await found('उवाच')).toEqual([
      ['Book 1, Canto 1, §1', '/1/1/1'],
      ['Book 1, Canto 1, §2', '/1/1/2'],
    ]);
    expect(await found('भीष्मपर्व')).toEqual([['Book 1', '/1/1/1']]);
    const verse = await search({ q: 'पाण्डवानीकं' });
    expect([verse.total, verse.didYouMean]).toEqual([1, null]);
    // A post on the verse names the warriors in the stem form, which the poem's words are close to.
    const admin = await signIn(api, 'admin');
    expect((await admin.client.post('/postdata/createblog', { slug: 'gita', title: 'Gita notes' })).statusCode).toBe(200);
    const writer = await signIn(api, 'blogger', { blogs: ['gita'] });
    const made = await writer.client.post('/postdata/create', {
      blog_id: 'gita',
      title: 'Eager to fight',
      series_title: 'Readings',
      md_content: 'समवेता युयुत्सव: the assembled, eager for battle.',
      status: 0,
    });
    expect(made.statusCode, made.body).toBe(200);
    await caughtUp(api);
    const stem = await search({ q: 'युयुत्सव' });
    expect([stem.counts.posts, stem.didYouMean]).toEqual([1, null]);
    expect((await search({ q: 'युयुत्सवौ' })).didYouMean).toBe('युयुत्सवः');
    expect((await search({ q: 'the and of' })).notice).toBe('Only common words: try a more specific word, or a phrase with one in it.');
  });
});
