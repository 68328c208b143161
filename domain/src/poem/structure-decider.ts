import { isDeepStrictEqual } from 'node:util';
import { DomainError, type Decider } from '../decider.js';
import { emptyStructure, evolveStructure, ownEntry, type PoemStructure, type StructureEvent } from './structure-state.js';

export type StructureCommand =
  /**
   * Make the structure hold everything in `target` (an import). With `removeLayers`, commentary
   * layers the target lacks are removed; other parts not in the target are left alone.
   */
  | { kind: 'merge'; target: PoemStructure; removeLayers: boolean }
  /** A new commentary layer (its key is its permanent name). */
  | { kind: 'addLayer'; key: string; label: string; author: string; order: number }
  /** Rename, re-attribute, reorder a layer, and set its notes on cantos (null removes one). */
  | {
      kind: 'editLayer';
      key: string;
      label: string;
      author: string;
      order: number;
      cantoNotes: readonly { book: number; canto: number; text: string | null }[];
    }
  /** The layer leaves the poem; its notes stay in the history. */
  | { kind: 'retireLayer'; key: string };

/** Names, layers, part media and canto notes of the poem. */
export const structureDecider: Decider<StructureCommand, StructureEvent, PoemStructure> = {
  initialState: emptyStructure(),
  evolve: evolveStructure,
  decide(command, state) {
    if (command.kind !== 'merge') return decideLayer(command, state);
    const { target } = command;
    const events: StructureEvent[] = [];
    const title = target.title ?? null;
    const author = target.author ?? null;
    if ((title !== null || author !== null) && (title !== (state.title ?? null) || author !== (state.author ?? null))) {
      events.push({ type: 'PoemTitled', data: { title, author } });
    }
    const introduction = target.introduction ?? null;
    if (introduction !== null && introduction !== (state.introduction ?? null)) events.push({ type: 'PoemIntroduced', data: { introduction } });
    for (const [key, layer] of Object.entries(target.layers)) {
      if (!isDeepStrictEqual(ownEntry(state.layers, key), layer)) events.push({ type: 'CommentaryLayerDefined', data: { key, ...layer } });
    }
    if (command.removeLayers) {
      for (const key of Object.keys(state.layers)) if (!ownEntry(target.layers, key)) events.push({ type: 'CommentaryLayerRemoved', data: { key } });
    }
    for (const [key, book] of Object.entries(target.books)) {
      const current = state.books[key];
      const number = Number(key);
      if (current?.name !== book.name) events.push({ type: 'PoemBookNamed', data: { book: number, name: book.name } });
      if (!isDeepStrictEqual(current?.pdf ?? null, book.pdf) || !isDeepStrictEqual(current?.images ?? [], book.images)) {
        events.push({ type: 'PoemPartMediaSet', data: { book: number, canto: null, pdf: book.pdf, images: book.images } });
      }
    }
    for (const [key, canto] of Object.entries(target.cantos)) {
      const current = state.cantos[key];
      const [book, number] = key.split('.').map(Number) as [number, number];
      if (current?.name !== canto.name) events.push({ type: 'PoemCantoNamed', data: { book, canto: number, name: canto.name } });
      if (!isDeepStrictEqual(current?.pdf ?? null, canto.pdf) || !isDeepStrictEqual(current?.images ?? [], canto.images)) {
        events.push({ type: 'PoemPartMediaSet', data: { book, canto: number, pdf: canto.pdf, images: canto.images } });
      }
      for (const layer of new Set([...Object.keys(current?.notes ?? {}), ...Object.keys(canto.notes)])) {
        const text = ownEntry(canto.notes, layer) ?? null;
        if ((ownEntry(current?.notes ?? {}, layer) ?? null) !== text) events.push({ type: 'CantoNoteSet', data: { layer, book, canto: number, text } });
      }
    }
    for (const [key, section] of Object.entries(target.sections)) {
      const [book, canto, number] = key.split('.').map(Number) as [number, number, number];
      if (state.sections[key]?.name !== section.name) events.push({ type: 'PoemSectionNamed', data: { book, canto, section: number, name: section.name } });
    }
    return events;
  },
};

function decideLayer(command: Exclude<StructureCommand, { kind: 'merge' }>, state: PoemStructure): StructureEvent[] {
  const current = ownEntry(state.layers, command.key);
  if (command.kind === 'addLayer') {
    if (current) throw new DomainError('conflict', `A layer ${command.key} exists already`, 'key');
    const { key, label, author, order } = command;
    return [{ type: 'CommentaryLayerDefined', data: { key, label, author, order } }];
  }
  if (!current) throw new DomainError('not_found', 'No such layer');
  if (command.kind === 'retireLayer') return [{ type: 'CommentaryLayerRemoved', data: { key: command.key } }];
  const { key, label, author, order } = command;
  const events: StructureEvent[] = [];
  if (!isDeepStrictEqual(current, { label, author, order })) events.push({ type: 'CommentaryLayerDefined', data: { key, label, author, order } });
  for (const note of command.cantoNotes) {
    const canto = state.cantos[`${note.book}.${note.canto}`];
    if (!canto) throw new DomainError('invalid', `No canto ${note.book}.${note.canto}`, 'cantoNotes');
    const text = note.text === null || note.text.trim() === '' ? null : note.text;
    if ((ownEntry(canto.notes, key) ?? null) !== text) events.push({ type: 'CantoNoteSet', data: { layer: key, book: note.book, canto: note.canto, text } });
  }
  return events;
}
