import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and while the browser hydrates what it rendered, true from then on (and at
 * once on a page rendered in the browser): what only the browser knows (its storage, its screen)
 * shows after the first render that must equal the server's.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
