import { describe, expect, it } from 'vitest';
import type { CantoCountAnswer, SentenceCount } from '@epos/schemas/stats/counts';
import { cantoSeries, FROM_EMPTY, rangeOf, searchOf, syllablesPerLine, valuesOf, wordsHistogram } from './count-form';

const line = (lwordcount: number, lsyllablecount: number) => ({ line: 'x', lwordcount, lsyllablecount, lcharcount: 1, lcharspecialcount: 0 });
const sentence = (id: number, lines: ReturnType<typeof line>[]): SentenceCount => ({ id, sentence: '', swordcount: 0, ssyllablecount: 0, scharcount: 0, scharspecialcount: 0, AvgSyllables: 0, Lines: lines });

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
    const totals = (v: number) => ({ TotalSentences: 1, TotalLines: 1, AvgLinesPerSentence: 1, AvgWordsPerLine: v, AvgWordsPerSentence: v, AvgCharacterPerline: 1, AvgSyllables: 1, GetSpeech: '' });
    const answer: CantoCountAnswer = { cantos: [{ book: 1, canto: 2, editions: { first: totals(7), centenary: totals(8), revised: totals(9) } }] };
    expect(cantoSeries(answer, 'AvgWordsPerLine')).toEqual({ labels: ['1.2'], series: [{ edition: 'first', values: [7] }, { edition: 'centenary', values: [8] }, { edition: 'revised', values: [9] }] });
  });
});

describe('runs of sentences asked together', () => {
  it('joins near numbers into one range and keeps far ones apart', async () => {
    const { runsOf } = await import('./sentence-counts');
    expect(runsOf([5, 3, 4, 9, 400, 3])).toEqual([{ from: 3, to: 9 }, { from: 400, to: 400 }]);
  });
});

describe('the edition of a section address', () => {
  it('is the one the address names, else the first', async () => {
    const { editionOfPath } = await import('./sentence-count-data');
    expect(['/1/2/3/revised', '/1/2/3/centenary', '/1/2/3', '/12', '/1/2/3/other'].map(editionOfPath)).toEqual(['revised', 'centenary', 'first', 'first', 'first']);
  });
});
