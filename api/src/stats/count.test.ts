import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_PAGE_SIZE, sentenceStream, type CantoCountAnswer, type CountAnswer } from '@epos/schemas';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { STATS_PROJECTION } from '@epos/projections/stats/read-model';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { DEMO_POEM_FILE } from '../poem/demo-seed.js';
import { importPoem } from '../poem/import/import-poem.js';
import { countTotalsView } from './count-view.js';

let api: TestApi;
const get = (url: string) => api.app.inject({ method: 'GET', url });
const count = async (query: string) => {
  const response = await get(`/api/count?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CountAnswer>();
};

beforeAll(async () => {
  api = await startTestApi();
  const context = { store: api.deps.store, progress: api.deps.progress, readModel: () => api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION) };
  await importPoem(context, { fileName: 'poem.json', content: fs.readFileSync(DEMO_POEM_FILE, 'utf8'), cause: { actor: 'importer' } });
  expect(
    await api.deps.progress.waitFor(await api.deps.store.headPosition(), { names: [STATS_PROJECTION, POEM_PROJECTION], timeoutMs: 20_000 }),
  ).not.toBeNull();
});
afterAll(async () => api.close());

describe('GET /api/count', () => {
  it("answers the range's sentences a page at a time, with the totals of the whole range", async () => {
    const first = await count('from=1&to=60');
    expect(first.lcount).toHaveLength(COUNT_PAGE_SIZE);
    expect(first.lcount.map((s) => s.id)).toEqual(Array.from({ length: COUNT_PAGE_SIZE }, (_, i) => i + 1));
    expect(first.Paging).toEqual({ CurrentPage: 1, TotalPagesCount: 2, Skip: 0 });
    const second = await count('from=1&to=60&page=2');
    expect(second.lcount.map((s) => s.id)).toEqual(Array.from({ length: 10 }, (_, i) => i + 51));
    expect(second.totals).toEqual(first.totals);
    const all = [...first.lcount, ...second.lcount];
    expect(first.totals.TotalSentences).toBe(60);
    const words = all.reduce((n, s) => n + s.swordcount, 0);
    expect(first.totals.AvgWordsPerSentence).toBeCloseTo(words / 60, 2);
    expect(first.totals.GetSpeech).toMatch(/^60 sentences and \d+ lines/);
  });

  it('counts each sentence and each of its lines as the projection counted them', async () => {
    const [sentence] = (await count('from=3')).lcount;
    expect(sentence!.id).toBe(3);
    expect(sentence!.sentence.split('\n')).toEqual(sentence!.Lines.map((l) => l.line));
    expect(sentence!.swordcount).toBe(sentence!.Lines.reduce((n, l) => n + l.lwordcount, 0));
    expect(sentence!.ssyllablecount).toBe(sentence!.Lines.reduce((n, l) => n + l.lsyllablecount, 0));
    expect(sentence!.scharspecialcount).toBeLessThan(sentence!.scharcount);
    expect(sentence!.AvgSyllables).toBeCloseTo(sentence!.ssyllablecount / sentence!.Lines.length, 2);
  });

  it('picks the edition with lbl, and an empty range has nothing to show', async () => {
    const revised = await count('from=1&to=69&lbl=revised');
    expect(revised.lbl).toBe('revised');
    expect(revised.totals.TotalSentences).toBe(69);
    const beyond = await count('from=5000&to=5010');
    expect(beyond.lcount).toEqual([]);
    expect(beyond.totals).toMatchObject({ TotalSentences: 0, TotalLines: 0, AvgWordsPerLine: 0, GetSpeech: 'Nothing to show.' });
  });

  it.each([
    ['', 'from', 'From cannot be empty'],
    ['from=&to=4', 'from', 'From cannot be empty'],
    ['from=abc', 'from', 'expected a sentence number'],
    ['from=0', 'from', 'expected a sentence number'],
    ['from=5&to=4', 'to', 'must not be before from'],
    ['from=1&to=99999', 'to', 'at most 25000 sentences'],
    ['from=1&lbl=second', 'lbl', 'expected one of first, centenary, revised'],
    ['from=1&page=0', 'page', 'expected a page number'],
  ])('answers 400 naming the field for ?%s', async (query, field, message) => {
    const response = await get(`/api/count?${query}`);
    expect(response.statusCode).toBe(400);
    const body = response.json<{ fields: { field: string; message: string }[]; message: string }>();
    expect(body.fields[0]!.field).toMatch(new RegExp(`(^|\\.)${field}$`));
    expect(body.fields[0]!.message).toContain(message);
    expect(response.body).not.toMatch(/\n\s+at |stack/);
  });
});

describe('after an edit', () => {
  it('answers the new counts and totals for the edited sentence, and the same for the others', async () => {
    const before = await count('from=1&to=69');
    const pageBefore = await count('from=1&to=69&page=2');
    const [third] = (await count('from=3')).lcount;
    const poem = await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION);
    const { id } = await poem.selectFrom('sentences').select('id').where('sentence', '=', 3).executeTakeFirstOrThrow();
    const { position } = await api.deps.store.append(
      sentenceStream(id),
      [{ type: 'SentenceTextSet', data: { sentence: id, edition: 'first', lines: ['Shall I compare thee to a summer’s day?'] } }],
      { expectedRevision: 'any', cause: { actor: 'test' } },
    );
    const response = await api.app.inject({ method: 'GET', url: '/api/count?from=1&to=69', headers: { 'x-consistent-after': position.toString() } });
    const after = response.json<CountAnswer>();
    const edited = after.lcount.find((s) => s.id === 3)!;
    expect(edited).toMatchObject({ sentence: 'Shall I compare thee to a summer’s day?', swordcount: 8, ssyllablecount: 10, AvgSyllables: 10 });
    expect(after.totals.TotalSentences).toBe(69);
    expect(after.totals.TotalLines).toBe(before.totals.TotalLines - third!.Lines.length + 1);
    const words = (a: CountAnswer, b: CountAnswer) => [...a.lcount, ...b.lcount].reduce((n, s) => n + s.swordcount, 0);
    expect(Math.round(after.totals.AvgWordsPerSentence * 69)).toBe(Math.round(words(after, await count('from=1&to=69&page=2'))));
    expect(after.lcount.filter((s) => s.id !== 3)).toEqual(before.lcount.filter((s) => s.id !== 3));
    expect((await count('from=1&to=69&page=2')).lcount).toEqual(pageBefore.lcount);
  });
});

describe('a sentence in Devanagari', () => {
  it('counts aksharas as syllables and no verse number as a word', async () => {
    const poem = await api.deps.progress.readModel<PoemReadModel>(POEM_PROJECTION);
    const { id } = await poem.selectFrom('sentences').select('id').where('sentence', '=', 4).executeTakeFirstOrThrow();
    const lines = ['तपःस्वाध्यायनिरतं तपस्वी वाग्विदां वरम् ।', 'नारदं परिपप्रच्छ वाल्मीकिर्मुनिपुङ्गवम् ॥१-१-१॥']; // Ramayana I.1.1
    const { position } = await api.deps.store.append(sentenceStream(id), [{ type: 'SentenceTextSet', data: { sentence: id, edition: 'first', lines } }], {
      expectedRevision: 'any',
      cause: { actor: 'test' },
    });
    const response = await api.app.inject({ method: 'GET', url: '/api/count?from=4', headers: { 'x-consistent-after': position.toString() } });
    const [sentence] = response.json<CountAnswer>().lcount;
    expect(sentence!.Lines.map((l) => [l.lwordcount, l.lsyllablecount])).toEqual([
      [4, 16],
      [3, 16],
    ]);
    expect(sentence).toMatchObject({ swordcount: 7, ssyllablecount: 32, AvgSyllables: 16 });
  });
});

describe('GetSpeech', () => {
  it('speaks the totals in the singular where an average is one', () => {
    expect(countTotalsView({ sentences: 1, lines: 1, words: 4, syllables: 16, chars: 22, special: 1 }).GetSpeech).toBe(
      '1 sentence and 1 line: on average 1 line and 4 words a sentence, 4 words, 22 characters and 16 syllables a line.',
    );
  });
});

describe('GET /api/count/cantos', () => {
  it('answers every canto the range touches with its totals in each edition', async () => {
    const response = await get('/api/count/cantos?from=1&to=69');
    expect(response.statusCode).toBe(200);
    const { cantos } = response.json<CantoCountAnswer>();
    expect(cantos.length).toBeGreaterThan(0);
    for (const canto of cantos) expect(Object.keys(canto.editions).sort()).toEqual(['centenary', 'first', 'revised']);
    expect(cantos.reduce((n, c) => n + c.editions.first.TotalSentences, 0)).toBe(69);
    expect((await get('/api/count/cantos?to=3')).statusCode).toBe(400);
  });
});
