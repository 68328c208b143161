import { MOST_IN_RANGE } from './count-limits';
import type { CantoCountAnswer, CountRange } from './api';

/**
 * What /counts shows before a range is asked for: the poem's first canto, in the first edition
 * (docs/decisions/counts-default-range.md). `firstCanto` is /api/count/cantos for sentence 1: the
 * canto it opens, whose sentence count is where the canto ends. Null for a poem without sentences.
 */
export function firstCantoRange(firstCanto: CantoCountAnswer): (CountRange & { book: number; canto: number }) | null {
  const canto = firstCanto.cantos[0];
  const sentences = canto?.editions.first.TotalSentences ?? 0;
  if (!canto || sentences === 0) return null;
  return { from: 1, to: Math.min(sentences, MOST_IN_RANGE), edition: 'first', book: canto.book, canto: canto.canto };
}
