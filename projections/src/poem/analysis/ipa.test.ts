import { describe, expect, it } from 'vitest';
import { toIpa } from './ipa.js';

describe('toIpa', () => {
  it('transcribes CMU words with stress before the stressed syllable onset', () => {
    // the DH AH0, rose R OW1 Z (British: əʊ, r)
    expect(toIpa('The rose')).toBe('ðə ˈrəʊz');
    // upon AH0 P AA1 N; morning M AO1 R N IH0 NG (R stays in the coda)
    expect(toIpa('upon')).toBe('əˈpɒn');
    expect(toIpa('morning')).toBe('ˈmɔːnɪŋ');
    // astride AH0 S T R AY1 D: maximal onset takes the whole STR cluster
    expect(toIpa('astride')).toBe('əˈstraɪd');
  });

  it('marks secondary stress', () => {
    // thyself DH AY2 S EH1 L F
    expect(toIpa('thyself')).toBe('ˌðaɪˈsɛlf');
    // breastplate B R EH1 S T P L EY2 T (+ S): PL onset after ST coda
    expect(toIpa('breastplates')).toBe('ˈbrɛstˌpleɪts');
  });

  it('leaves monosyllabic function words unstressed, with weak vowels', () => {
    // of AH1 V → əv; his HH IH1 Z → hɪz
    expect(toIpa('of his rose')).toBe('əv hɪz ˈrəʊz');
  });

  it('drops punctuation and keeps verse-line breaks', () => {
    expect(toIpa('The rose, the rose!\n“Upon” — the rose.')).toBe('ðə ˈrəʊz ðə ˈrəʊz\nəˈpɒn ðə ˈrəʊz');
    expect(toIpa('rose\n\nrose')).toBe('ˈrəʊz\n\nˈrəʊz');
  });

  it('wraps unknown words, as written, in angle brackets', () => {
    expect(toIpa('the zephyrine breeze')).toBe('ðə ⟨zephyrine⟩ ˈbriːz');
    expect(toIpa('Zephyrine.')).toBe('⟨Zephyrine⟩');
  });

  it('falls back to simple lemmatisation', () => {
    expect(toIpa("zephyr's")).toBe('ˈzɛfəz'); // possessive: zephyr + z
    expect(toIpa('thanes')).toBe('ˈθeɪnz'); // plural: thane + z
    expect(toIpa('tempests')).toBe('ˈtɛmpəsts'); // plural after t: + s
    expect(toIpa('foamed')).toBe('ˈfəʊmd'); // -ed: foam + d
    expect(toIpa('girded')).toBe('ˈɡɜːdɪd'); // -ed after d: + ɪd
    expect(toIpa('girting')).toBe('ˈɡɜːtɪŋ'); // -ing
    expect(toIpa('maketh')).toBe('ˈmeɪkɪθ'); // archaic -eth on a silent-e stem
    expect(toIpa('goldenly')).toBe('ˈɡəʊldənli'); // -ly
  });

  it('splits hyphenated compounds without syllabifying across the hyphen', () => {
    expect(toIpa('sea-girt')).toBe('ˈsiːˈɡɜːt');
    expect(toIpa('rock-ribbed')).toBe('ˈrɒkˈrɪbd');
    // a compound CMU knows written solid is taken whole
    expect(toIpa('to-morrow')).toBe('təˈmɒˌrəʊ');
  });

  it('handles archaic and poetic apostrophes', () => {
    expect(toIpa("'Tis o'er")).toBe('tɪz ɔː'); // 'tis in CMU; o'er from the archaic table
    expect(toIpa('’Tis')).toBe('tɪz'); // curly apostrophe
    expect(toIpa("heav'n")).toBe('ˈhɛvn'); // heaven with the schwa elided
    expect(toIpa("ev'ry")).toBe('ˈɛvri');
    expect(toIpa("wand'ring")).toBe('ˈwɒndrɪŋ');
    expect(toIpa("th' eternal")).toBe('ð ɪˈtɜːnəl');
    expect(toIpa("o'erwhelming")).toBe('ˌɔːˈwɛlmɪŋ');
    // a quotation mark is not mistaken for an elision
    expect(toIpa("'Rose,' he said")).toBe('ˈrəʊz hi ˈsɛd');
  });

  it('is British: non-rhotic, with LOT, PALM and THOUGHT told apart by spelling', () => {
    // R after a vowel is said only before a vowel: hearth, story, every, hurry, fire
    expect(toIpa('hearth story every hurry fire near poor')).toBe('ˈhɑːθ ˈstɔːri ˈɛvəri ˈhʌri ˈfaɪə ˈnɪə ˈpʊə');
    // o before a sounded r: LOT in orange, forest, foreign, moral, sorry; THOUGHT in glory, boring, chorus
    const words = toIpa('orange forest foreign moral sorry glory boring chorus').split(' ');
    expect(
      words.slice(0, 5).every((word) => word.includes('ɒ') && !word.includes('ɔː')),
      words.join(' '),
    ).toBe(true);
    expect(
      words.slice(5).every((word) => word.includes('ɔː')),
      words.join(' '),
    ).toBe(true);
    // CMU's AA: LOT when spelt with o or after w, else PALM
    expect(toIpa('father calm long want across')).toBe('ˈfɑːðə ˈkɑːm ˈlɒŋ ˈwɒnt əˈkrɒs');
    // CMU's AO: THOUGHT when spelt au/aw/ough/oa/al or without o
    expect(toIpa('thought water dawn called gone')).toBe('ˈθɔːt ˈwɔːtə ˈdɔːn ˈkɔːld ˈɡɒn');
    // long vowels and the GOAT diphthong
    expect(toIpa('evening home moon')).toBe('ˈiːvnɪŋ ˈhəʊm ˈmuːn');
  });

  it('returns empty output for empty input', () => {
    expect(toIpa('')).toBe('');
    expect(toIpa(' ,.; ')).toBe('');
  });
});
