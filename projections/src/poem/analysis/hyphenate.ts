/**
 * Syllable-break display: the text unchanged except that a middle dot `·` is
 * inserted at each syllable break of each word ("ris·ing si·lent·ly").
 * Breaks come from {@link syllableBreaks}; each run of letters is treated on
 * its own, so nothing is inserted next to an apostrophe or hyphen
 * ("wand'ring", "sea-girt") and punctuation and "\n" stay as they are.
 */
import { syllableBreaks } from './syllables.js';

const SYLLABLE_DOT = '·';

const LETTER_RUN = /[\p{L}\p{M}]{4,}/gu;

const MEMO_LIMIT = 200_000;
const memo = new Map<string, string>();

function hyphenateRun(run: string): string {
  const cached = memo.get(run);
  if (cached !== undefined) return cached;
  let out = run;
  const breaks = syllableBreaks(run);
  for (let i = breaks.length - 1; i >= 0; i--) {
    const at = breaks[i] ?? 0;
    out = out.slice(0, at) + SYLLABLE_DOT + out.slice(at);
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(run, out);
  return out;
}

/** `text` with `·` at every syllable break the hyphenation patterns find. */
export function hyphenateText(text: string): string {
  return text.replace(LETTER_RUN, hyphenateRun);
}
