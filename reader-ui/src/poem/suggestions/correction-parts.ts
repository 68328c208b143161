import { partLabel, suggestableNotes } from '@epos/schemas/suggestions/parts';
import type { NoteLabels } from '@epos/schemas/suggestions/parts';
import { editions } from '@epos/schemas/poem/editions';
import type { SuggestionPart } from './api';

/** The parts the "Suggest a correction" dialog offers: the verse in each edition, then the notes (translations have their pencil). */
export function correctableParts(notes: NoteLabels): readonly { part: SuggestionPart; label: string }[] {
  const parts: SuggestionPart[] = [...editions.map((e) => `text-${e}` as const), ...suggestableNotes];
  return parts.map((part) => ({ part, label: part.startsWith('text-') ? `Verse, ${partLabel(part, notes)}` : partLabel(part, notes) }));
}

/** Verse is one line per line of text; a blank line inside it is refused by the server as it is by the pencil. */
export const isVerse = (part: SuggestionPart): boolean => part.startsWith('text-') || part.startsWith('tr-');

/** Why the proposed text cannot be sent (null when it can): the reader's own check before the server's. */
export function proposalProblem(part: SuggestionPart, current: string, proposed: string): string | null {
  if (proposed.trim() === '') return 'Write the corrected text.';
  if (
    isVerse(part) &&
    proposed
      .trim()
      .split(/\r?\n/u)
      .some((line) => line.trim() === '')
  )
    return 'A verse line must not be blank.';
  if (proposed.trim() === current.trim()) return 'The text is the same as now: change something first.';
  return null;
}
