/**
 * How a section's sentences lie on its verse lines. A sentence may begin inside the verse line on
 * which the previous one ended (`joinsPrevious`) and may run across a stanza break
 * (`stanzaBreaks`); the page still shows every verse line whole, once: a line belongs to the
 * block of the sentence it starts in, and the part of it that begins the next sentence carries
 * that sentence's number. A sentence whose whole verse is such a part has no row of its own
 * (docs/decisions/verse-rows.md).
 */
export interface LaidOutSentence {
  readonly joinsPrevious?: boolean;
  readonly stanzaBreaks?: readonly number[];
}

export interface VerseSegment {
  readonly text: string;
  /** The sentence this part begins, when it is not the block's own sentence. */
  readonly begins: number | null;
  /** Which of its sentence's fragments this part is. */
  readonly fragment: number;
  /** This part is all of the verse of the sentence it begins: that sentence has no row of its own. */
  readonly whole: boolean;
}

export interface VerseRow {
  readonly segments: readonly VerseSegment[];
  /** A stanza break falls before this line (inside a sentence that runs across stanzas). */
  readonly stanzaBreakBefore: boolean;
}

/** The rows each sentence's block shows, in order; `fragments` are the sentences' own verse fragments. */
export function layOutVerse<T extends LaidOutSentence>(sentences: readonly { sentence: T; n: number; fragments: readonly string[] }[]): VerseRow[][] {
  const blocks: { segments: VerseSegment[]; stanzaBreakBefore: boolean }[][] = [];
  let lastRow: { segments: VerseSegment[]; stanzaBreakBefore: boolean } | null = null;
  sentences.forEach(({ sentence, n, fragments }, index) => {
    const rows: { segments: VerseSegment[]; stanzaBreakBefore: boolean }[] = [];
    const breaks = new Set(sentence.stanzaBreaks ?? []);
    fragments.forEach((text, i) => {
      if (i === 0 && sentence.joinsPrevious === true && lastRow !== null && index > 0) {
        lastRow.segments.push({ text, begins: n, fragment: i, whole: fragments.length === 1 });
        return;
      }
      const row = { segments: [{ text, begins: null, fragment: i, whole: false }], stanzaBreakBefore: breaks.has(i) };
      rows.push(row);
      lastRow = row;
    });
    blocks.push(rows);
  });
  return blocks;
}
