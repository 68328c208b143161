/**
 * The one `||n||` renderer's rules (spec: "/{lineNumber} … reached from links written as
 * ||number||"). Text as written keeps `||12||`; wherever it is shown — post and comment HTML from
 * the server, excerpts and notes in the reader app, the editor's preview — it becomes a link to the
 * sentence page `/12` reading "12", with the class `sentence-link`. The server's markdown rule and
 * the reader app's `LinkedText` both build their links from here.
 */

/** A run of text, or a `||n||` reference to sentence n. */
export type TextPart = { readonly kind: 'text'; readonly text: string } | { readonly kind: 'sentence'; readonly n: number };

/** `||12||`: one to seven digits between double bars. */
const REFERENCE = /\|\|(\d{1,7})\|\|/g;

/** The class every sentence link carries (and the sanitiser lets through). */
export const SENTENCE_LINK_CLASS = 'sentence-link';

/** Where a reference to sentence `n` goes. */
export function sentenceHref(n: number): string {
  return `/${n}`;
}

/** What a reference to sentence `n` reads as: the number, without the bars it was written with. */
export function sentenceLinkText(n: number): string {
  return String(n);
}

/** How a reference is written in text: `||n||`. */
export function sentenceReferenceSource(n: number): string {
  return `||${n}||`;
}

/** Splits text at its `||n||` references. */
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

/** Whether text holds at least one `||n||` reference. */
export function hasSentenceReference(text: string): boolean {
  return text.includes('||') && sentenceReferences(text).some((part) => part.kind === 'sentence');
}
