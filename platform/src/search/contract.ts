import { describe, expect, it } from 'vitest';
import { searchScopes, type SearchDocument, type SearchQuery, type SearchResult } from '@epos/schemas/search/documents';
import type { SearchIndex, SearchWriter } from './port.js';

/** An empty index of its own, and a way to write to it as the search projection does. */
export interface SearchIndexUnderTest {
  index: SearchIndex;
  /** PostgreSQL: in one transaction bound to the version's schema, as the projection runner gives it. */
  write(change: (writer: SearchWriter) => Promise<void>): Promise<void>;
}

let serial = 0;

export function searchDocument(fields: Partial<SearchDocument> & Pick<SearchDocument, 'text'>): SearchDocument {
  const id = fields.id ?? `doc:${++serial}`;
  return {
    id,
    scope: 'revised',
    language: 'en',
    title: '',
    link: `/test/${encodeURIComponent(id)}`,
    sentence: null,
    order: null,
    date: null,
    author: null,
    blog: null,
    post: null,
    ...fields,
  };
}

const poem = (sentence: number, text: string, extra: Partial<SearchDocument> = {}) =>
  searchDocument({ id: `sentence:${sentence}:revised`, sentence, order: sentence, title: `Line ${sentence}`, text, ...extra });
const post = (id: string, text: string, extra: Partial<SearchDocument> = {}) =>
  searchDocument({
    id: `post:${id}`,
    scope: 'posts',
    post: id,
    title: `Post ${id}`,
    text,
    author: 'ann',
    blog: 'dawn-notes',
    date: '2026-01-01T00:00:00.000Z',
    ...extra,
  });
const comment = (id: string, onPost: string, text: string, author = 'bob') =>
  searchDocument({
    id: `comment:${id}`,
    scope: 'comments',
    post: onPost,
    title: `On post ${onPost}`,
    text,
    author,
    blog: 'dawn-notes',
    date: '2026-01-02T00:00:00.000Z',
  });

/**
 * The behaviour every search index adapter must have; `open` gives a fresh, empty index per test.
 */
