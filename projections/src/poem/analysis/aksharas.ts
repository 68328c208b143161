/**
 * Syllables of the Indic scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Odia, Tamil, Telugu,
 * Kannada, Malayalam, Sinhala: U+0900–U+0DFF) counted as aksharas. Every akshara has one vowel:
 * an independent vowel letter, or a consonant's inherent vowel or vowel sign. So each letter is an
 * akshara unless a virama (halant) silences it: consonants joined by virama belong to the next
 * vowel, and a final halant consonant adds none. Vowel signs, anusvara, visarga and chandrabindu
 * are marks of the akshara before them. Indic_Syllabic_Category is not in JavaScript's \p{…}, so
 * the few letters that carry no vowel are listed by code point.
 */

/** Letters (\p{Lo}) of the Indic blocks; the blocks share one layout from Devanagari to Malayalam. */
const INDIC_LETTER = /(?=\p{Lo})[\u0900-\u0DFF]/u;

/** Viramas: at 0x4D in each block from Devanagari to Malayalam, Malayalam's two others, Sinhala's al-lakuna. */
const VIRAMAS = new Set([0x094d, 0x09cd, 0x0a4d, 0x0acd, 0x0b4d, 0x0bcd, 0x0c4d, 0x0ccd, 0x0d4d, 0x0d3b, 0x0d3c, 0x0dca]);
/** Nuktas (0x3C in a block) stand between a consonant and its virama. */
const NUKTAS = new Set([0x093c, 0x09bc, 0x0a3c, 0x0abc, 0x0b3c, 0x0c3c, 0x0cbc]);
/** Letters without a vowel of their own: avagraha (the elided a), dead consonants, visarga-like signs. */
const VOWELLESS = new Set([
  0x093d,
  0x09bd,
  0x0abd,
  0x0b3d,
  0x0c3d,
  0x0cbd,
  0x0d3d, // avagraha
  0x09ce, // Bengali khanda ta
  0x09fc, // Bengali Vedic anusvara
  0x0b83, // Tamil aytham
  0x0c5d,
  0x0cdd, // Telugu and Kannada nakaara pollu
  0x0cf1,
  0x0cf2, // Kannada jihvamuliya, upadhmaniya
  0x0d4e,
  0x0d54,
  0x0d55,
  0x0d56,
  0x0d7a,
  0x0d7b,
  0x0d7c,
  0x0d7d,
  0x0d7e,
  0x0d7f, // Malayalam dot reph, chillus
]);

/** Whether `text` has a letter of an Indic script. */
export function hasIndicLetter(text: string): boolean {
  return INDIC_LETTER.test(text);
}

/** The aksharas of `text` (only its Indic letters count; anything else adds none). */
export function aksharaCount(text: string): number {
  const chars = [...text.normalize('NFC')];
  const code = (i: number) => chars[i]?.codePointAt(0) ?? 0;
  let count = 0;
  for (let i = 0; i < chars.length; i++) {
    if (!INDIC_LETTER.test(chars[i]!) || VOWELLESS.has(code(i))) continue;
    let next = i + 1;
    while (NUKTAS.has(code(next))) next++;
    if (!VIRAMAS.has(code(next))) count++;
  }
  return count;
}
