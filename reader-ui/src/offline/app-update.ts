import { useSyncExternalStore } from 'react';

/** What the service worker said of the app (./register.ts): a new release is waiting. */
export interface AppUpdate {
  readonly waiting: boolean;
  /** Activates the waiting release and reloads the page. */
  readonly apply: (() => Promise<void>) | null;
}

let state: AppUpdate = { waiting: false, apply: null };
const listeners = new Set<() => void>();

export function setAppUpdate(change: Partial<AppUpdate>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const NOTHING: AppUpdate = { waiting: false, apply: null };

/** The app's update state; nothing on the server. */
export const useAppUpdate = (): AppUpdate =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => NOTHING,
  );
