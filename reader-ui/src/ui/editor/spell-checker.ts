import nspell from 'nspell';
import { BRITISH_WORDS } from './british-words';
import type { SpellChecker } from './spelling';

/**
 * The checker of the editors' spelling panel: nspell with the British English (en-GB)
 * hunspell dictionary and the British forms it lacks. Verdicts and suggestions are asked
 * again and again while the writer types, so both are remembered.
 */
export function createSpellChecker(aff: string, dic: string): SpellChecker {
  const spell = nspell({ aff, dic }).personal(BRITISH_WORDS);
  const verdicts = new Map<string, boolean>();
  const suggestions = new Map<string, string[]>();
  return {
    correct(word: string) {
      let known = verdicts.get(word);
      if (known === undefined) {
        known = spell.correct(word);
        verdicts.set(word, known);
      }
      return known;
    },
    suggest(word: string) {
      let known = suggestions.get(word);
      if (known === undefined) {
        known = spell.suggest(word);
        suggestions.set(word, known);
      }
      return known;
    },
  };
}
