/**
 * Counts of verse text: words and syllables as the poem's analysis reads them (its tokens, the CMU
 * dictionary with the archaic table, and its estimate for unknown words), characters and special
 * characters. Pure; the syllable lookups are memoised by the analysis.
 */
import { lineSyllables } from '../poem/analysis/scansion.js';
import { verseTokens } from '../poem/analysis/tokens.js';

/** The counts of one verse line (or fragment of one). */
export interface LineCounts {
  words: number;
  syllables: number;
  /** Characters other than white space (letters, digits, punctuation), in code points after NFC. */
  chars: number;
  /** The characters that are neither letters (with their marks) nor digits: punctuation, dashes, quotes. */
  special: number;
}

const WHITE = /\s/u;
const LETTER_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;

export function countLine(line: string): LineCounts {
  let chars = 0;
  let special = 0;
  for (const ch of line.normalize('NFC')) {
    if (WHITE.test(ch)) continue;
    chars++;
    if (!LETTER_OR_DIGIT.test(ch)) special++;
  }
  return { words: verseTokens(line).length, syllables: lineSyllables(line), chars, special };
}

/** The counts of a sentence: its lines' counts and their sums. */
export interface SentenceCounts extends LineCounts {
  lines: LineCounts[];
}

export function countLines(lines: readonly string[]): SentenceCounts {
  const counted = lines.map(countLine);
  const sum = (k: keyof LineCounts) => counted.reduce((n, l) => n + l[k], 0);
  return { lines: counted, words: sum('words'), syllables: sum('syllables'), chars: sum('chars'), special: sum('special') };
}
