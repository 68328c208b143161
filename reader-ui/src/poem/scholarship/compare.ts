/** Pure logic of the edition-compare view: its address, parsed and built. */
import type { EditionComparisonAnswer } from '@epos/schemas/poem/responses';
import { EDITIONS, isEdition, type Edition } from '../reading';

export interface CompareAddress {
  readonly book: number;
  readonly canto: number;
  readonly section: number;
  readonly a: Edition;
  readonly b: Edition;
}

export type Comparison = EditionComparisonAnswer;

const DEFAULT_A: Edition = 'first';
const DEFAULT_B: Edition = 'revised';

const POSITIVE = /^[1-9]\d{0,5}$/;

/**
 * Reads `/compare/{book}/{canto}/{section}` and its `?a=&b=` query (a leading `?`
 * optional). Missing or unknown editions fall back to first and revised; a bad path is null.
 */
export function parseComparePath(path: string, search = ''): CompareAddress | null {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const match = /^\/compare\/(\d+)\/(\d+)\/(\d+)\/?$/.exec(bare);
  if (!match) return null;
  const [, b, c, s] = match;
  if (!POSITIVE.test(b!) || !POSITIVE.test(c!) || !POSITIVE.test(s!)) return null;
  const query = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const a = query.get('a');
  const bEd = query.get('b');
  return {
    book: Number(b),
    canto: Number(c),
    section: Number(s),
    a: isEdition(a) ? a : DEFAULT_A,
    b: isEdition(bEd) ? bEd : DEFAULT_B,
  };
}

/** The compare view's address: `/compare/1/2/3?a=first&b=revised`. */
export function comparePath(address: CompareAddress): string {
  return `/compare/${address.book}/${address.canto}/${address.section}?a=${address.a}&b=${address.b}`;
}

/** The API call for a comparison. */
export function compareApiUrl(address: CompareAddress): string {
  return `/api/compare/${address.book}/${address.canto}/${address.section}?a=${address.a}&b=${address.b}`;
}

/** "1 sentence differs", "3 sentences differ", "No sentences differ". */
export function differCount(changed: number): string {
  if (changed === 0) return 'No sentences differ';
  return changed === 1 ? '1 sentence differs' : `${changed} sentences differ`;
}

export { EDITIONS };
