/**
 * Broad IPA transcription of verse in British English (Received Pronunciation, the accent of
 * the site's espeak-ng en-gb voice and of the imported transcriptions), from the CMU
 * Pronouncing Dictionary's first pronunciation of each word, which is American: its phones are
 * turned into British values by rule.
 *
 * Conventions:
 *  - Non-rhotic: an R after a vowel is dropped unless a vowel follows it in the word, and the
 *    vowel takes its British value: AA R ɑː, AO R / OW R ɔː, EH R / EY R eə, IH R / IY R ɪə,
 *    UH R / UW R ʊə, AY R aɪə, AW R aʊə; ER ɜː (stressed) / ə (unstressed), and ʌr / ər before
 *    a vowel (hurry ˈhʌri, every ˈɛvəri). R is written r.
 *  - Vowels: AE æ, AH ʌ (stressed) / ə (unstressed), AW aʊ, AY aɪ, EH ɛ, EY eɪ, IH ɪ,
 *    IY iː / i (unstressed), OW əʊ, OY ɔɪ, UH ʊ, UW uː / u (unstressed). CMU's AA is LOT (ɒ)
 *    when the word is spelt with an o or after W (want, watch), else PALM (ɑː: father, calm);
 *    its AO is THOUGHT (ɔː) when spelt au, aw, ough, oa or al, or without an o (water), else
 *    LOT (ɒ: long, across, gone). No BATH broadening, linking r, flaps or syllabic diacritics.
 *  - Consonants: B b, CH tʃ, D d, DH ð, F f, G ɡ (U+0261), HH h, JH dʒ, K k, L l, M m, N n,
 *    NG ŋ, P p, R r, S s, SH ʃ, T t, TH θ, V v, W w, Y j, Z z, ZH ʒ.
 *  - ˈ (primary) and ˌ (secondary) stand before the onset of the stressed
 *    syllable; onsets are maximal (the longest legal English onset taken
 *    from the consonants between two vowels, never across the hyphen of a
 *    compound). Monosyllables are marked too.
 *  - Monosyllabic function words (see FUNCTION_WORDS) are unstressed: no mark,
 *    and AH/ER take their unstressed values (of → əv).
 *  - One space-separated group per word of the text (a hyphenated compound
 *    is one group); punctuation is dropped; "\n" line breaks are kept.
 *  - Words neither CMU, the archaic table nor the fallback rules know are
 *    written as spelt, between ⟨ ⟩: ⟨zephyrine⟩.
 */
import { type Phones, WORD_BOUNDARY, isVowel, pronounce, stressDigits } from './lexicon.js';
import { splitLines, verseTokens } from './tokens.js';

const CONSONANTS: Readonly<Record<string, string>> = {
  B: 'b',
  CH: 'tʃ',
  D: 'd',
  DH: 'ð',
  F: 'f',
  G: 'ɡ',
  HH: 'h',
  JH: 'dʒ',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ŋ',
  P: 'p',
  R: 'r',
  S: 's',
  SH: 'ʃ',
  T: 't',
  TH: 'θ',
  V: 'v',
  W: 'w',
  Y: 'j',
  Z: 'z',
  ZH: 'ʒ',
};

/** [stressed, unstressed] British values; AA and AO depend on the spelling (see britishVowel). */
const VOWELS: Readonly<Record<string, readonly [string, string]>> = {
  AE: ['æ', 'æ'],
  AH: ['ʌ', 'ə'],
  AW: ['aʊ', 'aʊ'],
  AY: ['aɪ', 'aɪ'],
  EH: ['ɛ', 'ɛ'],
  ER: ['ɜː', 'ə'],
  EY: ['eɪ', 'eɪ'],
  IH: ['ɪ', 'ɪ'],
  IY: ['iː', 'i'],
  OW: ['əʊ', 'əʊ'],
  OY: ['ɔɪ', 'ɔɪ'],
  UH: ['ʊ', 'ʊ'],
  UW: ['uː', 'u'],
};

/** A vowel and the R after it that a British speaker does not pronounce (before a consonant or at the end). */
const R_VOWELS: Readonly<Record<string, string>> = {
  AA: 'ɑː',
  AE: 'ɑː',
  AO: 'ɔː',
  OW: 'ɔː',
  EH: 'eə',
  EY: 'eə',
  IH: 'ɪə',
  IY: 'ɪə',
  UH: 'ʊə',
  UW: 'ʊə',
  AY: 'aɪə',
  AW: 'aʊə',
  OY: 'ɔɪə',
};
const R_SUFFIX = 'R';

/**
 * The phones with each unpronounced R folded into the vowel before it (AA1 R → AAR1), so that
 * syllables and stress are placed on what is said.
 */
function dropUnsaidR(phones: Phones): string[] {
  const out: string[] = [];
  phones.forEach((phone, i) => {
    const previous = out[out.length - 1];
    const next = phones[i + 1];
    if (phone === 'R' && previous !== undefined && isVowel(previous) && (next === undefined || !isVowel(next))) {
      const base = previous.slice(0, -1);
      if (R_VOWELS[base] !== undefined) {
        out[out.length - 1] = `${base}${R_SUFFIX}${previous.slice(-1)}`;
        return;
      }
    }
    out.push(phone);
  });
  return out;
}

