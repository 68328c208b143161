import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now; the component renders again when that changes. The server
 * knows no screen: it renders with `onServer`, and a page it rendered follows the screen once hydrated.
 */
export function useMediaQuery(query: string, onServer = false): boolean {
  // One list per query: a new subscription or list on every render would resubscribe each time.
  const list = useMemo(() => (typeof window === 'undefined' ? null : window.matchMedia(query)), [query]);
  const subscribe = useCallback(
    (onChange: () => void) => {
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [list],
  );
  return useSyncExternalStore(
    subscribe,
    () => list?.matches ?? false,
    () => onServer,
  );
}
