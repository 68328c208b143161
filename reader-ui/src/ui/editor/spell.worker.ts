/**
 * The spelling worker: loads the British English checker on the first request, then
 * answers checks of the markdown source and suggestion lookups, off the main thread.
 */
// dictionary-en-gb exports only its Node entry (it reads these files with node:fs), so they
// are taken by path from the workspace's (hoisted) node_modules: the small .aff inlined as
// text, the .dic (550 kB) as a hashed asset. Not a data: URL: the site's CSP allows
// fetching from 'self' only.
import aff from '../../../../node_modules/dictionary-en-gb/index.aff?raw';
import dicUrl from '../../../../node_modules/dictionary-en-gb/index.dic?url';
import { getText } from '../http';
import type { SpellRequest, SpellResponse } from './spell-protocol';
import { createSpellChecker } from './spell-checker';
import { findMisspellings, suggestionsFor, type SpellChecker } from './spelling';

let checker: Promise<SpellChecker> | null = null;

async function text(url: string): Promise<string> {
  const answer = await getText(url);
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
  return answer.data;
}

function loadChecker(): Promise<SpellChecker> {
  checker ??= text(dicUrl)
    .then((dic) => createSpellChecker(aff, dic))
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
