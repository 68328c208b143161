import { describe, expect, it } from 'vitest';
import type { CantoCountAnswer, SentenceCount } from '@epos/schemas/stats/counts';
import { cantoSeries, FROM_EMPTY, rangeOf, searchOf, syllablesPerLine, valuesOf, wordsHistogram } from './count-form';

const line = (lwordcount: number, lsyllablecount: number) => ({ line: 'x', lwordcount, lsyllablecount, lcharcount: 1, lcharspecialcount: 0 });
const sentence = (id: number, lines: ReturnType<typeof line>[]): SentenceCount => ({
  id,
  sentence: '',
  swordcount: 0,
  ssyllablecount: 0,
  scharcount: 0,
  scharspecialcount: 0,
  AvgSyllables: 0,
  Lines: lines,
});

describe('the count search form', () => {
  it("says 'From cannot be empty' for a blank From", () => {
    expect(rangeOf({ from: '  ', to: '5', edition: 'first' })).toEqual({ ok: false, field: 'from', message: FROM_EMPTY });
  });

  it('reads a range, To defaulting to From and an unknown edition to the first', () => {
    expect(rangeOf({ from: '3', to: '', edition: 'nope' })).toEqual({ ok: true, range: { from: 3, to: 3, edition: 'first' } });
    expect(rangeOf({ from: '3', to: '9', edition: 'revised' })).toEqual({ ok: true, range: { from: 3, to: 9, edition: 'revised' } });
    expect(rangeOf({ from: '9', to: '3', edition: 'first' })).toMatchObject({ ok: false, field: 'to' });
    expect(rangeOf({ from: '0', to: '', edition: 'first' })).toMatchObject({ ok: false, field: 'from' });
  });

  it('round-trips the range through the address', () => {
    expect(valuesOf(searchOf({ from: 2, to: 7, edition: 'centenary' }))).toEqual({ from: '2', to: '7', edition: 'centenary' });
  });
});

describe('chart data', () => {
  const sentences = [sentence(1, [line(7, 10), line(8, 11)]), sentence(2, [line(7, 9), line(0, 0), line(3, 4)])];
  it('lists syllables per line in order', () => expect(syllablesPerLine(sentences)).toEqual([10, 11, 9, 0, 4]));
  it('counts lines per number of words, empty lines left out', () =>
    expect(wordsHistogram(sentences)).toEqual({ labels: ['1', '2', '3', '4', '5', '6', '7', '8'], counts: [0, 0, 1, 0, 0, 0, 2, 1] }));
  it('gives one series per edition across the cantos', () => {
    const totals = (v: number) => ({
      TotalSentences: 1,
      TotalLines: 1,
      AvgLinesPerSentence: 1,
      AvgWordsPerLine: v,
      AvgWordsPerSentence: v,
      AvgCharacterPerline: 1,
      AvgSyllables: 1,
      GetSpeech: '',
    });
    const answer: CantoCountAnswer = { cantos: [{ book: 1, canto: 2, editions: { first: totals(7), centenary: totals(8), revised: totals(9) } }] };
    expect(cantoSeries(answer, 'AvgWordsPerLine')).toEqual({
      labels: ['1.2'],
      series: [
        { edition: 'first', values: [7] },
        { edition: 'centenary', values: [8] },
        { edition: 'revised', values: [9] },
      ],
    });
  });
});

describe('runs of sentences asked together', () => {
  it('joins near numbers into one range and keeps far ones apart', async () => {
    const { runsOf } = await import('./sentence-counts');
    expect(runsOf([5, 3, 4, 9, 400, 3])).toEqual([
      { from: 3, to: 9 },
      { from: 400, to: 400 },
    ]);
  });
});

describe('the edition of a section address', () => {
  it('is the one the address names, else the first', async () => {
    const { editionOfPath } = await import('./sentence-count-data');
    expect(['/1/2/3/revised', '/1/2/3/centenary', '/1/2/3', '/12', '/1/2/3/other'].map(editionOfPath)).toEqual([
      'revised',
      'centenary',
      'first',
      'first',
      'first',
    ]);
  });
});

describe('the charts’ cap', () => {
  it('says when a chart shows fewer than its range holds', async () => {
    const { capNotice } = await import('./chart-cap');
    expect(capNotice({ unit: 'sentence', shown: 500, total: 1450, first: '201', last: '700', leftFrom: '701' })).toBe(
      'Showing the first 500 of 1,450 sentences (201–700); the other 950, from sentence 701 on, are left out of this chart. Count a smaller range to chart them.',
    );
    expect(capNotice({ unit: 'canto', shown: 40, total: 46, first: '1.1', last: '2.39', leftFrom: '2.40', leftTo: '2.45' })).toBe(
      'Showing the first 40 of 46 cantos (1.1–2.39); the other 6, cantos 2.40–2.45, are left out of this chart. Count a smaller range to chart them.',
    );
    expect(capNotice({ unit: 'canto', shown: 40, total: 41, first: '1.1', last: '1.40', leftFrom: '1.41', leftTo: '1.41' })).toBe(
      'Showing the first 40 of 41 cantos (1.1–1.40); the last one, canto 1.41, is left out of this chart. Count a smaller range to chart them.',
    );
    expect(capNotice({ unit: 'sentence', shown: 60, total: 60, first: '1', last: '60', leftFrom: '61' })).toBeNull();
  });

  it('reads the pages up to 500 sentences, no more than the range has', async () => {
    const { chartPageCount } = await import('./chart-cap');
    expect([1, 3, 10, 29].map(chartPageCount)).toEqual([1, 3, 10, 10]);
  });

  it('keeps the API’s limits as the schemas define them', async () => {
    const [{ COUNT_PAGE, MOST_IN_RANGE }, { COUNT_PAGE_SIZE, MAX_COUNT_RANGE }] = await Promise.all([
      import('./count-limits'),
      import('@epos/schemas/stats/counts'),
    ]);
    expect([COUNT_PAGE, MOST_IN_RANGE]).toEqual([COUNT_PAGE_SIZE, MAX_COUNT_RANGE]);
  });
});

describe('the range /counts opens with', () => {
  const totals = (sentences: number) => ({
    TotalSentences: sentences,
    TotalLines: 1,
    AvgLinesPerSentence: 1,
    AvgWordsPerLine: 1,
    AvgWordsPerSentence: 1,
    AvgCharacterPerline: 1,
    AvgSyllables: 1,
    GetSpeech: '',
  });
  const firstCanto = (sentences: number): CantoCountAnswer => ({
    cantos: [{ book: 1, canto: 1, editions: { first: totals(sentences), centenary: totals(sentences), revised: totals(sentences) } }],
  });

  it('is the first canto, in the first edition', async () => {
    const { firstCantoRange } = await import('./default-range');
    expect(firstCantoRange(firstCanto(17))).toEqual({ from: 1, to: 17, edition: 'first', book: 1, canto: 1 });
  });

  it('stops where the API does, and is none for a poem without sentences', async () => {
    const { firstCantoRange } = await import('./default-range');
    expect(firstCantoRange(firstCanto(30_000))?.to).toBe(25_000);
    expect(firstCantoRange({ cantos: [] })).toBeNull();
  });
});
