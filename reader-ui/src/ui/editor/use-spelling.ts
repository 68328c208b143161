import { useCallback, useEffect, useRef, useState } from 'react';
import { browserStorage } from './local-draft';
import type { SpellRequest, SpellResponse } from './spell-protocol';
import type { Misspelling } from './spelling';

/** How long typing must pause before the text is checked again. */
const CHECK_DELAY_MS = 800;
const IGNORE_KEY = 'epos:blog-editor:spelling-ignore';

type SpellingStatus = 'loading' | 'ready' | 'unavailable';

export interface Spelling {
  readonly status: SpellingStatus;
  readonly words: readonly Misspelling[];
  /** Stops flagging the word (any case), in this browser. */
  readonly ignore: (word: string) => void;
  /** Looks up suggestions for a word listed without them. */
  readonly suggest: (word: string) => void;
}

function readIgnored(): string[] {
  try {
    const raw: unknown = JSON.parse(browserStorage()?.getItem(IGNORE_KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

/** Spell checks `markdown` in a worker (nspell, English) a moment after each change. */
export function useSpelling(markdown: string): Spelling {
  const worker = useRef<Worker | null>(null);
  const lastId = useRef(0);
  const [status, setStatus] = useState<SpellingStatus>('loading');
  const [words, setWords] = useState<readonly Misspelling[]>([]);
  const [ignored, setIgnored] = useState<readonly string[]>(readIgnored);

  useEffect(() => {
    if (typeof Worker === 'undefined') {
      setStatus('unavailable');
      return;
    }
    const w = new Worker(new URL('./spell.worker.ts', import.meta.url), { type: 'module', name: 'spelling' });
    worker.current = w;
    w.addEventListener('message', (event: MessageEvent<SpellResponse>) => {
      const answer = event.data;
      if (answer.type === 'error') {
        console.warn('Spell checking is unavailable:', answer.message);
        setStatus('unavailable');
      } else if (answer.type === 'result') {
        if (answer.id !== lastId.current) return; // an older check
        setWords(answer.words);
        setStatus('ready');
      } else {
        setWords((list) => list.map((m) => (m.word === answer.word ? { ...m, suggestions: answer.suggestions } : m)));
      }
    });
    w.addEventListener('error', () => setStatus('unavailable'));
    return () => {
      w.terminate();
      worker.current = null;
    };
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      const request: SpellRequest = { type: 'check', id: ++lastId.current, markdown, ignore: ignored };
      worker.current?.postMessage(request);
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [markdown, ignored]);

  const ignore = useCallback((word: string) => {
    setIgnored((list) => {
      const next = Array.from(new Set([...list, word.toLowerCase()]));
      try {
        browserStorage()?.setItem(IGNORE_KEY, JSON.stringify(next));
      } catch {
        // kept for this page only
      }
      return next;
    });
    setWords((list) => list.filter((m) => m.word.toLowerCase() !== word.toLowerCase()));
  }, []);

  const suggest = useCallback((word: string) => {
    const request: SpellRequest = { type: 'suggest', id: 0, word };
    worker.current?.postMessage(request);
  }, []);

  return { status, words, ignore, suggest };
}
