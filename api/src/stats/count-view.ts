import { editions, type CantoCountAnswer, type CountTotals, type Edition, type SentenceCount } from '@epos/schemas';
import type { CantoSums, CountedSentence } from '@epos/projections/stats/queries';
import type { CountSums } from '@epos/projections/stats/read-model';
import { ratio, totalsOf } from '@epos/projections/stats/totals';

/** A counted sentence as the spec's `lcount` item. */
export function sentenceCountView(row: CountedSentence): SentenceCount {
  return {
    id: row.number,
    sentence: row.text.join('\n'),
    swordcount: row.words,
    ssyllablecount: row.syllables,
    scharcount: row.chars,
    scharspecialcount: row.special,
    AvgSyllables: ratio(row.syllables, row.text.length),
    Lines: row.text.map((line, i) => {
      const [words, syllables, chars, special] = row.line_counts[i] ?? [0, 0, 0, 0];
      return { line, lwordcount: words, lsyllablecount: syllables, lcharcount: chars, lcharspecialcount: special };
    }),
  };
}

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

/** The spec's totals, with GetSpeech: the same as one sentence to speak. */
export function countTotalsView(sums: CountSums): CountTotals {
  const t = totalsOf(sums);
  const GetSpeech =
    t.TotalSentences === 0
      ? 'Nothing to show.'
      : `${plural(t.TotalSentences, 'sentence')} and ${plural(t.TotalLines, 'line')}: on average ${plural(t.AvgLinesPerSentence, 'line')} and ${plural(t.AvgWordsPerSentence, 'word')} a sentence, ${plural(t.AvgWordsPerLine, 'word')}, ${plural(t.AvgCharacterPerline, 'character')} and ${plural(t.AvgSyllables, 'syllable')} a line.`;
  return { ...t, GetSpeech };
}

const empty: CountSums = { sentences: 0, lines: 0, words: 0, syllables: 0, chars: 0, special: 0 };

/** Per canto, its totals in every edition. */
export function cantoCountView(rows: readonly CantoSums[]): CantoCountAnswer {
  const cantos = new Map<string, { book: number; canto: number; sums: Partial<Record<Edition, CountSums>> }>();
  for (const row of rows) {
    const key = `${row.book}.${row.canto}`;
    const entry = cantos.get(key) ?? { book: row.book, canto: row.canto, sums: {} };
    entry.sums[row.edition] = row;
    cantos.set(key, entry);
  }
  return {
    cantos: [...cantos.values()].map((c) => ({
      book: c.book,
      canto: c.canto,
      editions: Object.fromEntries(editions.map((e) => [e, countTotalsView(c.sums[e] ?? empty)])) as CantoCountAnswer['cantos'][number]['editions'],
    })),
  };
}
