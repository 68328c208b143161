/**
 * Pronunciation lexicon for the poem analysis: the CMU Pronouncing Dictionary
 * (first pronunciation of each word only), a small hand-written table of
 * archaic and poetic forms, and a simple rule-based fallback (elisions,
 * inflections, hyphenated compounds) for words the dictionary lacks.
 *
 * Everything here is pure and synchronous. Lookups are memoised, so the cost
 * of a word is paid once per process.
 */
import { dictionary } from 'cmu-pronouncing-dictionary';

/**
 * ARPAbet phones; vowels carry a stress digit (0 none, 1 primary, 2
 * secondary). Parts of a hyphenated compound are separated by
 * {@link WORD_BOUNDARY}, which syllabification must not cross.
 */
export type Phones = readonly string[];

/** Pseudo-phone between the parts of a hyphenated compound. */
export const WORD_BOUNDARY = '-';

/**
 * Archaic and poetic forms missing from CMU (or, for `o'`, where CMU's entry
 * means something else). Consulted before CMU.
 */
const ARCHAIC_SOURCE: Readonly<Record<string, string>> = {
  "o'er": 'OW1 R',
  "e'er": 'EH1 R',
  "e'en": 'IY1 N',
  "th'": 'DH',
  "o'": 'AH0',
  "ta'en": 'T EY1 N',
  "thro'": 'TH R UW1',
  thro: 'TH R UW1',
  "tho'": 'DH OW1',
  "whate'er": 'W AH2 T EH1 R',
  "whene'er": 'W EH2 N EH1 R',
  "where'er": 'W EH2 R EH1 R',
  "howe'er": 'HH AW2 EH1 R',
  "whoe'er": 'HH UW2 EH1 R',
  whoso: 'HH UW1 S OW0',
  "thou'rt": 'DH AW1 R T',
  "thou'lt": 'DH AW1 L T',
  "'twere": 'T W ER1',
  "'twill": 'T W IH1 L',
  "'twould": 'T W UH1 D',
  "'tween": 'T W IY1 N',
  "'twixt": 'T W IH1 K S T',
  "'gan": 'G AE1 N',
  "'scape": 'S K EY1 P',
  "'gainst": 'G EH1 N S T',
  "'neath": 'N IY1 TH',
  "'mid": 'M IH1 D',
  "'midst": 'M IH1 D S T',
  canst: 'K AE1 N S T',
  couldst: 'K UH1 D S T',
  wouldst: 'W UH1 D S T',
  shouldst: 'SH UH1 D S T',
  didst: 'D IH1 D S T',
  hadst: 'HH AE1 D S T',
  wast: 'W AA1 S T',
  mayst: 'M EY1 S T',
  mightst: 'M AY1 T S T',
  saith: 'S EH1 TH',
  smote: 'S M OW1 T',
  methinks: 'M IY0 TH IH1 NG K S',
};

const ARCHAIC = new Map<string, Phones>(Object.entries(ARCHAIC_SOURCE).map(([word, arpabet]) => [word, Object.freeze(arpabet.split(' '))]));

/**
 * Monosyllabic function words (articles, prepositions, conjunctions,
 * pronouns, auxiliaries) whose stress is demoted to 0 in scansion and IPA.
 * Only applies when the word has exactly one syllable. Keys are lower case
 * with a straight apostrophe.
 */
