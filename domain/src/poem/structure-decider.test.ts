import { describe, expect, it } from 'vitest';
import { emptyStructure, type PoemStructure } from './structure-state.js';
import { structureDecider } from './structure-decider.js';

const merge = (target: PoemStructure, state: PoemStructure) => structureDecider.decide({ kind: 'merge', target, removeLayers: false }, state);

describe('structure decider: the introduction', () => {
  it("records the file's introduction once, and its change", () => {
    const events = merge({ ...emptyStructure(), introduction: 'A lamp, a marsh, a hill.' }, emptyStructure());
    expect(events).toEqual([{ type: 'PoemIntroduced', data: { introduction: 'A lamp, a marsh, a hill.' } }]);
    const state = events.reduce(structureDecider.evolve, emptyStructure());
    expect(state.introduction).toBe('A lamp, a marsh, a hill.');
    expect(merge({ ...emptyStructure(), introduction: 'A lamp, a marsh, a hill.' }, state)).toEqual([]);
    expect(merge({ ...emptyStructure(), introduction: 'Morning comes back.' }, state)).toEqual([{ type: 'PoemIntroduced', data: { introduction: 'Morning comes back.' } }]);
  });

  it('keeps the introduction when a file without one is imported', () => {
    const state: PoemStructure = { ...emptyStructure(), introduction: 'Kept.' };
    expect(merge({ ...emptyStructure(), introduction: null }, state)).toEqual([]);
  });
});
