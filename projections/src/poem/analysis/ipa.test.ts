import { describe, expect, it } from 'vitest';
import { toIpa } from './ipa.js';

describe('toIpa', () => {
  it('transcribes CMU words with stress before the stressed syllable onset', () => {
    // the DH AH0, rose R OW1 Z
    expect(toIpa('The rose')).toBe('ðə ˈɹoʊz');
    // upon AH0 P AA1 N; morning M AO1 R N IH0 NG (R stays in the coda)
    expect(toIpa('upon')).toBe('əˈpɑn');
    expect(toIpa('morning')).toBe('ˈmɔɹnɪŋ');
    // astride AH0 S T R AY1 D: maximal onset takes the whole STR cluster
    expect(toIpa('astride')).toBe('əˈstɹaɪd');
  });

  it('marks secondary stress', () => {
    // thyself DH AY2 S EH1 L F
    expect(toIpa('thyself')).toBe('ˌðaɪˈsɛlf');
    // breastplate B R EH1 S T P L EY2 T (+ S): PL onset after ST coda
    expect(toIpa('breastplates')).toBe('ˈbɹɛstˌpleɪts');
  });

  it('leaves monosyllabic function words unstressed, with weak vowels', () => {
    // of AH1 V → əv; his HH IH1 Z → hɪz
    expect(toIpa('of his rose')).toBe('əv hɪz ˈɹoʊz');
  });

  it('drops punctuation and keeps verse-line breaks', () => {
    expect(toIpa('The rose, the rose!\n“Upon” — the rose.')).toBe('ðə ˈɹoʊz ðə ˈɹoʊz\nəˈpɑn ðə ˈɹoʊz');
    expect(toIpa('rose\n\nrose')).toBe('ˈɹoʊz\n\nˈɹoʊz');
  });

  it('wraps unknown words, as written, in angle brackets', () => {
    expect(toIpa('the zephyrine breeze')).toBe('ðə ⟨zephyrine⟩ ˈbɹiz');
    expect(toIpa('Zephyrine.')).toBe('⟨Zephyrine⟩');
  });

  it('falls back to simple lemmatisation', () => {
    expect(toIpa("zephyr's")).toBe('ˈzɛfɚz'); // possessive: zephyr + z
    expect(toIpa('thanes')).toBe('ˈθeɪnz'); // plural: thane + z
    expect(toIpa('tempests')).toBe('ˈtɛmpəsts'); // plural after t: + s
    expect(toIpa('foamed')).toBe('ˈfoʊmd'); // -ed: foam + d
    expect(toIpa('girded')).toBe('ˈɡɝdɪd'); // -ed after d: + ɪd
    expect(toIpa('girting')).toBe('ˈɡɝtɪŋ'); // -ing
    expect(toIpa('maketh')).toBe('ˈmeɪkɪθ'); // archaic -eth on a silent-e stem
    expect(toIpa('goldenly')).toBe('ˈɡoʊldənli'); // -ly
  });

  it('splits hyphenated compounds without syllabifying across the hyphen', () => {
    expect(toIpa('sea-girt')).toBe('ˈsiˈɡɝt');
    expect(toIpa('rock-ribbed')).toBe('ˈɹɑkˈɹɪbd');
    // a compound CMU knows written solid is taken whole
    expect(toIpa('to-morrow')).toBe('təˈmɑˌɹoʊ');
  });

  it('handles archaic and poetic apostrophes', () => {
    expect(toIpa("'Tis o'er")).toBe('tɪz oʊɹ'); // 'tis in CMU; o'er from the archaic table
    expect(toIpa('’Tis')).toBe('tɪz'); // curly apostrophe
    expect(toIpa("heav'n")).toBe('ˈhɛvn'); // heaven with the schwa elided
    expect(toIpa("ev'ry")).toBe('ˈɛvɹi');
    expect(toIpa("wand'ring")).toBe('ˈwɑndɹɪŋ');
    expect(toIpa("th' eternal")).toBe('ð ɪˈtɝnəl');
    expect(toIpa("o'erwhelming")).toBe('ˌoʊɹˈwɛlmɪŋ');
    // a quotation mark is not mistaken for an elision
    expect(toIpa("'Rose,' he said")).toBe('ˈɹoʊz hi ˈsɛd');
  });

  it('returns empty output for empty input', () => {
    expect(toIpa('')).toBe('');
    expect(toIpa(' ,.; ')).toBe('');
  });
});
