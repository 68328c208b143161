import type { EventOf, MediaItem, poemStructureEvents } from '@epos/schemas';

export type StructureEvent = EventOf<typeof poemStructureEvents>;

export interface PartMedia {
  pdf: { url: string; date: string } | null;
  images: MediaItem[];
}

/** Names of books, cantos and sections; commentary layers; book and canto media and notes. */
export interface PoemStructure {
  /** The poem's own title and author, when its file gives them. */
  title?: string | null;
  author?: string | null;
  /** Its short introduction, when its file gives one. */
  introduction?: string | null;
  books: Record<string, { name: string } & PartMedia>;
  cantos: Record<string, { name: string; notes: Record<string, string> } & PartMedia>;
  sections: Record<string, { name: string }>;
  layers: Record<string, { label: string; author: string; order: number }>;
}

export const bookKey = (book: number) => `${book}`;
export const cantoKey = (book: number, canto: number) => `${book}.${canto}`;
export const sectionKey = (book: number, canto: number, section: number) => `${book}.${canto}.${section}`;

/**
 * The entry under `key` when the record has one of its own: layer keys come from readers' URLs,
 * and `constructor` or `toString` must not find Object's own properties.
 */
export function ownEntry<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function emptyStructure(): PoemStructure {
  return { books: {}, cantos: {}, sections: {}, layers: {} };
}

const noMedia = (): PartMedia => ({ pdf: null, images: [] });

export function evolveStructure(state: PoemStructure, event: StructureEvent): PoemStructure {
  switch (event.type) {
    case 'PoemTitled':
      return { ...state, title: event.data.title, author: event.data.author };
    case 'PoemIntroduced':
      return { ...state, introduction: event.data.introduction };
    case 'PoemBookNamed': {
      const key = bookKey(event.data.book);
      return { ...state, books: { ...state.books, [key]: { ...(state.books[key] ?? noMedia()), name: event.data.name } } };
    }
    case 'PoemCantoNamed': {
      const key = cantoKey(event.data.book, event.data.canto);
      const current = state.cantos[key] ?? { ...noMedia(), notes: {} };
      return { ...state, cantos: { ...state.cantos, [key]: { ...current, name: event.data.name } } };
    }
    case 'PoemSectionNamed':
      return { ...state, sections: { ...state.sections, [sectionKey(event.data.book, event.data.canto, event.data.section)]: { name: event.data.name } } };
    case 'CommentaryLayerDefined': {
      const { key, label, author, order } = event.data;
      return { ...state, layers: { ...state.layers, [key]: { label, author, order } } };
    }
    case 'CommentaryLayerRemoved': {
      const layers = { ...state.layers };
      delete layers[event.data.key];
      return { ...state, layers };
    }
    case 'PoemPartMediaSet': {
      const { book, canto, pdf, images } = event.data;
      if (canto === null) {
        const key = bookKey(book);
        return { ...state, books: { ...state.books, [key]: { name: state.books[key]?.name ?? '', pdf, images } } };
      }
      const key = cantoKey(book, canto);
      const current = state.cantos[key] ?? { name: '', notes: {}, ...noMedia() };
      return { ...state, cantos: { ...state.cantos, [key]: { ...current, pdf, images } } };
    }
    case 'CantoNoteSet': {
      const key = cantoKey(event.data.book, event.data.canto);
      const current = state.cantos[key] ?? { name: '', notes: {}, ...noMedia() };
      const notes = { ...current.notes };
      if (event.data.text === null) delete notes[event.data.layer];
      else notes[event.data.layer] = event.data.text;
      return { ...state, cantos: { ...state.cantos, [key]: { ...current, notes } } };
    }
  }
}
