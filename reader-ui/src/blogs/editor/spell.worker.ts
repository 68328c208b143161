/**
 * The spelling worker: loads nspell with the English (US) hunspell dictionary on the
 * first request, then answers checks of the markdown source and suggestion lookups,
 * off the main thread.
 */
import nspell from 'nspell';
// dictionary-en v4 exports only its Node entry (it reads these files with node:fs), so they
// are taken by path from the workspace's (hoisted) node_modules: the small .aff inlined as
// text, the .dic (550 kB) as a hashed asset. Not a data: URL: the site's CSP allows
// fetching from 'self' only.
import aff from '../../../../node_modules/dictionary-en/index.aff?raw';
import dicUrl from '../../../../node_modules/dictionary-en/index.dic?url';
import type { SpellRequest, SpellResponse } from './spell-protocol';
import { findMisspellings, suggestionsFor, type SpellChecker } from './spelling';

let checker: Promise<SpellChecker> | null = null;

async function text(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}

function loadChecker(): Promise<SpellChecker> {
  checker ??= text(dicUrl)
    .then((dic) => {
      const spell = nspell({ aff, dic });
      // Verdicts and suggestions are asked again and again while the writer types: remember them.
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
    })
    .catch((error: unknown) => {
      checker = null;
      throw error;
    });
  return checker;
}

function reply(message: SpellResponse): void {
  self.postMessage(message);
}

self.addEventListener('message', (event: MessageEvent<SpellRequest>) => {
  const request = event.data;
  void loadChecker()
    .then((spell) => {
      if (request.type === 'check') {
        const words = findMisspellings(request.markdown, spell, { ignore: new Set(request.ignore) });
        reply({ type: 'result', id: request.id, words });
      } else {
        reply({ type: 'suggestions', id: request.id, word: request.word, suggestions: suggestionsFor(request.word, spell) });
      }
    })
    .catch((error: unknown) => reply({ type: 'error', id: request.id, message: error instanceof Error ? error.message : String(error) }));
});
