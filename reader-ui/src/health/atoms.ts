import { atom } from 'jotai';
import { fetchHealth } from './api';
import { initialHealthState, reduceHealth, type HealthEvent, type HealthState } from './health-state';

/** The status card's state; lives in the app store so it survives navigating away and back. */
export const healthStateAtom = atom<HealthState>(initialHealthState);

const dispatchHealthAtom = atom(null, (get, set, event: HealthEvent) => {
  set(healthStateAtom, reduceHealth(get(healthStateAtom), event));
});

/** Loads /api/health; a request whose signal was aborted (superseded or unmounted) changes nothing. */
export const loadHealthAtom = atom(null, async (_get, set, signal: AbortSignal) => {
  set(dispatchHealthAtom, { type: 'requested' });
  try {
    const health = await fetchHealth(signal);
    if (!signal.aborted) set(dispatchHealthAtom, { type: 'succeeded', health, at: Date.now() });
  } catch (error) {
    if (signal.aborted) return;
    console.warn('Could not load system status', error);
    set(dispatchHealthAtom, { type: 'failed' });
  }
});
