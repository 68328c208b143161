/**
 * The Memorise option's model: a verse line in words, each masked to its first letter until the
 * reader reveals it (a word, the next word, or the whole line), and the lines a reader has marked
 * as known, kept in localStorage across visits. Pure: tested in node.
 */

/** A word: letters or digits with inner apostrophes; each part of a hyphenated word is a word. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
const LETTER = /[\p{L}\p{M}\p{N}]/u;

export interface MemoriseToken {
  readonly text: string;
  /** The word's index in its line; null for spaces and punctuation, which always show. */
  readonly word: number | null;
  /** What shows while hidden: the first letter, then an underscore per letter. */
  readonly masked: string;
}

export function memoriseTokens(text: string): MemoriseToken[] {
  const tokens: MemoriseToken[] = [];
  let at = 0;
  let word = 0;
  for (const match of text.matchAll(WORD)) {
    if (match.index > at) tokens.push(gap(text.slice(at, match.index)));
    const [first = '', ...rest] = Array.from(match[0]);
    tokens.push({ text: match[0], word: word++, masked: first + rest.map((ch) => (LETTER.test(ch) ? '_' : ch)).join('') });
    at = match.index + match[0].length;
  }
  if (at < text.length) tokens.push(gap(text.slice(at)));
  return tokens;
}

function gap(text: string): MemoriseToken {
  return { text, word: null, masked: text };
}

export function wordsIn(tokens: readonly MemoriseToken[]): number {
  return tokens.filter((token) => token.word !== null).length;
}

/** The words revealed so far, per line of one sentence. */
export type Revealed = ReadonlyMap<number, ReadonlySet<number>>;

export type RevealAction =
  | { readonly type: 'word'; readonly line: number; readonly word: number }
  | { readonly type: 'next'; readonly line: number; readonly words: number }
  | { readonly type: 'line'; readonly line: number; readonly words: number }
  | { readonly type: 'hide'; readonly line: number };

export function reveal(state: Revealed, action: RevealAction): Revealed {
  const shown = new Set(state.get(action.line));
  switch (action.type) {
    case 'word':
      shown.add(action.word);
      break;
    case 'next': {
      const next = Array.from({ length: action.words }, (_, i) => i).find((i) => !shown.has(i));
      if (next === undefined) return state;
      shown.add(next);
      break;
    }
    case 'line':
      for (let i = 0; i < action.words; i++) shown.add(i);
      break;
    case 'hide':
      shown.clear();
      break;
  }
  return new Map(state).set(action.line, shown);
}

export function isWordShown(state: Revealed, line: number, word: number): boolean {
  return state.get(line)?.has(word) ?? false;
}

/** Every word of the line is revealed (a line with no words counts as revealed). */
export function isLineShown(state: Revealed, line: number, words: number): boolean {
  const shown = state.get(line);
  for (let i = 0; i < words; i++) if (!shown?.has(i)) return false;
  return true;
}

/** What a screen reader hears for a line being memorised: the revealed words, "blank" for each hidden one. */
export function spokenLine(tokens: readonly MemoriseToken[], isShown: (word: number) => boolean): string {
  return tokens.map((token) => (token.word === null || isShown(token.word) ? token.text : 'blank')).join('');
}

// --- Known lines ---

export const KNOWN_STORAGE_KEY = 'epos.memorise.known';
/** Beyond this many, the oldest known lines are forgotten first. */
export const MAX_KNOWN = 5000;

/**
 * A known line's key: the sentence's permanent id and the line's text, so a line that is edited
 * later is to be learnt again, and renumbering keeps what is known.
 */
export function knownKey(sentenceId: number, text: string): string {
  return `${sentenceId}|${text.trim()}`;
}

/** The stored known lines; anything unreadable counts as none. */
export function parseKnown(raw: string | null): string[] {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** Marks or unmarks a line as known, newest last, keeping at most MAX_KNOWN. */
export function markKnown(known: readonly string[], key: string, on: boolean): string[] {
  const rest = known.filter((k) => k !== key);
  return on ? [...rest, key].slice(-MAX_KNOWN) : rest;
}

/** Forgets the known lines of one sentence. */
export function forgetSentence(known: readonly string[], sentenceId: number): string[] {
  return known.filter((key) => !key.startsWith(`${sentenceId}|`));
}