const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  // articles
  'a',
  'an',
  'the',
  "th'",
  // prepositions
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  "o'",
  'on',
  'to',
  'with',
  'through',
  'thro',
  "thro'",
  "o'er",
  'as',
  'till',
  "'mid",
  "'midst",
  "'neath",
  "'gainst",
  "'twixt",
  "'tween",
  // conjunctions
  'and',
  'but',
  'or',
  'nor',
  'if',
  'than',
  'that',
  'though',
  'tho',
  "tho'",
  'while',
  'whilst',
  'lest',
  'since',
  'ere',
  'when',
  'where',
  // pronouns (personal, possessive determiners, relative)
  'i',
  'me',
  'my',
  'we',
  'us',
  'our',
  'you',
  'your',
  'he',
  'him',
  'his',
  'she',
  'her',
  'it',
  'its',
  'they',
  'them',
  'their',
  'thou',
  'thee',
  'thy',
  'thine',
  'ye',
  "'em",
  'who',
  'whom',
  'whose',
  'which',
  // auxiliaries (and pronoun + auxiliary contractions)
  'am',
  'is',
  'are',
  'art',
  'was',
  'were',
  'wast',
  'wert',
  'be',
  'been',
  'has',
  'have',
  'had',
  'hath',
  'hast',
  'hadst',
  'do',
  'does',
  'did',
  'doth',
  'dost',
  'didst',
  'shall',
  'shalt',
  'should',
  'shouldst',
  'will',
  'wilt',
  'would',
  'wouldst',
  'can',
  'canst',
  'could',
  'couldst',
  'may',
  'mayst',
  'might',
  'must',
  "'tis",
  "'twas",
  "'twere",
  "'twill",
  "'twould",
  "i'll",
  "i'm",
  "i've",
  "i'd",
  "he's",
  "he'll",
  "he'd",
  "she's",
  "she'll",
  "she'd",
  "it's",
  "it'll",
  "we're",
  "we'll",
  "we've",
  "we'd",
  "you're",
  "you'll",
  "you've",
  "you'd",
  "they're",
  "they'll",
  "they've",
  "they'd",
  "thou'rt",
  "thou'lt",
]);

/** True for an ARPAbet vowel (vowels, and only vowels, end in a stress digit). */
export function isVowel(phone: string): boolean {
  const last = phone.charCodeAt(phone.length - 1);
  return last >= 48 && last <= 57;
}

export function vowelCount(phones: Phones): number {
  let n = 0;
  for (const p of phones) if (isVowel(p)) n++;
  return n;
}

// Latin letters only: diacritics are stripped, curly apostrophes straightened.
const NON_ASCII = /[\u0080-\uffff]/;
const APOSTROPHES = /[\u2018\u2019\u02bc]/g;
const MARKS = /\p{M}/gu;

/** Lookup key of a word: lower case, no diacritics, straight apostrophes. */
export function normalizeWord(word: string): string {
  if (!NON_ASCII.test(word)) return word.toLowerCase();
  return word.normalize('NFD').replace(MARKS, '').replace(APOSTROPHES, "'").toLowerCase().replace(/æ/g, 'ae').replace(/œ/g, 'oe');
}

const CMU: Readonly<Record<string, string>> = dictionary;

/** Dictionary entry only (archaic table, then CMU); no rules. */
function entry(key: string): Phones | null {
  const archaic = ARCHAIC.get(key);
  if (archaic !== undefined) return archaic;
  if (Object.hasOwn(CMU, key)) {
    const arpabet = CMU[key];
    if (arpabet !== undefined) return arpabet.split(' ');
  }
  return null;
}

/** Whether the exact key is in the archaic table or CMU (no rules applied). */
export function isListed(key: string): boolean {
  return ARCHAIC.has(key) || Object.hasOwn(CMU, key);
}

const SIBILANTS = new Set(['S', 'Z', 'SH', 'ZH', 'CH', 'JH']);
const VOICELESS = new Set(['P', 'T', 'K', 'F', 'TH', 'S', 'SH', 'CH', 'HH']);

/** -s / -es / 's ending after the given stem. */
function withS(stem: Phones): Phones {
  const last = stem[stem.length - 1] ?? '';
  if (SIBILANTS.has(last)) return [...stem, 'IH0', 'Z'];
  if (VOICELESS.has(last)) return [...stem, 'S'];
  return [...stem, 'Z'];
}

/** -ed ending after the given stem. */
function withEd(stem: Phones): Phones {
  const last = stem[stem.length - 1] ?? '';
  if (last === 'T' || last === 'D') return [...stem, 'IH0', 'D'];
  if (VOICELESS.has(last)) return [...stem, 'T'];
  return [...stem, 'D'];
}

