/**
 * Finding the word a reader clicked or selected in the verse, for the dictionary.
 * A word is letters (and combining marks) joined by apostrophes or single hyphens:
 * "o'er", "sky-line" and "Heaven’s" are one word each; an em dash, a double hyphen
 * or any other punctuation ends a word.
 */

const LETTER = /[\p{L}\p{M}]/u;
const JOINER = /['\u2019-]/u;

/** The longest word the dictionary accepts (the server's limit is larger). */
const MAX_WORD = 64;

function isLetter(ch: string | undefined): boolean {
  return ch !== undefined && LETTER.test(ch);
}

/** Letter, or an apostrophe/hyphen with a letter on both sides. */
function isWordChar(chars: readonly string[], i: number): boolean {
  const ch = chars[i];
  if (isLetter(ch)) return true;
  return ch !== undefined && JOINER.test(ch) && isLetter(chars[i - 1]) && isLetter(chars[i + 1]);
}

/**
 * The word at `offset` (a caret position, in UTF-16 code units as the DOM gives it)
 * of `text`, or null when the caret is not touching a word. A caret just after a
 * word's last letter still counts (clicking the right half of a letter puts it there).
 */
export function wordAt(text: string, offset: number): string | null {
  if (offset < 0 || offset > text.length) return null;
  // Work on code points so letters outside the BMP stay whole.
  const chars = Array.from(text);
  let index = 0;
  for (let units = 0; index < chars.length && units < offset; index++) units += chars[index]!.length;
  const at = isWordChar(chars, index) ? index : isWordChar(chars, index - 1) ? index - 1 : -1;
  if (at < 0) return null;
  let start = at;
  while (start > 0 && isWordChar(chars, start - 1)) start--;
  let end = at;
  while (end + 1 < chars.length && isWordChar(chars, end + 1)) end++;
  return chars.slice(start, end + 1).join('');
}

/**
 * The form to look up: curly apostrophes made straight, a possessive "'s" dropped
 * ("Heaven's" → "Heaven"), surrounding punctuation trimmed. Null when what is left
 * is not a single word (a selection of several words, a number, a dash).
 */
export function lookupForm(raw: string): string | null {
  const trimmed = raw
    .trim()
    .replace(/\u2019/gu, "'")
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (trimmed === '' || trimmed.length > MAX_WORD) return null;
  if (!/^[\p{L}\p{M}]+(?:['-][\p{L}\p{M}]+)*$/u.test(trimmed)) return null;
  return trimmed.replace(/'s$/u, '');
}
