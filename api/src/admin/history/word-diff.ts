import { diffLines, diffWords, type Change } from 'diff';
import type { HistoryDiffPart } from '@epos/schemas/admin/events';

/** Unchanged words kept on each side of a change; a longer unchanged run between changes is skipped. */
export const CONTEXT_WORDS = 12;
/**
 * The most words (then lines) two versions may differ by and still be diffed: a diff costs time in
 * proportion to the text times the edit, so a rewritten 300-page book is shown old and new instead.
 */
const MAX_EDIT = 4000;

const WORD = /\S+/g;
const wordCount = (text: string) => text.match(WORD)?.length ?? 0;

/** `text` after its first `n` words (with the space before the next), or before its last `n`. */
function headWords(text: string, n: number): string {
  const found = [...text.matchAll(WORD)][n - 1];
  return found ? text.slice(0, found.index + found[0].length) : text;
}
function tailWords(text: string, n: number): string {
  const all = [...text.matchAll(WORD)];
  const found = all[all.length - n];
  return found ? text.slice(found.index) : text;
}

/** An unchanged run as shown: whole when short, else its ends beside the changes and the count of words left out. */
function inContext(text: string, first: boolean, last: boolean): HistoryDiffPart[] {
  const words = wordCount(text);
  const keep = (first ? 0 : CONTEXT_WORDS) + (last ? 0 : CONTEXT_WORDS);
  // Skipping fewer than a few words saves nothing a reader notices.
  if (words - keep < 4) return [{ op: 'equal', text }];
  const parts: HistoryDiffPart[] = [];
  if (!first) parts.push({ op: 'equal', text: headWords(text, CONTEXT_WORDS) });
  parts.push({ op: 'skip', words: words - keep });
  if (!last) parts.push({ op: 'equal', text: tailWords(text, CONTEXT_WORDS) });
  return parts;
}

/**
 * A word diff of two versions of a text for a History tab: insertions and deletions with a dozen
 * unchanged words around each, long unchanged stretches counted rather than repeated; by lines
 * when the texts differ too much for words, null when they differ too much for lines too.
 */
export function wordDiffInContext(before: string, after: string): HistoryDiffPart[] | null {
  const changes: Change[] | undefined = diffWords(before, after, { maxEditLength: MAX_EDIT }) ?? diffLines(before, after, { maxEditLength: MAX_EDIT });
  // Versions that differ in spacing alone read as one text: shown old and new instead.
  if (changes === undefined || !changes.some((c) => c.added || c.removed)) return null;
  return changes.flatMap((c, i): HistoryDiffPart[] => {
    if (c.added) return [{ op: 'insert', text: c.value }];
    if (c.removed) return [{ op: 'delete', text: c.value }];
    return inContext(c.value, i === 0, i === changes.length - 1);
  });
}
