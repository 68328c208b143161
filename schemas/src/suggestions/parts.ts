import { editionNames, languageNames, type Edition, type Language } from '../poem/editions.js';
import type { SuggestionPart } from './events.js';

/** What the reader is told once a suggestion is recorded. */
export const SUGGESTION_THANKS = 'Thank you — an editor will review it';
/** What the editor is told once a decision is recorded. */
export const SUGGESTION_ACCEPTED = 'Accepted: the text is changed.';
export const SUGGESTION_DECLINED = 'Declined.';

/** The prose notes of a sentence a reader may suggest a correction to (their `/api/dedit` keys). */
export const suggestableNotes = ['motherNote', 'aurobindoNote', 'reason'] as const;

/** The configurable labels of the notes (the site's `labels`). */
export interface NoteLabels {
  motherNote: string;
  aurobindoNote: string;
}

/** What a suggestion corrects, as a person reads it: "French translation", "Revised edition text", the note's label. */
export function partLabel(part: SuggestionPart, notes: NoteLabels): string {
  if (part.startsWith('tr-')) return `${languageNames[part.slice(3) as Language]} translation`;
  if (part.startsWith('text-')) return `${editionNames[part.slice(5) as Edition]} edition text`;
  if (part === 'reason') return 'Reason';
  return notes[part as keyof NoteLabels];
}
