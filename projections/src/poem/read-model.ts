import type { DerivableField } from '@epos/schemas';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import type { PoemStructure } from '@epos/domain/poem/structure-state';

export const POEM_PROJECTION = 'poem';
/** Notified with the position of each committed batch that changed the poem. */
export const POEM_CHANGED_CHANNEL = 'epos_poem_changed';

/**
 * The full-text vector of a sentence's first edition, kept in the sentences table as the generated
 * column `first_text` (the console's q, GIN-indexed).
 */
export const FIRST_TEXT_VECTOR = `to_tsvector('simple'::regconfig, coalesce(state #>> '{text,first}', ''))`;
export const FIRST_TEXT_COLUMN = 'first_text';

export type DerivedFields = Partial<Record<DerivableField, string>>;

/** The poem read model's tables (in the projection's schema). */
export interface PoemReadModel {
  sentences: {
    /** Permanent id: the sentence's stream. */
    id: number;
    /** Running number: the rank of `ord` among placed sentences; null once withdrawn. */
    sentence: number | null;
    ord: string | null;
    book: number | null;
    canto: number | null;
    section: number | null;
    /** Names the stanza (see Placement.stanza); running stanza numbers are counted by the line index. */
    stanza: number | null;
    /** Stanza breaks inside the sentence. */
    stanza_breaks: number;
    /** Verse lines the sentence starts in the first edition (a first fragment joining the previous sentence's line starts none). */
    line_count: number;
    /** Revision of the sentence's stream: imports append with it as the expected revision. */
    revision: string;
    state: SentenceState;
    /** Scansion, IPA, hyphenation and pronoun marks computed from the first edition where not imported. */
    derived: DerivedFields;
  };
  /** Where each sentence was placed, and when: time travel picks a section's sentences from it. */
  placements: { id: number; position: string; at: string; book: number | null; canto: number | null; section: number | null };
  /** Each sentence's running number from a position on (null: withdrawn): its history and old numbers read as of a date. */
  numberings: { id: number; number: number | null; position: string; at: string };
  structure: { id: number; revision: string; state: PoemStructure };
}
