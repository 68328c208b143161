/** A run of text, or a `||n||` reference to sentence n. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'sentence'; n: number };

const REFERENCE = /\|\|(\d{1,7})\|\|/g;

/** Splits text at `||n||` references (the spec's links to the sentence page `/n`). */
export function sentenceReferences(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(REFERENCE)) {
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'sentence', n: Number(match[1]) });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
