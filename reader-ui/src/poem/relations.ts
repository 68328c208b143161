/**
 * Sanskrit–English word relations (GET /api/getColorRelation/{n}): which word of the Sanskrit
 * translation goes with which word of the First-edition English. Words are counted from 0 over a
 * text's lines joined and split on whitespace (content/demo/README.md). Pure: tested in node.
 */

/** The server's colour classes: relation-1 … relation-20. */
export const RELATION_COLOURS = 20;

const UNDERLINES = ['solid', 'double', 'dotted', 'dashed', 'wavy'] as const;
type UnderlineStyle = (typeof UNDERLINES)[number];

/**
 * How a relation looks: its colour, and an underline style and weight of its own, so that colour
 * is never the only cue (colour-blind readers, print, a dark theme). The 20 classes give 20
 * different (style, weight) pairs.
 */
export interface RelationLook {
  readonly colour: number;
  readonly underline: UnderlineStyle;
  readonly weight: 1 | 2 | 3 | 4;
}

export function relationLook(colorClass: string): RelationLook | null {
  const match = /^relation-(\d{1,2})$/.exec(colorClass);
  const colour = match ? Number(match[1]) : 0;
  if (colour < 1 || colour > RELATION_COLOURS) return null;
  return {
    colour,
    underline: UNDERLINES[(colour - 1) % UNDERLINES.length]!,
    weight: (Math.floor((colour - 1) / UNDERLINES.length) + 1) as RelationLook['weight'],
  };
}

/** The CSS classes of a related word (poem.css), or null for a class the reader does not know. */
export function relationClassName(colorClass: string): string | null {
  const look = relationLook(colorClass);
  return look === null ? null : `related rel-c${look.colour} rel-${look.underline} rel-w${look.weight}`;
}

export interface ColouredRelation {
  readonly Snumber: number;
  readonly Enumber: number;
  readonly colorClass: string;
}

/** The classes of the related words on each side, by word index (the first relation of a word wins). */
export interface WordColours {
  readonly sanskrit: ReadonlyMap<number, string>;
  readonly english: ReadonlyMap<number, string>;
}

export function wordColours(relations: readonly ColouredRelation[]): WordColours {
  const sanskrit = new Map<number, string>();
  const english = new Map<number, string>();
  for (const relation of relations) {
    const className = relationClassName(relation.colorClass);
    if (className === null) continue;
    if (!sanskrit.has(relation.Snumber)) sanskrit.set(relation.Snumber, className);
    if (!english.has(relation.Enumber)) english.set(relation.Enumber, className);
  }
  return { sanskrit, english };
}

export interface WordToken {
  readonly text: string;
  /** The word's index in the whole text; null for the whitespace between words. */
  readonly word: number | null;
}

/** A line in words and the whitespace between them, its first word numbered `from`. */
export function wordTokens(text: string, from = 0): WordToken[] {
  let next = from;
  return text
    .split(/(\s+)/)
    .filter((part) => part !== '')
    .map((part) => (/^\s+$/.test(part) ? { text: part, word: null } : { text: part, word: next++ }));
}

/** Where each line's words begin in the text the lines make together. */
export function lineOffsets(lines: readonly string[]): number[] {
  let total = 0;
  return lines.map((line) => {
    const from = total;
    total += line.split(/\s+/).filter((part) => part !== '').length;
    return from;
  });
}
