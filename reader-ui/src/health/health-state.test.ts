import { describe, expect, it } from 'vitest';
import { initialHealthState, reduceHealth, type HealthState } from './health-state';
import type { Health } from './types';

const health: Health = { status: 'ok', head: '5', eventStore: 'postgres', projections: [] };
const ready: HealthState = { phase: 'ready', health, checkedAt: 1, refreshing: false, refreshFailed: false };

describe('reduceHealth', () => {
  it('starts loading and becomes ready on success', () => {
    const loading = reduceHealth(initialHealthState, { type: 'requested' });
    expect(loading).toEqual({ phase: 'loading' });
    expect(reduceHealth(loading, { type: 'succeeded', health, at: 10 })).toEqual({
      phase: 'ready',
      health,
      checkedAt: 10,
      refreshing: false,
      refreshFailed: false,
    });
  });

  it('fails when the first load fails, and retries from loading', () => {
    const failed = reduceHealth({ phase: 'loading' }, { type: 'failed' });
    expect(failed).toEqual({ phase: 'failed' });
    expect(reduceHealth(failed, { type: 'requested' })).toEqual({ phase: 'loading' });
  });

  it('keeps the last data while refreshing and after a failed refresh', () => {
    const refreshing = reduceHealth(ready, { type: 'requested' });
    expect(refreshing).toMatchObject({ phase: 'ready', health, refreshing: true });
    const failed = reduceHealth(refreshing, { type: 'failed' });
    expect(failed).toMatchObject({ phase: 'ready', health, checkedAt: 1, refreshing: false, refreshFailed: true });
    const recovered = reduceHealth(failed, { type: 'succeeded', health, at: 2 });
    expect(recovered).toMatchObject({ refreshFailed: false, checkedAt: 2 });
  });
});
