/**
 * Stress patterns of verse lines from CMU stress digits.
 *
 * Conventions: one group per word (a hyphenated compound is one group),
 * groups separated by a single space, lines by "\n" (punctuation dropped,
 * no foot division). Per syllable: `/` primary stress (1), `\` secondary (2),
 * `x` unstressed (0). Monosyllabic function words (FUNCTION_WORDS) are `x`
 * whatever CMU says. Unknown words get one `?` per estimated syllable.
 */
import { pronounce, stressDigits, vowelCount } from './lexicon.js';
import { estimateSyllables } from './syllables.js';
import { splitLines, verseTokens } from './tokens.js';

const MARK: Readonly<Record<string, string>> = { '0': 'x', '1': '/', '2': '\\' };

interface WordScan {
  readonly marks: string;
  readonly syllables: number;
}

const MEMO_LIMIT = 200_000;
const memo = new Map<string, WordScan>();

function scanWord(key: string): WordScan {
  const cached = memo.get(key);
  if (cached !== undefined) return cached;
  const phones = pronounce(key);
  let result: WordScan;
  if (phones !== null && vowelCount(phones) > 0) {
    let marks = '';
    for (const digit of stressDigits(key, phones)) marks += MARK[digit] ?? '?';
    result = { marks, syllables: marks.length };
  } else {
    const syllables = phones !== null ? 0 : estimateSyllables(key);
    result = { marks: '?'.repeat(syllables), syllables };
  }
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, result);
  return result;
}

/** Stress pattern of each verse line of `text`; see the module comment. */
export function scan(text: string): string {
  return splitLines(text)
    .map((line) =>
      verseTokens(line)
        .map((token) => scanWord(token.key).marks)
        .filter((marks) => marks.length > 0)
        .join(' '),
    )
    .join('\n');
}

/** Syllables in `line` (all of its words; "\n" is treated as a space). */
export function lineSyllables(line: string): number {
  let total = 0;
  for (const part of splitLines(line)) for (const token of verseTokens(part)) total += scanWord(token.key).syllables;
  return total;
}

/** Syllables of a word (surrounding punctuation ignored; CMU, else estimated). */
export function syllableCount(word: string): number {
  return lineSyllables(word);
}
