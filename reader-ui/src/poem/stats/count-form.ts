import { editions, type Edition } from '@epos/schemas/poem/editions';
import type { CantoCountAnswer, SentenceCount } from '@epos/schemas/stats/counts';
import type { CountRange } from './api';

/** The spec's messages for the count search (section 5) and an empty result (section 8). */
export const FROM_EMPTY = 'From cannot be empty';
export const NOTHING_TO_SHOW = 'Nothing to show';

export interface CountFormValues {
  readonly from: string;
  readonly to: string;
  readonly edition: string;
}

const WHOLE = /^[1-9][0-9]{0,8}$/;
const isEdition = (value: string): value is Edition => (editions as readonly string[]).includes(value);

/** The range the form asks for, or the message for the field that stops it. */
export function rangeOf(values: CountFormValues): { ok: true; range: CountRange } | { ok: false; field: 'from' | 'to'; message: string } {
  const from = values.from.trim();
  const to = values.to.trim();
  if (from === '') return { ok: false, field: 'from', message: FROM_EMPTY };
  if (!WHOLE.test(from)) return { ok: false, field: 'from', message: 'From must be a sentence number' };
  if (to !== '' && !WHOLE.test(to)) return { ok: false, field: 'to', message: 'To must be a sentence number' };
  const range = { from: Number(from), to: to === '' ? Number(from) : Number(to), edition: isEdition(values.edition) ? values.edition : 'first' };
  if (range.to < range.from) return { ok: false, field: 'to', message: 'To must not be before From' };
  return { ok: true, range };
}

/** The range in the page's address (?from=&to=&lbl=), so a result can be linked to and reloaded. */
export function searchOf(range: CountRange): string {
  return `?from=${range.from}&to=${range.to}&lbl=${range.edition}`;
}

export function valuesOf(search: string): CountFormValues {
  const params = new URLSearchParams(search);
  return { from: params.get('from') ?? '', to: params.get('to') ?? '', edition: params.get('lbl') ?? 'first' };
}

/** Syllables of every verse line of the sentences, in order (the sparkline). */
export function syllablesPerLine(sentences: readonly SentenceCount[]): number[] {
  return sentences.flatMap((s) => s.Lines.map((l) => l.lsyllablecount));
}

/** How many verse lines have each number of words, from 1 to the most (the histogram). */
export function wordsHistogram(sentences: readonly SentenceCount[]): { labels: string[]; counts: number[] } {
  const words = sentences.flatMap((s) => s.Lines.map((l) => l.lwordcount)).filter((n) => n > 0);
  const most = words.reduce((a, b) => Math.max(a, b), 0);
  const counts = Array.from({ length: most }, () => 0);
  for (const n of words) counts[n - 1]!++;
  return { labels: counts.map((_, i) => String(i + 1)), counts };
}

export type CantoMetric = 'AvgWordsPerLine' | 'AvgSyllables' | 'AvgCharacterPerline';

/** Per canto, one series per edition of an average (the editions chart). */
export function cantoSeries(answer: CantoCountAnswer, metric: CantoMetric): { labels: string[]; series: { edition: Edition; values: number[] }[] } {
  return {
    labels: answer.cantos.map((c) => `${c.book}.${c.canto}`),
    series: editions.map((edition) => ({ edition, values: answer.cantos.map((c) => c.editions[edition][metric]) })),
  };
}
