/**
 * Orthographic syllable breaks (Liang/TeX hyphenation patterns from the
 * `hyphen` package) and syllable-count estimates for words the lexicon does
 * not know.
 */
import enUs from 'hyphen/en-us/index.js';
import enGb from 'hyphen/en-gb/index.js';
import type { Hyphenator } from 'hyphen/en-us/index.js';
import { normalizeWord, pronounce, vowelCount } from './lexicon.js';

const SOFT_HYPHEN = '\u00ad';
// minWordLength 1: short words ("up·on", "in·to") are split where the patterns allow.
const OPTIONS = { hyphenChar: SOFT_HYPHEN, minWordLength: 1 } as const;

/** Break offsets (UTF-16 indices into `run`) proposed by one pattern set. */
function patternBreaks(hyphenator: Hyphenator, run: string): number[] {
  const hyphenated = hyphenator.hyphenateSync(run, OPTIONS);
  const breaks: number[] = [];
  let index = 0;
  for (let i = 0; i < hyphenated.length; i++) {
    if (hyphenated[i] === SOFT_HYPHEN) breaks.push(index);
    else index++;
  }
  return breaks;
}

const VOWEL_LETTER = /[aeiouy]/;

/** Every piece between breaks contains a vowel letter. */
function piecesHaveVowels(run: string, breaks: readonly number[]): boolean {
  let from = 0;
  for (const at of [...breaks, run.length]) {
    if (!VOWEL_LETTER.test(normalizeWord(run.slice(from, at)))) return false;
    from = at;
  }
  return true;
}

/**
 * Syllables of a word spelt with letters only, guessed from vowel groups:
 * each run of a e i o u y counts one, minus a silent final -e (not -le) and a
 * non-syllabic -ed / -es. At least 1 for any non-empty word.
 */
function vowelGroupEstimate(word: string): number {
  const w = normalizeWord(word).replace(/[^a-z]/g, '');
  if (w.length === 0) return word.length > 0 ? 1 : 0;
  let n = w.match(/[aeiouy]+/g)?.length ?? 0;
  if (n > 1) {
    if (/[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) n--;
    else if (/[^aeiouytd]ed$/.test(w) || /[^aeiouysxzcgh]es$/.test(w)) n--;
  }
  return Math.max(1, n);
}

const MEMO_LIMIT = 200_000;
const breakMemo = new Map<string, readonly number[]>();

/**
 * Syllable break offsets for a run of letters (no spaces, hyphens or
 * apostrophes). Breaks come from the TeX en-US and en-GB patterns:
 *  - none when the word has one syllable (CMU, else the vowel-group estimate);
 *  - else the union of both pattern sets' breaks, if every piece keeps a
 *    vowel letter and there are no more pieces than syllables (the CMU count,
 *    or for unknown words the larger of the estimate and the en-US pieces);
 *  - else whichever single set gives more such valid breaks (en-US on a tie);
 *  - else the en-US breaks unchanged.
 */
export function syllableBreaks(run: string): readonly number[] {
  const cached = breakMemo.get(run);
  if (cached !== undefined) return cached;
  const phones = pronounce(normalizeWord(run));
  let breaks: readonly number[] = [];
  const known = phones === null ? 0 : vowelCount(phones);
  if (known !== 1 && run.length > 3) {
    const us = patternBreaks(enUs, run);
    const gb = patternBreaks(enGb, run);
    const limit = known > 1 ? known : Math.max(vowelGroupEstimate(run), us.length + 1);
    const union = [...new Set([...us, ...gb])].sort((a, b) => a - b);
    const [more, fewer] = gb.length > us.length ? [gb, us] : [us, gb];
    breaks = us;
    for (const candidate of [union, more, fewer]) {
      if (candidate.length < limit && piecesHaveVowels(run, candidate)) {
        breaks = candidate;
        break;
      }
    }
  }
  if (breakMemo.size >= MEMO_LIMIT) breakMemo.clear();
  breakMemo.set(run, breaks);
  return breaks;
}

/**
 * Syllable count of a word the lexicon does not know (apostrophes ignored,
 * hyphenated parts summed): per part the larger of the pattern pieces and the
 * vowel-group estimate; a known part counts its CMU syllables.
 */
export function estimateSyllables(word: string): number {
  let total = 0;
  for (const part of word.replace(/['\u2018\u2019\u02bc]/g, '').split('-')) {
    if (part.length === 0) continue;
    const phones = pronounce(normalizeWord(part));
    total += phones !== null ? vowelCount(phones) : Math.max(vowelGroupEstimate(part), syllableBreaks(part).length + 1);
  }
  return Math.max(total, word.length > 0 ? 1 : 0);
}
