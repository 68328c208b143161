import type { Edition } from '@epos/schemas/poem/editions';

/** The addresses of the poem's pages: sections (in an edition), sentences and the sentence a hash points at. */

export interface SectionAddress {
  readonly book: number;
  readonly canto: number;
  readonly section: number;
  readonly edition: Edition;
}

const POSITIVE = /^[1-9]\d{0,5}$/;

function positive(part: string | undefined): number | null {
  return part !== undefined && POSITIVE.test(part) ? Number(part) : null;
}

/** Reads `/{book}/{canto}/{section}` or `/…/{centenary|revised}`; anything else is null. */
export function parseSectionPath(path: string): SectionAddress | null {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const parts = bare.replace(/\/+$/, '').split('/').slice(1);
  if (parts.length !== 3 && parts.length !== 4) return null;
  const [b, c, s, e] = parts;
  const book = positive(b);
  const canto = positive(c);
  const section = positive(s);
  if (book === null || canto === null || section === null) return null;
  if (e === undefined) return { book, canto, section, edition: 'first' };
  // the First edition has no suffix; the others are lower case only
  if (e !== 'centenary' && e !== 'revised') return null;
  return { book, canto, section, edition: e };
}

/** The address of a section in an edition, with an optional sentence to go to (`#s12`). */
export function sectionPath(address: SectionAddress, sentence?: number): string {
  const base = `/${address.book}/${address.canto}/${address.section}`;
  const withEdition = address.edition === 'first' ? base : `${base}/${address.edition}`;
  return sentence === undefined ? withEdition : `${withEdition}#${sentenceAnchor(sentence)}`;
}

/** The same section in another edition. */
export function withEdition(address: SectionAddress, edition: Edition): SectionAddress {
  return { ...address, edition };
}

/** Reads the `/{lineNumber}` sentence page's address: digits only, one segment. */
export function parseSentencePath(path: string): number | null {
  const match = /^\/(\d{1,7})\/?$/.exec(path.split(/[?#]/, 1)[0] ?? '');
  if (!match?.[1]) return null;
  const n = Number(match[1]);
  return n >= 1 ? n : null;
}

export function sentencePath(n: number): string {
  return `/${n}`;
}

/** The id of a sentence in a section page: `s12`. */
export function sentenceAnchor(n: number): string {
  return `s${n}`;
}

/** The sentence a hash points at: `#s12` (or a bare `#12`); anything else is null. */
export function parseHashTarget(hash: string): number | null {
  const match = /^#?s?(\d{1,7})$/.exec(hash.trim());
  if (!match?.[1]) return null;
  const n = Number(match[1]);
  return n >= 1 ? n : null;
}

/** The key a section's text is cached under (one per edition). */
export function sectionKey(address: SectionAddress): string {
  return sectionPath(address);
}

/** The key a section's scroll position is kept under: the same in every edition, so switching keeps the place. */
export function scrollKey(address: SectionAddress): string {
  return `${address.book}/${address.canto}/${address.section}`;
}

/** A sentence's permanent link: it finds the sentence whatever number it has now. */
export const permanentLink = (id: number) => `/s/${id}`;
