import { describe, expect, it } from 'vitest';
import { counterDecider } from '../testkit/counter-decider.js';
import { DomainError } from '@epos/domain/decider';

describe('decider given/when/then (counter sample)', () => {
  const given = (events: Parameters<typeof counterDecider.evolve>[1][]) => events.reduce(counterDecider.evolve, counterDecider.initialState);

  it('opens a counter once', () => {
    expect(counterDecider.decide({ kind: 'open', name: 'n' }, given([]))).toEqual([{ type: 'CounterOpened', data: { name: 'n' } }]);
    expect(() => counterDecider.decide({ kind: 'open', name: 'n' }, given([{ type: 'CounterOpened', data: { name: 'n' } }]))).toThrow(DomainError);
  });

  it('increments only an open counter', () => {
    expect(() => counterDecider.decide({ kind: 'increment', by: 1 }, given([]))).toThrow(/No counter/);
    const state = given([
      { type: 'CounterOpened', data: { name: 'n' } },
      { type: 'CounterIncremented', data: { by: 2 } },
    ]);
    expect(state.total).toBe(2);
    expect(counterDecider.decide({ kind: 'increment', by: 3 }, state)).toEqual([{ type: 'CounterIncremented', data: { by: 3 } }]);
  });
});