const suffix =
  (...phones: string[]) =>
  (stem: Phones): Phones => [...stem, ...phones];

// A stem like "mak", "lov", "hop" (single vowel + single consonant) comes
// from a silent-e word: the consonant would have been doubled otherwise.
const SILENT_E_STEM = /(?:^|[^aeiou])[aeiou][^aeiouwxy]$/;

/** Candidate spellings of a stem left after removing a suffix. */
function stems(stem: string, alwaysPreferE: boolean): string[] {
  const out: string[] = [];
  const preferE = alwaysPreferE || SILENT_E_STEM.test(stem);
  const undoubled = stem.length > 2 && stem[stem.length - 1] === stem[stem.length - 2] ? stem.slice(0, -1) : undefined;
  if (preferE) out.push(`${stem}e`);
  out.push(stem);
  if (undoubled !== undefined) out.push(undoubled);
  if (!preferE) out.push(`${stem}e`);
  return out;
}

interface SuffixRule {
  readonly ending: string;
  readonly stems: (stem: string) => string[];
  readonly add: (stem: Phones) => Phones;
}

const SUFFIX_RULES: readonly SuffixRule[] = [
  { ending: 'ies', stems: (s) => [`${s}y`], add: withS },
  { ending: 'ied', stems: (s) => [`${s}y`], add: withEd },
  { ending: 'es', stems: (s) => (/(?:s|x|z|ch|sh|o)$/.test(s) ? [s] : []), add: withS },
  { ending: 's', stems: (s) => (/(?:ss|us|is)$/.test(`${s}s`) ? [] : [s]), add: withS },
  { ending: 'ed', stems: (s) => stems(s, true), add: withEd },
  { ending: 'ing', stems: (s) => stems(s, false), add: suffix('IH0', 'NG') },
  { ending: 'eth', stems: (s) => stems(s, false), add: suffix('IH0', 'TH') },
  { ending: 'est', stems: (s) => stems(s, false), add: suffix('IH0', 'S', 'T') },
  { ending: 'ly', stems: (s) => [s], add: suffix('L', 'IY0') },
  { ending: 'ness', stems: (s) => (s.endsWith('i') ? [`${s.slice(0, -1)}y`] : [s]), add: suffix('N', 'AH0', 'S') },
  { ending: 'less', stems: (s) => [s], add: suffix('L', 'AH0', 'S') },
  { ending: 'ful', stems: (s) => [s], add: suffix('F', 'AH0', 'L') },
];

const ELISION_VOWELS = ['e', 'o', 'i', 'a', 'u'];

/**
 * Removes the unstressed vowel nearest (proportionally) to where the
 * apostrophe stood: "heav'n" ← heaven HH EH1 V AH0 N → HH EH1 V N. An
 * unstressed ER becomes a plain R ("pow'r" → P AW1 R).
 */
function elide(phones: Phones, relativePosition: number): Phones {
  let best = -1;
  let bestDistance = Infinity;
  phones.forEach((p, i) => {
    if (!isVowel(p) || !p.endsWith('0')) return;
    const distance = Math.abs(i / phones.length - relativePosition);
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  });
  if (best < 0) return phones;
  const out = [...phones];
  if (out[best] === 'ER0') out[best] = 'R';
  else out.splice(best, 1);
  return out;
}

const MAX_DEPTH = 2;

