/**
 * Broad IPA transcription of verse (General American, from the CMU
 * Pronouncing Dictionary's first pronunciation of each word).
 *
 * Conventions:
 *  - ARPAbet → IPA: AA ɑ, AE æ, AH ʌ (stressed) / ə (unstressed), AO ɔ,
 *    AW aʊ, AY aɪ, EH ɛ, ER ɝ (stressed) / ɚ (unstressed), EY eɪ, IH ɪ, IY i,
 *    OW oʊ, OY ɔɪ, UH ʊ, UW u; B b, CH tʃ, D d, DH ð, F f, G ɡ (U+0261),
 *    HH h, JH dʒ, K k, L l, M m, N n, NG ŋ, P p, R ɹ, S s, SH ʃ, T t, TH θ,
 *    V v, W w, Y j, Z z, ZH ʒ. No length marks, flaps or syllabic diacritics.
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
  B: 'b', CH: 'tʃ', D: 'd', DH: 'ð', F: 'f', G: 'ɡ', HH: 'h', JH: 'dʒ', K: 'k', L: 'l', M: 'm', N: 'n',
  NG: 'ŋ', P: 'p', R: 'ɹ', S: 's', SH: 'ʃ', T: 't', TH: 'θ', V: 'v', W: 'w', Y: 'j', Z: 'z', ZH: 'ʒ',
};

/** [stressed, unstressed] values. */
const VOWELS: Readonly<Record<string, readonly [string, string]>> = {
  AA: ['ɑ', 'ɑ'], AE: ['æ', 'æ'], AH: ['ʌ', 'ə'], AO: ['ɔ', 'ɔ'], AW: ['aʊ', 'aʊ'], AY: ['aɪ', 'aɪ'],
  EH: ['ɛ', 'ɛ'], ER: ['ɝ', 'ɚ'], EY: ['eɪ', 'eɪ'], IH: ['ɪ', 'ɪ'], IY: ['i', 'i'], OW: ['oʊ', 'oʊ'],
  OY: ['ɔɪ', 'ɔɪ'], UH: ['ʊ', 'ʊ'], UW: ['u', 'u'],
};

/** Legal English syllable onsets of two or three consonants (ARPAbet). */
const CLUSTER_ONSETS = new Set(
  [
    'P R', 'P L', 'B R', 'B L', 'T R', 'D R', 'K R', 'K L', 'G R', 'G L', 'F R', 'F L', 'TH R', 'SH R',
    'T W', 'D W', 'K W', 'G W', 'TH W', 'S W', 'HH W', 'S P', 'S T', 'S K', 'S M', 'S N', 'S L', 'S F',
    'P Y', 'B Y', 'K Y', 'G Y', 'F Y', 'V Y', 'M Y', 'HH Y',
    'S P R', 'S P L', 'S T R', 'S K R', 'S K W', 'S K L', 'S P Y', 'S K Y',
  ],
);

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

/** IPA of one word's phones with the given stress digits (one per vowel). */
export function phonesToIpa(phones: Phones, digits: string): string {
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
      const values = VOWELS[phone.slice(0, -1)];
      out += values === undefined ? '' : digits[syllable] === '0' ? values[1] : values[0];
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
  const ipa = phones === null ? null : phonesToIpa(phones, stressDigits(key, phones));
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
