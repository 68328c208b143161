/** Pure logic of the line-number lookup page: validation, the API call and the reading link. */
import type { LineNumberAnswer } from '@epos/schemas/poem/responses';
import { sectionPath } from '../ui/poem-address';

export type LookupBy = 'sentence' | 'verse';

export const SENTENCE_NUMBER_REQUIRED = 'Sentence Number Required';
export const DIGITS_ONLY = 'Use digits only (for example 12)';

type PlaceOfLine = 'bookNumber' | 'cantoNumber' | 'sectionNumber';
/** GET /api/linenumber/{n}, read without relying on the section it stands in. */
export type LineNumberResult = Omit<LineNumberAnswer, PlaceOfLine> & Partial<Pick<LineNumberAnswer, PlaceOfLine>>;

/** The problem with what was typed, or null when it may be looked up. */
export function validateLookup(value: string): string | null {
  const text = value.trim();
  if (text === '') return SENTENCE_NUMBER_REQUIRED;
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1) return DIGITS_ONLY;
  return null;
}

export function lookupApiUrl(n: number, by: LookupBy): string {
  return by === 'verse' ? `/api/linenumber/${n}?by=verse` : `/api/linenumber/${n}`;
}

/** The lookup page's own address, so a result can be linked and reloaded. */
export function lookupPath(n: number | null, by: LookupBy): string {
  if (n === null) return '/lookup';
  return by === 'verse' ? `/lookup?n=${n}&by=verse` : `/lookup?n=${n}`;
}

/** Reads `?n=12&by=verse` back. */
export function parseLookupSearch(search: string): { n: number | null; by: LookupBy } {
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const raw = query.get('n') ?? '';
  const by: LookupBy = query.get('by') === 'verse' ? 'verse' : 'sentence';
  return { n: validateLookup(raw) === null ? Number(raw.trim()) : null, by };
}

/**
 * The sentence's place to read it in context (`/1/1/1#s5`). The sentence number is
 * the result's `inPoemNumber` (for a verse-line lookup, the sentence holding that line).
 */
export function contextPath(result: LineNumberResult): string | null {
  const { bookNumber, cantoNumber, sectionNumber } = result;
  if (bookNumber === undefined || cantoNumber === undefined || sectionNumber === undefined) return null;
  return sectionPath({ book: bookNumber, canto: cantoNumber, section: sectionNumber, edition: 'first' }, result.inPoemNumber);
}