function derive(key: string, depth: number): Phones | null {
  const listed = entry(key);
  if (listed !== null) return listed;
  if (depth > MAX_DEPTH || key.length === 0) return null;

  // Hyphenated compound: as one word, then joined, then part by part.
  if (key.includes('-')) {
    const joined = entry(key.replaceAll('-', ''));
    if (joined !== null) return joined;
    const parts = key.split('-').filter((p) => p.length > 0);
    const out: string[] = [];
    for (const part of parts) {
      const phones = derive(part, depth + 1);
      if (phones === null) return null;
      if (out.length > 0) out.push(WORD_BOUNDARY);
      out.push(...phones);
    }
    return out.length > 0 ? out : null;
  }

  if (key.includes("'")) return deriveApostrophe(key, depth);

  if (key.length > 4 && key.startsWith('un')) {
    const rest = derive(key.slice(2), depth + 1);
    if (rest !== null) return ['AH0', 'N', ...rest];
  }

  for (const rule of SUFFIX_RULES) {
    if (key.length < rule.ending.length + 2 || !key.endsWith(rule.ending)) continue;
    const stem = key.slice(0, -rule.ending.length);
    for (const candidate of rule.stems(stem)) {
      if (candidate.length < 2) continue;
      const phones = derive(candidate, depth + 1);
      if (phones !== null) return rule.add(phones);
    }
  }
  return null;
}

function deriveApostrophe(key: string, depth: number): Phones | null {
  // o'erwhelm, o'erthrown: "over" with the v elided.
  if (key.startsWith("o'er") && key.length > 4) {
    const over = derive(`over${key.slice(4)}`, depth + 1);
    const [o, v, er] = over ?? [];
    if (over !== null && o?.startsWith('OW') === true && v === 'V' && er === 'ER0') return [o, 'R', ...over.slice(3)];
    const rest = derive(key.slice(4), depth + 1);
    if (rest !== null) return [rest.some((p) => p.endsWith('1')) ? 'OW2' : 'OW1', 'R', ...rest];
  }
  // Possessive 's and plural possessive s'.
  if (key.endsWith("'s")) {
    const stem = derive(key.slice(0, -2), depth + 1);
    if (stem !== null) return withS(stem);
  }
  if (key.endsWith("s'")) {
    const stem = derive(key.slice(0, -1), depth + 1);
    if (stem !== null) return stem;
  }
  // Contractions: X'll, X've, X're, X'm.
  const contraction = /^(.+)'(ll|ve|re|m)$/.exec(key);
  if (contraction !== null) {
    const stem = derive(contraction[1] ?? '', depth + 1);
    const tail = { ll: 'L', ve: 'V', re: 'R', m: 'M' }[contraction[2] as 'll' | 've' | 're' | 'm'];
    if (stem !== null) return [...stem, tail];
  }
  // Elision: restore a vowel at the apostrophe, look up, drop that syllable.
  const at = key.indexOf("'");
  if (at > 0 && at < key.length - 1 && key.indexOf("'", at + 1) < 0) {
    for (const vowel of ELISION_VOWELS) {
      const full = derive(key.slice(0, at) + vowel + key.slice(at + 1), depth + 1);
      if (full !== null) return elide(full, at / key.length);
    }
  }
  // X'd where only X is known: X + non-syllabic -ed.
  if (key.endsWith("'d")) {
    const stem = derive(key.slice(0, -2), depth + 1);
    if (stem !== null) {
      const last = stem[stem.length - 1] ?? '';
      return [...stem, VOICELESS.has(last) ? 'T' : 'D'];
    }
  }
  const bare = key.replaceAll("'", '');
  return bare.length > 0 && bare !== key ? derive(bare, depth + 1) : null;
}

const MEMO_LIMIT = 200_000;
const memo = new Map<string, Phones | null>();

/**
 * ARPAbet phones of a normalised word (see {@link normalizeWord}), or null
 * when neither the dictionaries nor the fallback rules know it.
 */
export function pronounce(key: string): Phones | null {
  const cached = memo.get(key);
  if (cached !== undefined) return cached;
  const phones = derive(key, 0);
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, phones);
  return phones;
}

/**
 * Stress digits of a known word, one per syllable, after function-word
 * demotion (a monosyllable in {@link FUNCTION_WORDS} gets 0).
 */
export function stressDigits(key: string, phones: Phones): string {
  let digits = '';
  for (const p of phones) if (isVowel(p)) digits += p[p.length - 1];
  if (digits.length === 1 && FUNCTION_WORDS.has(key)) return '0';
  return digits;
}
