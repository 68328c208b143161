import { useEffect, useRef, useState } from 'react';
import type { Result } from './http';
import { servedResult } from './server-answers';
import { useHydrated } from './use-hydrated';

/**
 * Reads `load` for `key` (null: nothing to read), after `delayMs`. Answers null while
 * it runs; a new key aborts the read before it. `load` is read when the key changes.
 *
 * `served` gives what the server rendered this page from (./server-answers.ts), for the first
 * render to equal the server's: it is asked only on the server and while the browser hydrates
 * the page. The read still runs afterwards (the server's answer is an anonymous reader's), unless
 * `readAgain` is false (an answer the same for every reader, too big to read twice: a whole book).
 */
export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<Result<T>>,
  delayMs = 0,
  served?: () => T | undefined,
  readAgain = true,
): Result<T> | null {
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState<{ key: string; result: Result<T> } | null>(() => {
    const data = key === null || hydrated ? undefined : served?.();
    return key === null || data === undefined ? null : { key, result: servedResult(data) };
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  const servedKey = useRef(loaded?.key);
  useEffect(() => {
    if (key === null) return;
    if (!readAgain && servedKey.current === key) return;
    servedKey.current = undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      loadRef.current(controller.signal).then(
        (result) => setLoaded({ key, result }),
        () => undefined,
      );
    }, delayMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, delayMs, readAgain]);

  return key !== null && loaded?.key === key ? loaded.result : null;
}

/**
 * The latest answer, kept on screen while the next of the same `group` is read (a list read again
 * after a write does not blink, nor lose focus); another group's (a new filter) is never shown.
 */
export function useKept<T>(result: Result<T> | null, group = ''): Result<T> | null {
  const [kept, setKept] = useState<{ group: string; result: Result<T> } | null>(null);
  if (result !== null && (kept?.result !== result || kept.group !== group)) setKept({ group, result });
  return result ?? (kept?.group === group ? kept.result : null);
}
