import type { Edition } from '@epos/schemas';

export const STATS_PROJECTION = 'stats';

/** What is summed for a group of sentences; averages are derived from these sums when read. */
export interface CountSums {
  sentences: number;
  /** Verse lines the sentences start (a first fragment continuing the previous sentence's line starts none). */
  lines: number;
  words: number;
  syllables: number;
  chars: number;
  special: number;
}

/** The level of a running total: the whole poem, a book, a canto or a section. */
export type TotalLevel = 'poem' | 'book' | 'canto' | 'section';

/** The counts read model's tables (in the projection's schema). */
export interface StatsReadModel {
  /** Where each sentence (by permanent id) stands: its texts are its `counts` rows. */
  sentences: {
    id: number;
    /** Order key while placed; running numbers are ranks by it, as in the poem projection. */
    ord: string | null;
    number: number | null;
    book: number | null;
    canto: number | null;
    section: number | null;
    joins_previous: boolean;
  };
  /**
   * A sentence's counts in one edition: its lines and, per line, [words, syllables, chars, special].
   * Every sentence has its first edition's row; another edition has a row only where it has its own
   * text (else it reads as the first, and is counted so in the totals).
   */
  counts: {
    id: number;
    edition: Edition;
    text: string[];
    line_counts: [number, number, number, number][];
    lines: number;
    words: number;
    syllables: number;
    chars: number;
    special: number;
  };
  /** Running totals per edition; 0 stands for "all" in book, canto and section. */
  totals: { level: TotalLevel; book: number; canto: number; section: number; edition: Edition } & { [K in keyof CountSums]: number };
}
