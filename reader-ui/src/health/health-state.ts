import type { Health } from './types';

/**
 * What the status card knows. Once data has arrived it is kept while refreshing and
 * after a failed refresh, so polling never blanks the card.
 */
export type HealthState =
  | { readonly phase: 'loading' }
  | { readonly phase: 'failed' }
  | {
      readonly phase: 'ready';
      readonly health: Health;
      readonly checkedAt: number;
      readonly refreshing: boolean;
      readonly refreshFailed: boolean;
    };

export type HealthEvent =
  | { readonly type: 'requested' }
  | { readonly type: 'succeeded'; readonly health: Health; readonly at: number }
  | { readonly type: 'failed' };

export const initialHealthState: HealthState = { phase: 'loading' };

export function reduceHealth(state: HealthState, event: HealthEvent): HealthState {
  switch (event.type) {
    case 'requested':
      return state.phase === 'ready' ? { ...state, refreshing: true } : { phase: 'loading' };
    case 'succeeded':
      return { phase: 'ready', health: event.health, checkedAt: event.at, refreshing: false, refreshFailed: false };
    case 'failed':
      return state.phase === 'ready' ? { ...state, refreshing: false, refreshFailed: true } : { phase: 'failed' };
  }
}
