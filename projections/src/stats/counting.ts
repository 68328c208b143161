/**
 * Counts of verse text, by rule for each script (docs/decisions/counting-by-script.md):
 *  - words are the poem analysis's tokens, less numerals (verse numbers such as ॥१-१-१॥) and
 *    punctuation; in Chinese each Han character is a word;
 *  - syllables: Indic scripts (Devanagari, Odia, Bengali…) count aksharas, Han one per character,
 *    and other words what the analysis reads (the CMU dictionary with the archaic table, else its
 *    estimate from the spelling);
 *  - characters are letters, digits and signs, each with its combining marks (vowel signs, virama,
 *    accents); special characters are those neither letters nor digits (punctuation, dandas).
 * Pure; the syllable lookups are memoised by the analysis.
 */
import { aksharaCount, hasIndicLetter } from '../poem/analysis/aksharas.js';
import { syllableCount } from '../poem/analysis/scansion.js';
import { isNumeral, verseTokens } from '../poem/analysis/tokens.js';

/** The counts of one verse line (or fragment of one). */
export interface LineCounts {
  words: number;
  syllables: number;
  /** Characters other than white space: letters, digits and signs, each with its combining marks (after NFC). */
  chars: number;
  /** The characters that are neither letters nor digits: punctuation, dandas, dashes, quotes. */
  special: number;
}

const HAN = /\p{Script=Han}/gu;
const INDIC = /[\u0900-\u0DFF]/gu;
const LETTER = /\p{L}/u;
/** Code points that are not characters of their own: white space, combining marks, joiners and other format controls. */
const NOT_A_CHARACTER = /[\s\p{M}\p{Cf}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Words and syllables of one token of the analysis. */
function countToken(text: string): { words: number; syllables: number } {
  const han = text.match(HAN)?.length ?? 0;
  const rest = han === 0 ? text : text.replace(HAN, ' ');
  if (!LETTER.test(rest)) return { words: han, syllables: han };
  if (!hasIndicLetter(rest)) return { words: han + 1, syllables: han + syllableCount(rest) };
  const other = rest.replace(INDIC, ' ');
  return { words: han + 1, syllables: han + aksharaCount(rest) + (LETTER.test(other) ? syllableCount(other) : 0) };
}

export function countLine(line: string): LineCounts {
  let words = 0;
  let syllables = 0;
  for (const token of verseTokens(line)) {
    if (isNumeral(token)) continue;
    const counted = countToken(token.text);
    words += counted.words;
    syllables += counted.syllables;
  }
  let chars = 0;
  let special = 0;
  for (const ch of line.normalize('NFC')) {
    if (NOT_A_CHARACTER.test(ch)) continue;
    chars++;
    if (!LETTER_OR_DIGIT.test(ch)) special++;
  }
  return { words, syllables, chars, special };
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
