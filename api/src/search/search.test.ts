import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchAnswer } from '@epos/schemas/search/responses';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { after, caughtUp, signIn, type Person } from '../testkit/people.js';
import { poemDemoSeeder } from '../poem/demo-seed.js';
import { base64Chunks, searchFileBlocks } from './hits.js';

let api: TestApi;
let admin: Person;
let writer: Person;
let reader: Person;
const posts: Record<string, { id: string; url: string }> = {};

const search = async (query: Record<string, string>, headers: Record<string, string> = {}) => {
  const answer = await api.app.inject({ method: 'GET', url: `/api/v2/search?${new URLSearchParams(query).toString()}`, headers });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<SearchAnswer>();
};
const titles = (answer: SearchAnswer) => answer.bcontent.map((h) => h.title);
const write = async (title: string, markdown: string, status: 0 | 2 = 0, blog = 'talk', who = writer) => {
  const made = await who.client.post('/postdata/create', { blog_id: blog, title, series_title: 'Talks', md_content: markdown, status });
  expect(made.statusCode, made.body).toBe(200);
  posts[title] = made.json<{ id: string; url: string }>();
  return made;
};
const comment = async (who: Person, post: string, cm: string) => {
  const posted = await who.client.post(`/postdata/comment/${posts[post]!.id}`, { cm });
  expect(posted.statusCode, posted.body).toBe(200);
  return { response: posted, id: posted.json<{ comment: { id: string } }>().comment.id };
};

beforeAll(async () => {
  // Every search here comes from one address: the limits per address have tests of their own (http/costly-reads.test.ts).
  api = await startTestApi({ env: { RATE_LIMIT_FACTOR: '20' } });
  await poemDemoSeeder.seed(api.deps);
  admin = await signIn(api, 'admin');
  for (const slug of ['talk', 'other']) expect((await admin.client.post('/postdata/createblog', { slug, title: `The ${slug} blog` })).statusCode).toBe(200);
  writer = await signIn(api, 'blogger', { blogs: ['talk', 'other'] });
  reader = await signIn(api, 'user');
  await write('Lanterns at dusk', 'On **lanterns** and the [harbour](https://example.org) at dusk.');
  await write('Quiet lanterns', 'More about lanterns, quietly.', 0, 'other');
  await write('Unfinished thoughts', 'A draft about lanterns.', 2);
  await caughtUp(api);
}, 300_000);
afterAll(async () => api?.close());

