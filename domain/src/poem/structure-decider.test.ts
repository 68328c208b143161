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

describe('structure decider: commentary layers from the console', () => {
  const withCanto: PoemStructure = { ...emptyStructure(), cantos: { '1.1': { name: 'The Dawn', notes: {}, pdf: null, images: [] } } };
  const decide = (command: Parameters<typeof structureDecider.decide>[0], state: PoemStructure) => structureDecider.decide(command, state);

  it('adds a layer once, edits it and its canto notes by the events that differ, and retires it', () => {
    const added = decide({ kind: 'addLayer', key: 'sage', label: 'Sage', author: 'A', order: 1 }, withCanto);
    expect(added).toEqual([{ type: 'CommentaryLayerDefined', data: { key: 'sage', label: 'Sage', author: 'A', order: 1 } }]);
    const state = added.reduce(structureDecider.evolve, withCanto);
    expect(() => decide({ kind: 'addLayer', key: 'sage', label: 'Again', author: 'B', order: 2 }, state)).toThrow('A layer sage exists already');

    const edit = { kind: 'editLayer', key: 'sage', label: 'Sage', author: 'A', order: 0, cantoNotes: [{ book: 1, canto: 1, text: 'On dawn.' }] } as const;
    expect(decide(edit, state)).toEqual([
      { type: 'CommentaryLayerDefined', data: { key: 'sage', label: 'Sage', author: 'A', order: 0 } },
      { type: 'CantoNoteSet', data: { layer: 'sage', book: 1, canto: 1, text: 'On dawn.' } },
    ]);
    const edited = decide(edit, state).reduce(structureDecider.evolve, state);
    expect(decide(edit, edited)).toEqual([]);
    expect(() => decide({ ...edit, cantoNotes: [{ book: 9, canto: 9, text: 'x' }] }, edited)).toThrow('No canto 9.9');

    expect(decide({ kind: 'retireLayer', key: 'sage' }, edited)).toEqual([{ type: 'CommentaryLayerRemoved', data: { key: 'sage' } }]);
    expect(() => decide({ kind: 'retireLayer', key: 'nope' }, edited)).toThrow('No such layer');
  });
});
