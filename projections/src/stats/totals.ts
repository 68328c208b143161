import type { Edition } from '@epos/schemas';
import type { CountSums, TotalLevel } from './read-model.js';

interface Place {
  book: number;
  canto: number;
  section: number;
}

/** A sentence's share of the totals in one edition. */
export interface Contribution {
  place: Place;
  edition: Edition;
  sums: Omit<CountSums, 'sentences'>;
}

export interface TotalKey {
  level: TotalLevel;
  book: number;
  canto: number;
  section: number;
  edition: Edition;
}

const FIELDS = ['sentences', 'lines', 'words', 'syllables', 'chars', 'special'] as const satisfies readonly (keyof CountSums)[];

function groupsOf(place: Place, edition: Edition): TotalKey[] {
  const { book, canto, section } = place;
  return [
    { level: 'poem', book: 0, canto: 0, section: 0, edition },
    { level: 'book', book, canto: 0, section: 0, edition },
    { level: 'canto', book, canto, section: 0, edition },
    { level: 'section', book, canto, section, edition },
  ];
}

/**
 * Changes to the running totals, summed per group: contributions taken away (a sentence's shares
 * before a batch) and added (after it). Groups whose change nets to nothing are left out.
 */
export class TotalsDelta {
  private readonly changes = new Map<string, TotalKey & CountSums>();

  add(contribution: Contribution, sign: 1 | -1): void {
    for (const key of groupsOf(contribution.place, contribution.edition)) {
      const id = `${key.level}:${key.book}.${key.canto}.${key.section}:${key.edition}`;
      const change = this.changes.get(id) ?? { ...key, sentences: 0, lines: 0, words: 0, syllables: 0, chars: 0, special: 0 };
      change.sentences += sign;
      for (const field of FIELDS) if (field !== 'sentences') change[field] += sign * contribution.sums[field];
      this.changes.set(id, change);
    }
  }

  rows(): (TotalKey & CountSums)[] {
    return [...this.changes.values()].filter((c) => FIELDS.some((f) => c[f] !== 0));
  }
}

/** The spec's totals, derived from sums (averages rounded to two decimals; 0 when nothing to divide by). */
export interface CountTotals {
  TotalSentences: number;
  TotalLines: number;
  AvgLinesPerSentence: number;
  AvgWordsPerLine: number;
  AvgWordsPerSentence: number;
  AvgCharacterPerline: number;
  /** Syllables per verse line. */
  AvgSyllables: number;
}

export const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 100) / 100);

export function totalsOf(sums: CountSums): CountTotals {
  return {
    TotalSentences: sums.sentences,
    TotalLines: sums.lines,
    AvgLinesPerSentence: ratio(sums.lines, sums.sentences),
    AvgWordsPerLine: ratio(sums.words, sums.lines),
    AvgWordsPerSentence: ratio(sums.words, sums.sentences),
    AvgCharacterPerline: ratio(sums.chars, sums.lines),
    AvgSyllables: ratio(sums.syllables, sums.lines),
  };
}
