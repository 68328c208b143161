import { COUNT_PAGE } from './count-limits';

/**
 * The most a chart draws: past these a line of 500 sentences' verse lines or a row of cantos is
 * no longer readable at a page's width, and each 50 sentences are one more request.
 */
export const CHART_SENTENCES = 500;
export const CHART_CANTOS = 40;

/** The pages of /api/count the sentence charts read: the range's, up to the cap. */
export const chartPageCount = (totalPages: number) => Math.min(totalPages, Math.ceil(CHART_SENTENCES / COUNT_PAGE));

const number = (n: number) => n.toLocaleString('en');

/** What a chart draws of its range, and where what it leaves out starts and (when known) ends. */
export interface Drawn {
  readonly unit: 'sentence' | 'canto';
  readonly shown: number;
  readonly total: number;
  /** The first and last drawn, as the reader names them (a sentence number, "book.canto"). */
  readonly first: string;
  readonly last: string;
  readonly leftFrom: string;
  readonly leftTo?: string | undefined;
}

/**
 * The notice under a chart that stops at its cap, saying what it left out, or null:
 * "Showing the first 500 of 615 sentences (1–500); the other 115, from sentence 501 on, are left
 * out of this chart. Count a smaller range to chart them."
 */
export function capNotice(drawn: Drawn): string | null {
  const { unit, shown, total } = drawn;
  if (shown >= total) return null;
  const rest = total - shown;
  const plural = (n: number) => `${unit}${n === 1 ? '' : 's'}`;
  const left =
    drawn.leftTo === undefined
      ? `from ${unit} ${drawn.leftFrom} on`
      : rest === 1
        ? `${unit} ${drawn.leftFrom}`
        : `${plural(rest)} ${drawn.leftFrom}–${drawn.leftTo}`;
  return (
    `Showing the first ${number(shown)} of ${number(total)} ${plural(total)} (${drawn.first}–${drawn.last}); ` +
    `${rest === 1 ? 'the last one' : `the other ${number(rest)}`}, ${left}, ${rest === 1 ? 'is' : 'are'} left out of this chart. Count a smaller range to chart them.`
  );
}