describe('the poem', () => {
  it('finds a word in every edition, with counts per scope, a title and a link that carries the words', async () => {
    const answer = await search({ q: 'lamp' });
    expect(answer.t).toBe('first');
    expect(answer.counts.first).toBeGreaterThan(0);
    expect(answer.counts.centenary).toBe(answer.counts.first);
    expect(answer.total).toBe(answer.counts.first);
    const hit = answer.bcontent.find((h) => h.title === 'Book 1, Canto 1, §1 — 1')!;
    expect(hit.link).toBe('/1/1/1?search=lamp');
    expect(hit.snippet).toContain('<mark>Lamp</mark>');
    const revised = await search({ q: 'lamp', t: 'revised' });
    expect(revised.bcontent.map((h) => h.link)).toContain('/1/1/1/revised?search=lamp');
  });

  it('pages the hits, an empty page past the last', async () => {
    const many = 'lamp or dark or light or one or said';
    const all = await search({ q: many });
    expect(all.total).toBeGreaterThan(20);
    expect(all.bcontent).toHaveLength(20);
    expect(all.Paging).toEqual({ CurrentPage: 1, TotalPagesCount: Math.ceil(all.total / 20), Skip: 0 });
    expect(new Set(all.bcontent.map((h) => h.id)).size).toBe(20);
    const second = await search({ q: many, page: '2' });
    expect(second.bcontent.length).toBe(Math.min(20, all.total - 20));
    expect(second.bcontent.map((h) => h.id)).not.toContain(all.bcontent[0]!.id);
    const beyond = await search({ q: many, page: '999' });
    expect(beyond.bcontent).toEqual([]);
    expect(beyond.total).toBe(all.total);
    expect([all.more, beyond.more, all.capped]).toEqual([true, false, []]);
  });

  it('says "did you mean" with the closest words the poem holds, and null when it knows every word', async () => {
    const typo = await search({ q: 'lamb evenign' });
    expect(typo.didYouMean).toBe('lamp evening');
    expect((await search({ q: 'evening lamp' })).didYouMean).toBeNull();
  });

  it('says "did you mean" only when no tab has a hit: never for words found in notes, translations or posts', async () => {
    // Each close to a word of the poem ('vale', 'dead', 'stay'), so that a correction was offered before.
    for (const [q, t] of [
      ['valley', 'notes'],
      ['death', 'notes'],
      ['stanza', 'commentary'],
      ['सायन्तनदीप', 'translations'],
      ['lanterns', 'posts'],
    ] as const) {
      const answer = await search({ q });
      expect(answer.counts[t], q).toBeGreaterThan(0);
      expect(answer.didYouMean, q).toBeNull();
    }
    expect((await search({ q: 'evenign', t: 'posts' })).didYouMean).toBe('evening');
  });

  it('says when every word is a common one, in the answer and without a correction, a phrase too', async () => {
    for (const query of [{ q: 'the and of' }, { q: 'The AND of', t: 'posts' }, { q: 'of the', phrase: 'true' }] as Record<string, string>[]) {
      const answer = await search(query);
      expect(answer, query.q).toMatchObject({
        commonWordsOnly: true,
        notice: 'Only common words: try a more specific word, or a phrase with one in it.',
        total: 0,
        bcontent: [],
        didYouMean: null,
      });
    }
    const phrase = await search({ q: 'the lamp of evening', phrase: 'true' });
    expect([phrase.commonWordsOnly, phrase.notice, titles(phrase)]).toEqual([false, null, expect.arrayContaining(['Book 1, Canto 1, §1 — 1'])]);
  });

  it('matches the exact phrase only with phrase=true', async () => {
    const words = await search({ q: 'evening lamp' });
    const phrase = await search({ q: 'evening lamp', phrase: 'true' });
    const exact = await search({ q: 'lamp of evening', phrase: 'true' });
    expect(words.total).toBeGreaterThan(0);
    expect(phrase.total).toBe(0);
    expect(titles(exact)).toContain('Book 1, Canto 1, §1 — 1');
  });

  it('finds translations (Devanagari too), notes and commentary', async () => {
    const devanagari = await search({ q: 'सायन्तनदीप', t: 'translations' });
    expect(devanagari.total).toBeGreaterThan(0);
    expect(devanagari.bcontent[0]!.title).toBe('Book 1, Canto 1, §1 — 1 (Sanskrit)');
    const notes = await search({ q: 'invocation', t: 'notes' });
    expect(notes.bcontent[0]).toMatchObject({ scope: 'notes', title: 'Book 1, Canto 1, §1 — 1' });
    const chinese = await search({ q: '灯', t: 'translations' });
    expect(chinese.bcontent.map((h) => h.title)).toContain('Book 1, Canto 1, §1 — 1 (Chinese)');
    const anyCommentary = await search({ q: 'poem', t: 'commentary' });
    expect(anyCommentary.total).toBeGreaterThan(0);
    expect(anyCommentary.bcontent[0]!.scope).toBe('commentary');
  });
});

