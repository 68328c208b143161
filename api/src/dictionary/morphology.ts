import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const EXCEPTIONS_DIR = fileURLToPath(new URL('./wordnet-exceptions/', import.meta.url));

/** WordNet's four syntactic categories, named as its files are (`index.noun`, `noun.exc`, …). */
export const WORDNET_POS = ['noun', 'verb', 'adj', 'adv'] as const;
export type WordNetPos = (typeof WORDNET_POS)[number];

/** Irregular form → its base forms, for one part of speech. */
export type ExceptionList = ReadonlyMap<string, readonly string[]>;

/**
 * WordNet's detachment rules (morphy): an ending is replaced and the result kept when it is a
 * lemma of that part of speech. Adverbs have none: only their exception list applies.
 */
const DETACHMENT_RULES: Readonly<Record<WordNetPos, readonly (readonly [ending: string, replacement: string])[]>> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

/** Parses an exception file: `inflected base [base…]` a line. */
export function parseExceptionList(text: string): ExceptionList {
  const list = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const [inflected, ...bases] = line.trim().split(/\s+/);
    if (!inflected || bases.length === 0) continue;
    list.set(inflected, [...(list.get(inflected) ?? []), ...bases]);
  }
  return list;
}

/** The exception lists shipped beside this file (see wordnet-exceptions/README.md). */
export async function loadExceptionLists(dir: string = EXCEPTIONS_DIR): Promise<Record<WordNetPos, ExceptionList>> {
  const lists = await Promise.all(WORDNET_POS.map(async (pos) => parseExceptionList(await readFile(path.join(dir, `${pos}.exc`), 'ascii'))));
  return Object.fromEntries(WORDNET_POS.map((pos, i) => [pos, lists[i]])) as Record<WordNetPos, ExceptionList>;
}

/**
 * The lemmas of `pos` that `word` (lower case, WordNet spelling) may be a form of, best first, as
 * WordNet's morphy finds them: the word itself when it is a lemma, then the base forms its
 * exception list gives, else those the detachment rules give. Only lemmas `isLemma` knows are kept.
 */
export function baseForms(word: string, pos: WordNetPos, exceptions: ExceptionList, isLemma: (lemma: string) => boolean): string[] {
  const found: string[] = [];
  const keep = (lemma: string) => {
    if (lemma && !found.includes(lemma) && isLemma(lemma)) found.push(lemma);
  };
  keep(word);
  const irregular = exceptions.get(word);
  if (irregular) {
    irregular.forEach(keep);
    return found;
  }
  if (pos === 'noun') {
    // "boxesful" → "boxful": detach from the part before -ful.
    if (word.endsWith('ful') && word.length > 3) {
      const stem = word.slice(0, -3);
      for (const base of detach(stem, pos)) keep(`${base}ful`);
      return found;
    }
    // morphy leaves "glass", "bass" and two-letter words alone.
    if (word.endsWith('ss') || word.length <= 2) return found;
  }
  detach(word, pos).forEach(keep);
  return found;
}

function detach(word: string, pos: WordNetPos): string[] {
  const bases: string[] = [];
  for (const [ending, replacement] of DETACHMENT_RULES[pos]) {
    if (word.length > ending.length && word.endsWith(ending)) bases.push(word.slice(0, -ending.length) + replacement);
  }
  return bases;
}
