import type { DerivableField } from '@epos/schemas';
import type { SentenceState } from './sentence-state.js';
import type { PoemStructure } from './structure-state.js';

export const POEM_PROJECTION = 'poem';
/** Notified with the position of each committed batch that changed the poem. */
export const POEM_CHANGED_CHANNEL = 'epos_poem_changed';

export type DerivedFields = Partial<Record<DerivableField, string>>;

/** The poem read model's tables (in the projection's schema). */
export interface PoemReadModel {
  sentences: {
    sentence: number;
    book: number | null;
    canto: number | null;
    section: number | null;
    stanza: number | null;
    /** Verse lines in the first edition. */
    line_count: number;
    /** Revision of the sentence's stream: imports append with it as the expected revision. */
    revision: string;
    state: SentenceState;
    /** Scansion, IPA, hyphenation and pronoun marks computed from the first edition where not imported. */
    derived: DerivedFields;
  };
  /** Where each sentence was placed, and when: time travel picks a section's sentences from it. */
  placements: { sentence: number; position: string; at: string; book: number | null; canto: number | null; section: number | null };
  structure: { id: number; revision: string; state: PoemStructure };
}