describe('posts and comments', () => {
  it('finds published posts as plain text, not drafts, and filters by author and blog', async () => {
    const answer = await search({ q: 'lanterns', t: 'posts' });
    expect(titles(answer).sort()).toEqual(['Lanterns at dusk', 'Quiet lanterns']);
    expect(answer.bcontent.find((h) => h.title === 'Lanterns at dusk')!.link).toBe(`/blogs/talk/${posts['Lanterns at dusk']!.url}`);
    expect(answer.counts.posts).toBe(2);
    expect(titles(await search({ q: 'lanterns', t: 'posts', journal: 'other' }))).toEqual(['Quiet lanterns']);
    expect((await search({ q: 'lanterns', t: 'posts', author: writer.userId })).total).toBe(2);
    expect((await search({ q: 'lanterns', t: 'posts', author: reader.userId })).total).toBe(0);
    expect((await search({ q: 'harbour', t: 'posts' })).bcontent[0]!.snippet).not.toContain('https://');
  });

  it("takes the spec's tab name t=post for the posts tab, and answers it as posts", async () => {
    const answer = await search({ q: 'lanterns', t: 'post' });
    expect(answer.t).toBe('posts');
    expect(titles(answer).sort()).toEqual(['Lanterns at dusk', 'Quiet lanterns']);
  });

  it('highlights with <mark> only, everything else escaped', async () => {
    const made = await writer.client.post('/postdata/create', {
      blog_id: 'talk',
      title: 'Markup',
      subtitle: 'Fish & <chips> with fireflies',
      series_title: 'Talks',
      md_content: 'Plain body.',
      status: 0,
    });
    expect(made.statusCode, made.body).toBe(200);
    const snippet = (await search({ q: 'fireflies', t: 'posts' }, after(made))).bcontent[0]!.snippet;
    expect(snippet).toContain('<mark>fireflies</mark>');
    expect(snippet).toContain('Fish &amp; &lt;chips&gt;');
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('removes a post at once when it is unpublished or deleted', async () => {
    await write('Moonlit ferries', 'Ferries under the moon.');
    const published = await search(
      { q: 'ferries', t: 'posts' },
      after(
        await writer.client.post('/postdata/create', {
          blog_id: 'talk',
          title: 'Ferries again',
          series_title: 'Talks',
          md_content: 'Ferries once more.',
          status: 0,
        }),
      ),
    );
    expect(published.total).toBe(2);
    const unpublished = await writer.client.post('/postdata/update', {
      id: posts['Moonlit ferries']!.id,
      blog_id: 'talk',
      title: 'Moonlit ferries',
      series_title: 'Talks',
      md_content: 'Ferries under the moon.',
      status: 2,
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect(titles(await search({ q: 'ferries', t: 'posts' }, after(unpublished)))).toEqual(['Ferries again']);
    const deleted = await writer.client.post('/postdata/delete', { url: (await search({ q: 'ferries', t: 'posts' })).bcontent[0]!.link.split('/').at(-1) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await search({ q: 'ferries', t: 'posts' }, after(deleted))).total).toBe(0);
  });

  it('finds visible comments, and drops a hidden one with its thread', async () => {
    const { response, id } = await comment(reader, 'Lanterns at dusk', 'Glowworms are the lanterns of the hedge.');
    const found = await search({ q: 'glowworms', t: 'comments' }, after(response));
    expect(found.bcontent[0]).toMatchObject({ scope: 'comments', title: 'Comment on Lanterns at dusk' });
    const hidden = await admin.client.send('PUT', `/admin-api/comments/${id}`, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await search({ q: 'glowworms', t: 'comments' }, after(hidden))).total).toBe(0);
    const shown = await admin.client.send('PUT', `/admin-api/comments/${id}`, { hidden: false });
    expect((await search({ q: 'glowworms', t: 'comments' }, after(shown))).total).toBe(1);
  });

  it('forgets everything of an erased account at once', async () => {
    const leaver = await signIn(api, 'blogger', { blogs: ['talk'] });
    await write('Farewell tidings', 'Tidings of a departure.', 0, 'talk', leaver);
    const { response } = await comment(leaver, 'Lanterns at dusk', 'Tidings from the leaver.');
    const before = await search({ q: 'tidings', t: 'posts' }, after(response));
    expect(before.total).toBe(1);
    expect(before.counts.comments).toBe(1);
    const erased = await leaver.client.post('/postdata/deleteAccount', { Password: `pw-${leaver.userName}-secret` });
    expect(erased.statusCode, erased.body).toBe(200);
    const gone = await search({ q: 'tidings', t: 'posts' }, after(erased));
    expect(gone.counts.posts + gone.counts.comments).toBe(0);
  });

  it('takes an archived blog out and brings it back', async () => {
    const { version } = (await admin.client.get('/admin-api/blogs/other')).json<{ version: number }>();
    const archived = await admin.client.send('PUT', '/admin-api/blogs/other', { archived: true, version });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(titles(await search({ q: 'lanterns', t: 'posts' }, after(archived)))).toEqual(['Lanterns at dusk']);
    const back = await admin.client.send('PUT', '/admin-api/blogs/other', { archived: false, version: archived.json<{ version: number }>().version });
    expect((await search({ q: 'lanterns', t: 'posts' }, after(back))).total).toBe(2);
  });
});

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

describe('download and suggestions', () => {
  it('downloads every hit of a scope as markdown, one block per hit with its reference', async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/api/v2/search/download?q=lamp&t=first' });
    expect(answer.statusCode, answer.body).toBe(200);
    const { fileName, file } = answer.json<{ fileName: string; file: string }>();
    expect(fileName).toBe('search-first.md');
    const text = Buffer.from(file, 'base64').toString('utf8');
    expect(text).toContain('## Book 1, Canto 1, §1 — 1\n\n/1/1/1?search=lamp\n\n');
    expect(text).not.toContain('<mark>');
    expect(text.match(/^## /gm)).toHaveLength((await search({ q: 'lamp' })).total);
  });

  it('stops at the cap, reading page after page, and says how many hits were left out', async () => {
    const total = (await search({ q: 'lamp' })).total;
    const file = async (cap: number, pageSize: number) =>
      (await collect(searchFileBlocks(api.deps.search, { q: 'lamp', scope: 'first', phrase: false }, cap, pageSize))).join('');
    const text = await file(5, 2);
    expect(total).toBeGreaterThan(5);
    expect(text.match(/^## /gm)).toHaveLength(5);
    expect(text).toContain('_The first 5 hits; there are more._');
    const whole = await file(100, 3);
    expect(whole.match(/^## /gm)).toHaveLength(total);
    expect(whole).not.toContain('_The first');
  });

  it('encodes a file written in pieces as the base64 of the whole', async () => {
    const pieces = ['# é', 'ab', '', 'çdëf', '日本語', 'x'];
    async function* from(): AsyncGenerator<string> {
      yield* pieces;
    }
    expect((await collect(base64Chunks(from()))).join('')).toBe(Buffer.from(pieces.join(''), 'utf8').toString('base64'));
  });

  it('suggests up to ten completions from the first character', async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/api/v2/search/suggest?q=lan' });
    expect(answer.statusCode, answer.body).toBe(200);
    const suggestions = answer.json<string[]>();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((s) => s.toLowerCase().startsWith('lan'))).toBe(true);
    const many = (await api.app.inject({ method: 'GET', url: '/api/v2/search/suggest?q=s' })).json<string[]>();
    expect(many.length).toBeLessThanOrEqual(10);
    expect(many.length).toBeGreaterThan(0);
  });
});

describe('bad input', () => {
  const status = async (query: string) => {
    const answer = await api.app.inject({ method: 'GET', url: `/api/v2/search?${query}` });
    return { code: answer.statusCode, body: answer.body };
  };

  it('answers 400 naming the field for an empty or too long q and an unknown scope', async () => {
    for (const query of ['', 'q=', 'q=%20%20']) expect(await status(query)).toMatchObject({ code: 400, body: expect.stringContaining('q') });
    expect(await status(`q=${'a'.repeat(201)}`)).toMatchObject({ code: 400, body: expect.stringContaining('200') });
    expect(await status('q=lamp&t=films')).toMatchObject({ code: 400, body: expect.stringContaining('t') });
    expect(await status('q=lamp&author=someone')).toMatchObject({ code: 400, body: expect.stringContaining('author') });
    expect(await status('q=lamp&journal=Not%20a%20blog')).toMatchObject({ code: 400, body: expect.stringContaining('journal') });
    expect(await status('q=lamp&page=0')).toMatchObject({ code: 400, body: expect.stringContaining('page') });
    expect(await status('q=lamp&page=0x1')).toMatchObject({ code: 400, body: expect.stringContaining('page') });
    expect(await status('q=lamp&phrase=maybe')).toMatchObject({ code: 400, body: expect.stringContaining('phrase') });
    expect((await api.app.inject({ method: 'GET', url: '/api/v2/search/suggest?q=' })).statusCode).toBe(400);
    expect((await api.app.inject({ method: 'GET', url: '/api/v2/search/download?q=' })).statusCode).toBe(400);
  });

  it('never fails on hostile input', async () => {
    const hostile = [
      '"',
      "'",
      '"unclosed phrase',
      '!!!',
      '& | ! <->',
      'lamp:*',
      "'; drop table documents; --",
      '(((',
      'or',
      '-',
      '😀 lamp',
      'مرحبا',
      '\\',
      '%',
      '<script>alert(1)</script>',
      '灯',
    ];
    for (const q of hostile) {
      for (const phrase of ['false', 'true']) {
        const answer = await api.app.inject({ method: 'GET', url: `/api/v2/search?${new URLSearchParams({ q, phrase }).toString()}` });
        expect(answer.statusCode, `${q}: ${answer.body}`).toBe(200);
        const suggest = await api.app.inject({ method: 'GET', url: `/api/v2/search/suggest?${new URLSearchParams({ q }).toString()}` });
        expect(suggest.statusCode, `${q}: ${suggest.body}`).toBe(200);
      }
    }
  });
});
