import { useEffect, useRef, useState } from 'react';
import type { Result } from './http';

/**
 * Reads `load` for `key` (null: nothing to read), after `delayMs`. Answers null while
 * it runs; a new key aborts the read before it. `load` is read when the key changes.
 */
export function useLoad<T>(key: string | null, load: (signal: AbortSignal) => Promise<Result<T>>, delayMs = 0): Result<T> | null {
  const [loaded, setLoaded] = useState<{ key: string; result: Result<T> } | null>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (key === null) return;
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
  }, [key, delayMs]);

  return key !== null && loaded?.key === key ? loaded.result : null;
}