export function searchIndexContract(name: string, open: () => Promise<SearchIndexUnderTest>): void {
  const upsert = (t: SearchIndexUnderTest, documents: SearchDocument[]) => t.write((w) => w.upsert(documents));
  const find = (t: SearchIndexUnderTest, q: string, options: Partial<SearchQuery> = {}): Promise<SearchResult> =>
    t.index.search({ q, scope: 'revised', page: 1, pageSize: 20, phrase: false, ...options });
  const ids = (result: SearchResult) => result.hits.map((h) => h.id);

  describe(`${name} search index contract`, () => {
    it('finds an indexed document with what a hit shows, and counts every scope', async () => {
      const t = await open();
      await upsert(t, [poem(7, 'The golden dawn broke over the sea'), post('p1', 'A morning at the sea', { date: '2026-03-04T05:06:07.000Z' })]);
      const result = await find(t, 'dawn');
      expect(result.hits).toEqual([
        {
          id: 'sentence:7:revised',
          scope: 'revised',
          title: 'Line 7',
          link: '/test/sentence%3A7%3Arevised',
          sentence: 7,
          date: null,
          snippet: expect.stringContaining('<mark>dawn</mark>'),
        },
      ]);
      expect(result.total).toBe(1);
      expect(Object.keys(result.counts).sort()).toEqual([...searchScopes].sort());
      expect(result.counts).toMatchObject({ revised: 1, posts: 0, first: 0 });
      const sea = await find(t, 'sea', { scope: 'posts' });
      expect(sea.counts).toMatchObject({ revised: 1, posts: 1 });
      expect(sea.hits.map((h) => [h.id, h.date])).toEqual([['post:p1', '2026-03-04T05:06:07.000Z']]);
      expect((await find(t, 'nightfall')).total).toBe(0);
    });

    it('finds words through their English stem and without their accents', async () => {
      const t = await open();
      await upsert(t, [poem(1, 'Sāvitrī went walking through the forests')]);
      expect(ids(await find(t, 'savitri walks forest'))).toEqual(['sentence:1:revised']);
    });

    it('replaces a document upserted again, and an upsert applied twice changes nothing', async () => {
      const t = await open();
      await upsert(t, [poem(1, 'The river sang')]);
      await upsert(t, [poem(1, 'The mountain slept')]);
      await upsert(t, [poem(1, 'The mountain slept')]);
      expect((await find(t, 'river')).total).toBe(0);
      expect((await find(t, 'mountain')).total).toBe(1);
      await t.write(async (w) => {
        await w.upsert([poem(2, 'first draft'), poem(2, 'second thought')]);
      });
      expect((await find(t, 'draft')).total).toBe(0);
      expect((await find(t, 'thought')).total).toBe(1);
    });

    it('removes by ids, by sentence, by post with its comments, and by author', async () => {
      const t = await open();
      await upsert(t, [
        poem(1, 'ember one'),
        poem(2, 'ember two'),
        searchDocument({ id: 'translation:2:fr', scope: 'translations', language: 'fr', sentence: 2, order: 2, text: 'ember deux' }),
        post('p1', 'ember post'),
        comment('c1', 'p1', 'ember comment'),
        post('p2', 'ember other post', { author: 'cy' }),
        comment('c2', 'p2', 'ember reply', 'ann'),
      ]);
      const counts = async () => (await find(t, 'ember')).counts;
      expect(await counts()).toMatchObject({ revised: 2, translations: 1, posts: 2, comments: 2 });
      await t.write((w) => w.remove({ ids: ['sentence:1:revised'] }));
      expect(await counts()).toMatchObject({ revised: 1, translations: 1 });
      await t.write((w) => w.remove({ sentence: 2 }));
      expect(await counts()).toMatchObject({ revised: 0, translations: 0, posts: 2, comments: 2 });
      await t.write((w) => w.remove({ post: 'p1' }));
      expect(await counts()).toMatchObject({ posts: 1, comments: 1 });
      await t.write((w) => w.remove({ author: 'ann' }));
      expect(await counts()).toMatchObject({ posts: 1, comments: 0 });
      expect(ids(await find(t, 'ember', { scope: 'posts' }))).toEqual(['post:p2']);
    });

    it('matches the words in any order, or with phrase the exact phrase only', async () => {
      const t = await open();
      await upsert(t, [poem(1, 'a golden dawn arose'), poem(2, 'the dawn was golden')]);
      expect(ids(await find(t, 'golden dawn')).sort()).toEqual(['sentence:1:revised', 'sentence:2:revised']);
      expect(ids(await find(t, 'golden dawn', { phrase: true }))).toEqual(['sentence:1:revised']);
      expect(ids(await find(t, '"golden dawn"'))).toEqual(['sentence:1:revised']);
    });

    it('says a query of common words only (a phrase too) searches nothing, and finds a phrase with common words in it', async () => {
      const t = await open();
      // Longfellow's Inferno I.4–6 and I.10.
      await upsert(t, [
        poem(1, 'Midway upon the journey of our life\nI found myself within a forest dark,\nFor the straightforward pathway had been lost.'),
        poem(2, 'Ah me! how hard a thing it is to say\nWhat was this forest savage, rough, and stern,\nWhich in the very thought renews the fear.'),
        searchDocument({ id: 'translation:2:sa', scope: 'translations', language: 'sa', sentence: 2, order: 2, text: 'अहो कष्टं वक्तुं तद् वनं घोरम्' }),
      ]);
      for (const [q, phrase] of [
        ['the and of', false],
        ['it is to', true],
        ["What was this, don't?", false],
        ['"it is"', false],
      ] as const) {
        const result = await find(t, q, { phrase });
        expect([result.commonWordsOnly, result.total, result.hits, result.capped], q).toEqual([true, 0, [], []]);
        expect(
          Object.values(result.counts).every((n) => n === 0),
          q,
        ).toBe(true);
      }
      const phrase = await find(t, 'the journey of our life', { phrase: true });
      expect([phrase.commonWordsOnly, ids(phrase)]).toEqual([false, ['sentence:1:revised']]);
      expect(ids(await find(t, 'a thing it is to say', { phrase: true }))).toEqual(['sentence:2:revised']);
      expect((await find(t, 'the forest')).counts).toMatchObject({ revised: 2 });
      for (const q of ['!!!', 'वनं', 'Thé forest']) expect((await find(t, q, { scope: 'translations' })).commonWordsOnly, q).toBe(false);
    });

    it('answers hits of the chosen scope only, with every scope counted', async () => {
      const t = await open();
      await upsert(t, [
        poem(1, 'lantern light'),
        searchDocument({ id: 'sentence:1:first', scope: 'first', sentence: 1, order: 1, text: 'lantern light' }),
        searchDocument({ id: 'note:1:reason', scope: 'notes', sentence: 1, order: 1, text: 'a lantern note' }),
        searchDocument({ id: 'commentary:1:a', scope: 'commentary', sentence: 1, order: 1, text: 'the lantern means hope' }),
        post('p1', 'lanterns everywhere'),
        searchDocument({ id: 'page:about', scope: 'pages', text: 'about the lantern' }),
      ]);
      const result = await find(t, 'lantern', { scope: 'notes' });
      expect(result.counts).toMatchObject({ first: 1, centenary: 0, revised: 1, notes: 1, commentary: 1, posts: 1, pages: 1, books: 0 });
      expect(ids(result)).toEqual(['note:1:reason']);
    });

    it('filters posts and comments by author and by blog, leaving the other scopes counted', async () => {
      const t = await open();
      await upsert(t, [
        poem(1, 'willow by the water'),
        post('p1', 'willow essay', { author: 'ann', blog: 'trees' }),
        post('p2', 'willow poem', { author: 'bob', blog: 'trees' }),
        post('p3', 'willow study', { author: 'ann', blog: 'rivers' }),
      ]);
      const byAnn = await find(t, 'willow', { scope: 'posts', author: 'ann' });
      expect(ids(byAnn).sort()).toEqual(['post:p1', 'post:p3']);
      expect(byAnn.counts).toMatchObject({ revised: 1, posts: 2 });
      expect(ids(await find(t, 'willow', { scope: 'posts', blog: 'trees' })).sort()).toEqual(['post:p1', 'post:p2']);
      expect(ids(await find(t, 'willow', { scope: 'posts', author: 'ann', blog: 'trees' }))).toEqual(['post:p1']);
      expect((await find(t, 'willow', { scope: 'posts', author: 'nobody' })).total).toBe(0);
    });

    it('pages from 1 in poem order, every hit once; a page beyond the last is empty', async () => {
      const t = await open();
      await upsert(
        t,
        Array.from({ length: 25 }, (_, i) => poem(100 - i, `the same starry night`)),
      );
      const pages = await Promise.all([1, 2, 3, 4].map((page) => find(t, 'starry', { page, pageSize: 10 })));
      expect(pages.map((p) => p.hits.length)).toEqual([10, 10, 5, 0]);
      expect(pages.map((p) => p.total)).toEqual([25, 25, 25, 25]);
      expect(pages.map((p) => p.more)).toEqual([true, true, false, false]);
      expect(pages.every((p) => p.capped.length === 0)).toBe(true);
      const all = pages.flatMap((p) => p.hits.map((h) => h.sentence));
      expect(all).toEqual(Array.from({ length: 25 }, (_, i) => 76 + i));
    });

    it('highlights with <mark> and escapes everything else', async () => {
      const t = await open();
      await upsert(t, [poem(1, 'Fire & <script>alert("fire")</script> "quoted" <b>bold</b>')]);
      const [hit] = (await find(t, 'fire')).hits;
      expect(hit?.snippet).toContain('<mark>Fire</mark>');
      expect(hit?.snippet).toContain('&amp;');
      expect(hit?.snippet).toContain('&lt;script&gt;');
      expect(hit?.snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    });

    it('ranks a document with the word in its title and twice in its text above one with it once; ties in poem order', async () => {
      const t = await open();
      await upsert(t, [poem(1, 'a bell rang once'), poem(9, 'the bell, the bell of evening', { title: 'Bell' }), poem(3, 'a bell rang once')]);
      expect(ids(await find(t, 'bell'))).toEqual(['sentence:9:revised', 'sentence:1:revised', 'sentence:3:revised']);
    });

    it('finds Devanagari and Chinese text', async () => {
      const t = await open();
      await upsert(t, [
        searchDocument({ id: 'translation:1:hi', scope: 'translations', language: 'hi', sentence: 1, order: 1, text: 'सत्यमेव जयते नानृतं' }),
        searchDocument({ id: 'translation:1:sa', scope: 'translations', language: 'sa', sentence: 1, order: 1, text: 'धर्मो रक्षति रक्षितः' }),
        searchDocument({ id: 'translation:1:zh', scope: 'translations', language: 'zh', sentence: 1, order: 1, text: '天地玄黄，宇宙洪荒。' }),
      ]);
      const scope = 'translations' as const;
      expect(ids(await find(t, 'जयते', { scope }))).toEqual(['translation:1:hi']);
      expect(ids(await find(t, 'रक्षति', { scope }))).toEqual(['translation:1:sa']);
      const chinese = await find(t, '宇宙', { scope });
      expect(ids(chinese)).toEqual(['translation:1:zh']);
      expect(chinese.hits[0]?.snippet).toMatch(/<mark>宇宙<\/mark>|<mark>宇<\/mark><mark>宙<\/mark>/);
      expect(chinese.hits[0]?.snippet.replace(/<\/?mark>/g, '')).toBe('天地玄黄，宇宙洪荒。');
      expect((await find(t, '日月', { scope })).total).toBe(0);
    });

    it('never throws on hostile input', async () => {
      const t = await open();
      await upsert(t, [poem(1, 'a quiet harbour at dusk')]);
      const hostile = [
        '"',
        '"harbour',
        '""',
        "'",
        '&|!:*',
        'harbour:*',
        'harbour & !',
        '!!!',
        '(((',
        ')',
        '-',
        '- -harbour',
        'a <-> b',
        '<2>',
        "'; drop table documents; --",
        'harbour\u0000',
        '\\',
        '%_',
        '😀🌊',
        'שלום עולם',
        'مرحبا',
        '\u202eharbour',
        'x'.repeat(200),
        '   ',
        'OR AND NOT',
        'harbour OR',
        '*',
        ':',
        'title:harbour',
        'harbour && dusk',
      ];
      for (const q of hostile) {
        for (const phrase of [false, true]) {
          const result = await find(t, q, { phrase });
          expect(result.hits.length, q).toBeLessThanOrEqual(1);
        }
      }
      expect((await find(t, 'harbour')).total).toBe(1);
    });

    it('suggests the poem words, post titles and page names by prefix, the most used first, from one character', async () => {
      const t = await open();
      await upsert(t, [
        poem(1, 'Silver silence, silver sky'),
        poem(2, 'the silver moon'),
        post('p1', 'body', { title: 'Silent Nights' }),
        searchDocument({ id: 'page:sil', scope: 'pages', title: 'Sillery Garden', text: 'page' }),
        searchDocument({ id: 'note:1:reason', scope: 'notes', text: 'silk is not a poem word' }),
      ]);
      expect(await t.index.suggest('s', 10)).toEqual(['silver', 'Silent Nights', 'silence', 'Sillery Garden', 'sky'].sort(bySuggestionOrder(['silver'])));
      expect(await t.index.suggest('SIL', 2)).toEqual(['silver', expect.any(String)]);
      expect(await t.index.suggest('silen', 10)).toEqual(['Silent Nights', 'silence'].sort(bySuggestionOrder([])));
      expect(await t.index.suggest('q%', 10)).toEqual([]);
      await t.write((w) => w.remove({ sentence: 1 }));
      expect(await t.index.suggest('sil', 10)).toEqual(['Silent Nights', 'Sillery Garden', 'silver']);
      await t.write((w) => w.remove({ sentence: 2 }));
      expect(await t.index.suggest('silv', 10)).toEqual([]);
    });
  });
}

/** The most used first (`first`), then by lower-case key. */
function bySuggestionOrder(first: string[]) {
  return (a: string, b: string) =>
    Number(first.includes(b)) - Number(first.includes(a)) || (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);
}
