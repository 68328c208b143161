/**
 * Verse tokenisation shared by the IPA transcription and the scansion, so
 * both produce exactly one group per word of the text.
 *
 * A word is a run of letters/digits, possibly joined by single hyphens
 * ("sea-girt") or apostrophes ("wand'ring", "king's"). Zero-width joiners
 * and non-joiners inside a word are part of its spelling (Indic half forms,
 * Persian), never a break. A leading or trailing
 * apostrophe belongs to the word only when the resulting form is listed
 * ("'tis", "'gainst", "th'"); otherwise it is read as a quotation mark.
 */
import { isListed, normalizeWord } from './lexicon.js';

export interface VerseToken {
  /** The word as written, including any attached apostrophe. */
  readonly text: string;
  /** Lookup key: lower case, no diacritics, straight apostrophes. */
  readonly key: string;
}

const PART = String.raw`[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}\u200c\u200d]*[\p{L}\p{M}\p{N}])?`;
const WORD = new RegExp(String.raw`${PART}(?:[-'\u2018\u2019\u02bc]${PART})*`, 'gu');
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const APOSTROPHES = new Set(["'", '\u2018', '\u2019', '\u02bc']);

/** Verse lines of a text ("\n" separated; a trailing "\r" is ignored). */
export function splitLines(text: string): string[] {
  return text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD_CHAR.test(ch);
}

const LETTER = /\p{L}/u;

/**
 * Whether a token is a number, not a word: it has no letter, like the verse numbers
 * "1-1-1" of "॥१-१-१॥" or "12" (digits of any script).
 */
export function isNumeral(token: VerseToken): boolean {
  return !LETTER.test(token.text);
}

/** The words of one verse line, in order; punctuation is dropped. */
export function verseTokens(line: string): VerseToken[] {
  const tokens: VerseToken[] = [];
  for (const match of line.matchAll(WORD)) {
    let text = match[0];
    let key = normalizeWord(text);
    const start = match.index;
    const end = start + text.length;
    const before = line[start - 1];
    if (before !== undefined && APOSTROPHES.has(before) && !isWordChar(line[start - 2])) {
      const withApostrophe = `'${key}`;
      if (isListed(withApostrophe)) {
        key = withApostrophe;
        text = before + text;
      }
    }
    const after = line[end];
    if (after !== undefined && APOSTROPHES.has(after) && !isWordChar(line[end + 1])) {
      const withApostrophe = `${key}'`;
      if (isListed(withApostrophe)) {
        key = withApostrophe;
        text += after;
      }
    }
    tokens.push({ text, key });
  }
  return tokens;
}