/**
 * AO before a sounded r is THOUGHT (ɔː) in story, glorious, boring, soaring, pouring, and LOT (ɒ)
 * in orange, forest, foreign, moral, sorry; spelling tells them apart, with a few known words.
 */
const LONG_O_BEFORE_R = /oar|our|oor|or(?:y|i[aeiou]|ing)/;
const LONG_O_WORDS = new Set(['oral', 'orally', 'chorus', 'choral', 'forum', 'quorum', 'decorum', 'adorable', 'storey']);

/** The British value of a vowel phone (its stress digit dropped) in a word spelt `spelling`. */
function britishVowel(base: string, stressed: boolean, spelling: string, previous: string | undefined, next: string | undefined): string {
  if (base.endsWith(R_SUFFIX) && base !== 'ER') return R_VOWELS[base.slice(0, -1)] ?? '';
  // a vowel after ER keeps its r: every ˈɛvəri, hurry ˈhʌri
  if (base === 'ER' && next !== undefined && isVowel(next)) return stressed ? 'ʌr' : 'ər';
  if (base === 'AA') return /o/.test(spelling) || previous === 'W' ? 'ɒ' : 'ɑː';
  if (base === 'AO') {
    if (next === 'R') return LONG_O_BEFORE_R.test(spelling) || LONG_O_WORDS.has(spelling) ? 'ɔː' : 'ɒ';
    return /au|aw|ough|oa|al/.test(spelling) || !/o/.test(spelling) ? 'ɔː' : 'ɒ';
  }
  const values = VOWELS[base];
  return values === undefined ? '' : stressed ? values[0] : values[1];
}

/** Legal English syllable onsets of two or three consonants (ARPAbet). */
const CLUSTER_ONSETS = new Set([
  'P R',
  'P L',
  'B R',
  'B L',
  'T R',
  'D R',
  'K R',
  'K L',
  'G R',
  'G L',
  'F R',
  'F L',
  'TH R',
  'SH R',
  'T W',
  'D W',
  'K W',
  'G W',
  'TH W',
  'S W',
  'HH W',
  'S P',
  'S T',
  'S K',
  'S M',
  'S N',
  'S L',
  'S F',
  'P Y',
  'B Y',
  'K Y',
  'G Y',
  'F Y',
  'V Y',
  'M Y',
  'HH Y',
  'S P R',
  'S P L',
  'S T R',
  'S K R',
  'S K W',
  'S K L',
  'S P Y',
  'S K Y',
]);

function isOnset(consonants: Phones): boolean {
  if (consonants.includes(WORD_BOUNDARY)) return false;
  if (consonants.length === 1) return consonants[0] !== 'NG';
  return CLUSTER_ONSETS.has(consonants.join(' '));
}

/** Index where the syllable of the vowel at `vowelAt` begins (maximal onset). */
function onsetStart(phones: Phones, previousVowel: number, vowelAt: number): number {
  if (previousVowel < 0) return 0;
  for (let start = Math.max(previousVowel + 1, vowelAt - 3); start < vowelAt; start++) {
    if (isOnset(phones.slice(start, vowelAt))) return start;
  }
  return vowelAt;
}

/** IPA of one word's phones with the given stress digits (one per vowel); `spelling` picks LOT, PALM or THOUGHT. */
function phonesToIpa(american: Phones, digits: string, spelling = ''): string {
  const phones = dropUnsaidR(american);
  const marks = new Map<number, string>();
  let previousVowel = -1;
  let syllable = 0;
  phones.forEach((phone, i) => {
    if (!isVowel(phone)) return;
    const digit = digits[syllable++];
    if (digit === '1' || digit === '2') marks.set(onsetStart(phones, previousVowel, i), digit === '1' ? 'ˈ' : 'ˌ');
    previousVowel = i;
  });
  let out = '';
  syllable = 0;
  phones.forEach((phone, i) => {
    out += marks.get(i) ?? '';
    if (isVowel(phone)) {
      out += britishVowel(phone.slice(0, -1), digits[syllable] !== '0', spelling, phones[i - 1], phones[i + 1]);
      syllable++;
    } else {
      out += CONSONANTS[phone] ?? '';
    }
  });
  return out;
}

const MEMO_LIMIT = 200_000;
const memo = new Map<string, string | null>();

function wordIpa(key: string): string | null {
  const cached = memo.get(key);
  if (cached !== undefined) return cached;
  const phones = pronounce(key);
  const ipa = phones === null ? null : phonesToIpa(phones, stressDigits(key, phones), key);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, ipa);
  return ipa;
}

/** IPA transcription of verse text; see the module comment for conventions. */
export function toIpa(text: string): string {
  return splitLines(text)
    .map((line) =>
      verseTokens(line)
        .map((token) => wordIpa(token.key) ?? `⟨${token.text}⟩`)
        .join(' '),
    )
    .join('\n');
}
