import { atom } from 'jotai';
import type { PlacedHighlight } from '@epos/schemas/study/payloads';

/** The reader's highlights on the section being read (null: none loaded: signed out, or not yet). */
export const sectionHighlightsAtom = atom<{ readonly section: string; readonly list: readonly PlacedHighlight[] } | null>(null);

/** After a write of one's own, its X-Position: the section's highlights are read again once they include it. */
export const highlightsWrittenAtom = atom<{ readonly position: string | null; readonly at: number } | null>(null);

/** A highlight belongs to the sentence it stands on now, or, once its words are gone, to the one it was made on. */
export const highlightSentence = (highlight: PlacedHighlight): number | null => highlight.sentence ?? highlight.madeOn.sentence;
