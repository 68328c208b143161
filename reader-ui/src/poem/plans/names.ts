import { formatShortDate } from '@epos/schemas/dates/formats';
import { sectionPath } from '../../ui/poem-address';
import type { PlanPortion, PlanToday } from './api';

/** A book and its cantos, as the contents name them. */
type BookCantos = { readonly book: number; readonly name: string; readonly cantos: readonly { readonly canto: number }[] };

const canto = (ref: { book: number; canto: number }) => `Book ${ref.book}, Canto ${ref.canto}`;

/** A plan's name from what it covers: the whole poem, a book (named from the contents), a canto, or cantos from … to. */
export function planTitle(plan: Pick<PlanToday, 'whole' | 'from' | 'to'>, books: readonly BookCantos[] = []): string {
  if (plan.whole) return 'The whole poem';
  const book = books.find((b) => b.book === plan.from.book);
  if (book && plan.to.book === book.book && book.cantos[0]?.canto === plan.from.canto && book.cantos.at(-1)?.canto === plan.to.canto)
    return `Book ${book.book}: ${book.name}`;
  if (plan.from.book === plan.to.book && plan.from.canto === plan.to.canto) return canto(plan.from);
  return `${canto(plan.from)} to ${canto(plan.to)}`;
}

/** A portion in words: where it starts and ends, and its lines. */
export function portionText(portion: PlanPortion): string {
  const { from, to, lines } = portion;
  const at = (p: PlanPortion['from']) => `Book ${p.book}, Canto ${p.canto}, Section ${p.section}`;
  const span =
    from.sentence === to.sentence
      ? `${at(from)}, sentence ${from.sentence}`
      : from.book === to.book && from.canto === to.canto && from.section === to.section
        ? `${at(from)}, sentences ${from.sentence}–${to.sentence}`
        : `${at(from)}, sentence ${from.sentence}, to ${at(to)}, sentence ${to.sentence}`;
  return `${span} · ${lines === 1 ? '1 line' : `${lines.toLocaleString()} lines`}`;
}

/** A plan's day as the site shows dates: "29th Nov 26". */
export const dayText = (day: string) => formatShortDate(day);

/** Where a portion is read: its first sentence in its section. */
export const portionHref = (portion: PlanPortion) => sectionPath({ ...portion.from, edition: 'first' }, portion.from.sentence);
