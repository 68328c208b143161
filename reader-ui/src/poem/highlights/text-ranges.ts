import type { TextRange } from '@epos/schemas/study/text-quote';

/**
 * A sentence's verse as the page shows it is a list of fragments (its verse lines, or the part of a
 * line where it begins); joined by line breaks they are the text highlights are placed on
 * (api/src/study/placed-highlights.ts, `sentenceText`).
 */
export const sentenceTextOf = (fragments: readonly string[]): string => fragments.join('\n');

/** Where each fragment starts in the sentence's text. */
function fragmentStarts(fragments: readonly string[]): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const fragment of fragments) {
    starts.push(at);
    at += fragment.length + 1;
  }
  return starts;
}

/** The part of one fragment a range covers: characters [from, to) of that fragment. */
export interface FragmentPart {
  readonly fragment: number;
  readonly from: number;
  readonly to: number;
}

/** The fragments' parts that `range` of the sentence's text covers (line breaks between them are not painted). */
export function partsOf(fragments: readonly string[], range: TextRange): FragmentPart[] {
  const starts = fragmentStarts(fragments);
  return fragments.flatMap((fragment, i) => {
    const from = Math.max(range.start - starts[i]!, 0);
    const to = Math.min(range.end - starts[i]!, fragment.length);
    return from < to ? [{ fragment: i, from, to }] : [];
  });
}

/** The offset in the sentence's text of character `offset` of fragment `fragment`. */
export function offsetOf(fragments: readonly string[], fragment: number, offset: number): number {
  return (fragmentStarts(fragments)[fragment] ?? 0) + offset;
}

export interface Word extends TextRange {
  readonly text: string;
}

/** Letters and digits, with an apostrophe or hyphen inside a word (o'er, heaven-born), in any script. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;

/** The words of a text, in order, with where they stand. */
export function wordsOf(text: string): Word[] {
  return [...text.matchAll(WORD)].map((match) => ({ text: match[0], start: match.index, end: match.index + match[0].length }));
}

/** The first and last word a range touches (a selection that begins or ends inside a word takes it whole); null when it touches none. */
export function wordSpan(words: readonly Word[], range: TextRange): { first: number; last: number } | null {
  const touched = words.flatMap((word, i) => (word.start < range.end && range.start < word.end ? [i] : []));
  return touched.length === 0 ? null : { first: touched[0]!, last: touched.at(-1)! };
}
