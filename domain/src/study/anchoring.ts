import { diffWordsWithSpace } from 'diff';
import { quoteOf, type TextRange } from '@epos/schemas/study/text-quote';

export { quoteOf, type TextRange };

/**
 * How a highlight is placed on another text of its sentence. `follow`: its own edition after a
 * correction (a word replaced, punctuation, a line inserted): it follows its words while at least
 * half of their letters still stand. `same-words`: another edition, where it shows only on the very
 * same words (letters and digits; spacing, punctuation and case may differ).
 */
export type PlacingRule = 'follow' | 'same-words';

/** A stretch the texts share (`same`), or a change: old characters replaced by new ones (either may be empty). */
interface Stretch {
  same: boolean;
  oldStart: number;
  oldEnd: number;
  newStart: number;
  newEnd: number;
}

const LETTER = /[\p{L}\p{N}\p{M}]/u;
const lettersOf = (text: string) => [...text].filter((c) => LETTER.test(c)).join('');

/** The texts' word-by-word diff as alternating shared stretches and changes (a change's removals and additions together). */
function stretches(before: string, after: string): Stretch[] {
  const out: Stretch[] = [];
  let oldAt = 0;
  let newAt = 0;
  for (const part of diffWordsWithSpace(before, after)) {
    const length = part.value.length;
    const same = !part.added && !part.removed;
    const last = out.at(-1);
    if (!same && last && !last.same) {
      // One change: its removed and added parts, in whichever order the diff gave them.
      if (part.removed) last.oldEnd = oldAt += length;
      else last.newEnd = newAt += length;
      continue;
    }
    const stretch = { same, oldStart: oldAt, oldEnd: oldAt, newStart: newAt, newEnd: newAt };
    if (same || part.removed) stretch.oldEnd = oldAt += length;
    if (same || part.added) stretch.newEnd = newAt += length;
    out.push(stretch);
  }
  return out;
}

/** Where old position `at` stands in the new text: a start before a change's new words, an end after them. */
function mapped(parts: readonly Stretch[], at: number, side: 'start' | 'end'): number {
  for (const part of parts) {
    const inside = side === 'start' ? part.oldStart <= at && at < part.oldEnd : part.oldStart < at && at <= part.oldEnd;
    if (!inside) continue;
    if (part.same) return part.newStart + (at - part.oldStart);
    return side === 'start' ? part.newStart : part.newEnd;
  }
  return side === 'start' ? (parts.at(-1)?.newEnd ?? 0) : 0;
}

/** Letters of old range [start, end) that still stand in the new text. */
function keptLetters(parts: readonly Stretch[], before: string, range: TextRange): number {
  let kept = 0;
  for (const part of parts) {
    if (!part.same) continue;
    const from = Math.max(part.oldStart, range.start);
    const to = Math.min(part.oldEnd, range.end);
    if (from < to) kept += lettersOf(before.slice(from, to)).length;
  }
  return kept;
}

function trimmed(text: string, range: TextRange): TextRange | null {
  let { start, end } = range;
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  return start < end ? { start, end } : null;
}

/** Word diffs already made, by the two texts (a section's highlights share a few sentences' texts). */
export type DiffMemo = Map<string, readonly Stretch[]>;

function memoised(memo: DiffMemo | undefined, before: string, after: string): readonly Stretch[] {
  if (!memo) return stretches(before, after);
  const key = `${before}\u0000${after}`;
  let found = memo.get(key);
  if (!found) memo.set(key, (found = stretches(before, after)));
  return found;
}

/** A placement and how many of the highlight's letters it keeps (to choose among the sentences a split one became). */
export interface Placement {
  range: TextRange;
  kept: number;
}

/**
 * Where words at `range` of `before` stand in `after`, by the texts' word diff; null when they can
 * no longer be placed by `rule` (never moved onto other words).
 */
export function placeOn(before: string, range: TextRange, after: string, rule: PlacingRule, memo?: DiffMemo): Placement | null {
  const letters = lettersOf(before.slice(range.start, range.end));
  if (before === after) return { range, kept: letters.length };
  const diff = memoised(memo, before, after);
  const placed = trimmed(after, { start: mapped(diff, range.start, 'start'), end: mapped(diff, range.end, 'end') });
  if (placed === null) return null;
  const kept = keptLetters(diff, before, range);
  if (rule === 'same-words') {
    const now = lettersOf(after.slice(placed.start, placed.end));
    return now.toLocaleLowerCase() === letters.toLocaleLowerCase() && now.length > 0 ? { range: placed, kept } : null;
  }
  // Punctuation alone (a dash highlighted) stays only where it stands unchanged.
  if (letters.length === 0) return after.slice(placed.start, placed.end) === before.slice(range.start, range.end) ? { range: placed, kept } : null;
  return kept > 0 && kept * 2 >= letters.length ? { range: placed, kept } : null;
}

/**
 * Where a quote (exact words with what the reader saw around them) stands in `text`: of the
 * occurrences of its exact words, the one whose surroundings match its prefix and suffix the
 * furthest, the earliest of equals; null when the words are not in the text.
 */
export function findQuote(text: string, quote: { exact: string; prefix: string; suffix: string }): TextRange | null {
  let best: { range: TextRange; score: number } | null = null;
  for (let at = text.indexOf(quote.exact); at !== -1; at = text.indexOf(quote.exact, at + 1)) {
    const end = at + quote.exact.length;
    const score = sharedTail(text.slice(0, at), quote.prefix) + sharedHead(text.slice(end), quote.suffix);
    if (best === null || score > best.score) best = { range: { start: at, end }, score };
  }
  return best?.range ?? null;
}

function sharedTail(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

function sharedHead(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** A text the highlight may now stand on: its sentence's, or one of the sentences it was split into or merged with. */
export interface Candidate<Key> {
  key: Key;
  text: string;
}

/** Of the candidates, the one keeping the most of the highlight's letters by `rule`; null when none can hold it. */
export function placeAmong<Key>(
  before: string,
  range: TextRange,
  candidates: readonly Candidate<Key>[],
  rule: PlacingRule,
  memo?: DiffMemo,
): { key: Key; range: TextRange } | null {
  let best: { key: Key; range: TextRange; kept: number } | null = null;
  for (const candidate of candidates) {
    const placed = placeOn(before, range, candidate.text, rule, memo);
    if (placed && (best === null || placed.kept > best.kept)) best = { key: candidate.key, range: placed.range, kept: placed.kept };
  }
  return best && { key: best.key, range: best.range };
}
