import { layOutVerse, type VerseSegment } from '@epos/schemas/poem/verse-layout';

/**
 * How a section's sentences lie on its verse lines in print: the reader's layout
 * (schemas/src/poem/verse-layout.ts: every verse line whole, once, the part of it that begins the
 * next sentence carrying that sentence's number), with where each printed stanza begins and ends,
 * for the gaps between stanzas and for keeping a stanza's lines together across pages.
 */
export interface PlacedVerse {
  /** The sentence's running number. */
  n: number;
  /** The name of its (first) stanza: consecutive sentences with the same name share a stanza. */
  stanza: number | null;
  joinsPrevious: boolean;
  stanzaBreaks: readonly number[];
  fragments: readonly string[];
}

export interface VerseRow {
  segments: readonly VerseSegment[];
  /** A stanza break falls before this line (inside a sentence that runs across stanzas). */
  stanzaBreakBefore: boolean;
  /** The line begins a printed stanza (a gap above it, as between stanzas). */
  startsStanza: boolean;
  /** Page-break control: this line opens or closes a stanza (so it is not left alone at a page's foot or head). */
  opensStanza: boolean;
  closesStanza: boolean;
}

/** The rows of each sentence's block, in order (a sentence wholly inside the previous line has none). */
export function verseRows(sentences: readonly PlacedVerse[]): VerseRow[][] {
  const blocks = layOutVerse(sentences.map((s) => ({ sentence: s, n: s.n, fragments: s.fragments }))).map((rows) =>
    rows.map((row): VerseRow => ({ ...row, startsStanza: false, opensStanza: false, closesStanza: false })),
  );
  markStanzaEdges(sentences, blocks);
  return blocks;
}

/**
 * Groups consecutive sentences by stanza, as the reader does. A placement's `stanza` is a name
 * shared by consecutive sentences of one stanza; a sentence that runs across stanza breaks
 * shares its name with the sentences that follow it in the stanza it ends in (the breaks inside
 * it are drawn within its group).
 */
export function stanzaGroups<T extends Pick<PlacedVerse, 'stanza'>>(items: readonly T[]): T[][] {
  const groups: T[][] = [];
  for (const item of items) {
    const current = groups.at(-1);
    if (current !== undefined && item.stanza !== null && item.stanza === current.at(-1)!.stanza) current.push(item);
    else groups.push([item]);
  }
  return groups;
}

/** Marks where every printed stanza (a group, or a part of one between stanza breaks) begins, and the first and last line of those of two lines or more. */
function markStanzaEdges(sentences: readonly PlacedVerse[], blocks: readonly VerseRow[][]): void {
  let at = 0;
  for (const group of stanzaGroups(sentences)) {
    const rows = blocks.slice(at, at + group.length).flat();
    at += group.length;
    const printed: VerseRow[][] = [];
    for (const row of rows) {
      if (printed.length === 0 || row.stanzaBreakBefore) printed.push([row]);
      else printed.at(-1)!.push(row);
    }
    for (const stanza of printed) {
      stanza[0]!.startsStanza = true;
      if (stanza.length < 2) continue;
      stanza[0]!.opensStanza = true;
      stanza.at(-1)!.closesStanza = true;
    }
  }
}
