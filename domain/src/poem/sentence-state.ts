import type { Edition, EventOf, Language, MediaItem, MediaKind, SentenceField, WordRelation } from '@epos/schemas';
import type { sentenceEvents } from '@epos/schemas';

export type SentenceEvent = EventOf<typeof sentenceEvents>;

export interface Placement {
  book: number;
  canto: number;
  section: number;
  /** Names the sentence's stanza: consecutive sentences with the same value share a stanza. */
  stanza: number;
  /** Ranks the sentence in the poem: its running number is its rank by this key. */
  order: string;
  /** Its first fragment continues the verse line on which the previous sentence ended. */
  joinsPrevious: boolean;
  /** Indices of its fragments before which a stanza break falls (it runs across stanzas). */
  stanzaBreaks: number[];
}

/**
 * Everything known about one sentence: the fold of its stream. `id` is its permanent identity
 * (its stream); `sentence` is its running number, which the read model keeps current (a fold of
 * the stream alone cannot know it, and leaves the id there).
 */
export interface SentenceState {
  id: number;
  sentence: number;
  placement: Placement | null;
  text: Partial<Record<Edition, string[]>>;
  fields: Partial<Record<SentenceField, string>>;
  translations: Partial<Record<Language, string[]>>;
  media: Partial<Record<MediaKind, MediaItem[]>>;
  relations: WordRelation[];
  commentary: Record<string, string>;
}

export function emptySentence(id: number): SentenceState {
  return { id, sentence: id, placement: null, text: {}, fields: {}, translations: {}, media: {}, relations: [], commentary: {} };
}

function withEntry<K extends string, V>(record: Partial<Record<K, V>>, key: K, value: V | null | undefined): Partial<Record<K, V>> {
  const next = { ...record };
  if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key];
  else next[key] = value;
  return next;
}

export function evolveSentence(state: SentenceState, event: SentenceEvent): SentenceState {
  switch (event.type) {
    case 'SentencePlaced': {
      const { book, canto, section, stanza, order, joinsPrevious, stanzaBreaks } = event.data;
      return { ...state, placement: { book, canto, section, stanza, order, joinsPrevious, stanzaBreaks } };
    }
    case 'SentenceWithdrawn':
      return { ...state, placement: null };
    case 'SentenceSplit':
    case 'SentencesMerged':
      return state;
    case 'SentenceTextSet':
      return { ...state, text: withEntry(state.text, event.data.edition, event.data.lines) };
    case 'SentenceFieldSet':
      return { ...state, fields: withEntry(state.fields, event.data.field, event.data.value) };
    case 'TranslationSet':
      return { ...state, translations: withEntry(state.translations, event.data.lang, event.data.lines) };
    case 'SentenceMediaSet':
      return { ...state, media: withEntry(state.media, event.data.kind, event.data.items) };
    case 'WordRelationsSet':
      return { ...state, relations: event.data.relations };
    case 'CommentarySet':
      return { ...state, commentary: withEntry(state.commentary, event.data.layer, event.data.text) as Record<string, string> };
  }
}

/** The sentence's text in an edition; an edition that has not revised it reads as the first. */
export function textIn(state: SentenceState, edition: Edition): string[] {
  return state.text[edition] ?? state.text.first ?? [];
}
