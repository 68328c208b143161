/**
 * Spell checking of the markdown source: which words to check (not code, URLs,
 * link targets, HTML, ||n|| sentence links, words with digits, acronyms) and what
 * to do with the checker's answers. Pure: the dictionary runs in a worker.
 */
import { isBlockedSuggestion } from './suggestion-blocklist';
import { rankSuggestions } from './suggestion-rank';

export interface WordToken {
  /** The word as written. */
  readonly word: string;
  /** Offsets in the markdown: markdown.slice(start, end) === word. */
  readonly start: number;
  readonly end: number;
}

export interface Misspelling {
  readonly word: string;
  /** How many times it is written. */
  readonly count: number;
  /** Suggestions, best first, in the word's case; null when not looked up (yet). */
  readonly suggestions: readonly string[] | null;
}

/** What the dictionary offers (nspell's correct and suggest). */
export interface SpellChecker {
  correct(word: string): boolean;
  suggest(word: string): string[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Spans to leave out, each a regular expression over the whole text. */
const IGNORED: readonly RegExp[] = [
  // inline code: a run of backticks up to the same run
  /(`+)(?:(?!\1)[\s\S])*?\1/g,
  // HTML comments and tags (with their attributes)
  /<!--[\s\S]*?-->/g,
  /<\/?[A-Za-z][^<>\n]*>/g,
  // autolinks <https://…>, and link or image targets ](…)
  /<[A-Za-z][A-Za-z0-9+.-]*:[^\s<>]*>/g,
  /\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g,
  // reference definitions: [label]: url "title"
  /^ {0,3}\[[^\]\n]+\]:[^\n]*$/gm,
  // bare URLs and e-mail addresses
  /\b(?:https?:\/\/|ftp:\/\/|mailto:|www\.)[^\s<>()[\]]+/gi,
  /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  // ||12|| sentence links
  /\|\|[^|\n]{1,40}\|\|/g,
];

function blankOut(chars: string[], start: number, end: number): void {
  for (let i = start; i < end; i++) if (chars[i] !== '\n') chars[i] = ' ';
}

/** The markdown with every ignored span turned into spaces (same length, so offsets hold). */
export function maskIgnored(markdown: string): string {
  const chars = markdown.split('');
  // Fenced code blocks, opening fence to closing fence.
  let offset = 0;
  let fence: string | null = null;
  let fenceStart = 0;
  for (const line of markdown.split('\n')) {
    const lineEnd = offset + line.length;
    if (fence === null) {
      const opening = FENCE.exec(line)?.[1];
      if (opening !== undefined) {
        fence = opening;
        fenceStart = offset;
      }
    } else if (line.trimStart().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') {
      blankOut(chars, fenceStart, lineEnd);
      fence = null;
    }
    offset = lineEnd + 1;
  }
  if (fence !== null) blankOut(chars, fenceStart, markdown.length);
  const masked = chars.join('');
  for (const pattern of IGNORED) {
    for (const match of masked.matchAll(pattern)) blankOut(chars, match.index, match.index + match[0].length);
  }
  return chars.join('');
}

const CANDIDATE = /[\p{L}\p{M}\p{N}_'’]+/gu;
const HAS_DIGIT_OR_UNDERSCORE = /[\p{N}_]/u;
const HAS_LOWER = /\p{Ll}/u;
const EDGE_APOSTROPHES = /^['’]+|['’]+$/gu;

/**
 * The words to check, in order. Hyphenated words are checked part by part; words
 * with digits or underscores, single letters and all-capital acronyms are skipped,
 * and so is everything `maskIgnored` leaves out.
 */
export function spellTokens(markdown: string): WordToken[] {
  const masked = maskIgnored(markdown);
  const tokens: WordToken[] = [];
  for (const match of masked.matchAll(CANDIDATE)) {
    const raw = match[0];
    const lead = raw.length - raw.replace(/^['’]+/u, '').length;
    const word = raw.replace(EDGE_APOSTROPHES, '');
    if (Array.from(word).length < 2 || HAS_DIGIT_OR_UNDERSCORE.test(word) || !HAS_LOWER.test(word)) continue;
    const start = match.index + lead;
    tokens.push({ word, start, end: start + word.length });
  }
  return tokens;
}

/** The form the dictionary knows: typographic apostrophes as plain ones. */
function checkForm(word: string): string {
  return word.replace(/’/g, "'");
}

/** A suggestion in the case of the word it replaces: "Teh" → "The", "TEH" → "THE". */
export function matchCase(original: string, suggestion: string): string {
  if (original === original.toUpperCase() && original !== original.toLowerCase()) return suggestion.toUpperCase();
  const first = original.charAt(0);
  if (first !== first.toLowerCase() && suggestion.charAt(0) === suggestion.charAt(0).toLowerCase()) {
    return suggestion.charAt(0).toUpperCase() + suggestion.slice(1);
  }
  return suggestion;
}

export interface FindOptions {
  /** Words the writer chose to ignore (as written, any case). */
  readonly ignore?: ReadonlySet<string>;
  /** At most this many distinct words are listed. */
  readonly maxWords?: number;
  /** Suggestions are looked up for the first this many words only (the lookup is slow). */
  readonly suggestFor?: number;
  readonly maxSuggestions?: number;
}

/** The misspelt words of the markdown, in order of first use, each once with its count. */
export function findMisspellings(markdown: string, checker: SpellChecker, options: FindOptions = {}): Misspelling[] {
  const { ignore = new Set<string>(), maxWords = 100, suggestFor = 30, maxSuggestions = 5 } = options;
  const counts = new Map<string, number>();
  const verdicts = new Map<string, boolean>();
  for (const { word } of spellTokens(markdown)) {
    if (ignore.has(word.toLowerCase())) continue;
    let correct = verdicts.get(word);
    if (correct === undefined) {
      correct = checker.correct(checkForm(word));
      verdicts.set(word, correct);
    }
    if (!correct) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return Array.from(counts, ([word, count], index) => ({
    word,
    count,
    suggestions: index < suggestFor ? suggestionsFor(word, checker, maxSuggestions) : null,
  })).slice(0, maxWords);
}

/** The word with two neighbouring letters swapped, each way ("teh" → "eth", "the"): the commonest slip. */
export function transpositions(word: string): string[] {
  const chars = Array.from(word);
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i];
    const b = chars[i + 1];
    if (a === undefined || b === undefined || a === b) continue;
    out.push([...chars.slice(0, i), b, a, ...chars.slice(i + 2)].join(''));
  }
  return out;
}

/**
 * Up to `max` distinct suggestions for a word, in its case, likeliest slip first: swapped
 * neighbouring letters the dictionary knows (nspell's own list often misses "teh" → "the")
 * and the dictionary's suggestions, ranked together, never a word of the blocklist.
 */
export function suggestionsFor(word: string, checker: SpellChecker, max = 5): string[] {
  const form = checkForm(word);
  const swapped = transpositions(form.toLowerCase()).filter((candidate) => checker.correct(candidate));
  const candidates = [...swapped, ...checker.suggest(form)].filter((candidate) => !isBlockedSuggestion(candidate));
  const out: string[] = [];
  for (const suggestion of rankSuggestions(form, candidates)) {
    const cased = matchCase(word, suggestion);
    if (cased !== word && !out.includes(cased)) out.push(cased);
    if (out.length >= max) break;
  }
  return out;
}

/**
 * Replaces every checked use of `word` (not those inside code, URLs and the like)
 * with `replacement`. Works on the current markdown, so edits made since the check
 * do not matter.
 */
export function replaceWord(markdown: string, word: string, replacement: string): string {
  const hits = spellTokens(markdown).filter((t) => t.word === word);
  let out = markdown;
  for (let i = hits.length - 1; i >= 0; i--) {
    const hit = hits[i];
    if (hit !== undefined) out = out.slice(0, hit.start) + replacement + out.slice(hit.end);
  }
  return out;
}
