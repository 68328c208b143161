import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testkit/decider-spec.js';
import { emptyStructure, type PoemStructure, type StructureEvent } from './structure-state.js';
import { structureDecider, type StructureCommand } from './structure-decider.js';

const spec = deciderSpec(structureDecider);
const merge = (target: PoemStructure): StructureCommand => ({ kind: 'merge', target, removeLayers: false });

describe('structure decider: the introduction', () => {
  it("records the file's introduction once, and its change", () => {
    const events = spec.when(merge({ ...emptyStructure(), introduction: 'A lamp, a marsh, a hill.' })).events();
    expect(events).toEqual([{ type: 'PoemIntroduced', data: { introduction: 'A lamp, a marsh, a hill.' } }]);
    const state = spec.given(events);
    expect(state.state().introduction).toBe('A lamp, a marsh, a hill.');
    state.when(merge({ ...emptyStructure(), introduction: 'A lamp, a marsh, a hill.' })).thenNothing();
    state
      .when(merge({ ...emptyStructure(), introduction: 'Morning comes back.' }))
      .then([{ type: 'PoemIntroduced', data: { introduction: 'Morning comes back.' } }]);
  });

  it('keeps the introduction when a file without one is imported', () => {
    spec
      .given([{ type: 'PoemIntroduced', data: { introduction: 'Kept.' } }])
      .when(merge({ ...emptyStructure(), introduction: null }))
      .thenNothing();
  });
});

describe('structure decider: commentary layers from the console', () => {
  const withCanto: StructureEvent[] = [{ type: 'PoemCantoNamed', data: { book: 1, canto: 1, name: 'The Dawn' } }];

  it('adds a layer once, edits it and its canto notes by the events that differ, and retires it', () => {
    expect(spec.given(withCanto).state().cantos).toEqual({ '1.1': { name: 'The Dawn', notes: {}, pdf: null, images: [] } });
    const added = spec.given(withCanto).when({ kind: 'addLayer', key: 'sage', label: 'Sage', author: 'A', order: 1 }).events();
    expect(added).toEqual([{ type: 'CommentaryLayerDefined', data: { key: 'sage', label: 'Sage', author: 'A', order: 1 } }]);
    const state = spec.given([...withCanto, ...added]);
    state.when({ kind: 'addLayer', key: 'sage', label: 'Again', author: 'B', order: 2 }).thenRefuses('conflict', 'A layer sage exists already');

    const edit = { kind: 'editLayer', key: 'sage', label: 'Sage', author: 'A', order: 0, cantoNotes: [{ book: 1, canto: 1, text: 'On dawn.' }] } as const;
    state.when(edit).then([
      { type: 'CommentaryLayerDefined', data: { key: 'sage', label: 'Sage', author: 'A', order: 0 } },
      { type: 'CantoNoteSet', data: { layer: 'sage', book: 1, canto: 1, text: 'On dawn.' } },
    ]);
    const edited = spec.given([...withCanto, ...added, ...state.when(edit).events()]);
    edited.when(edit).thenNothing();
    edited.when({ ...edit, cantoNotes: [{ book: 9, canto: 9, text: 'x' }] }).thenRefuses('invalid', 'No canto 9.9');

    edited.when({ kind: 'retireLayer', key: 'sage' }).then([{ type: 'CommentaryLayerRemoved', data: { key: 'sage' } }]);
    edited.when({ kind: 'retireLayer', key: 'nope' }).thenRefuses('not_found', 'No such layer');
  });
});
