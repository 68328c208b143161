import type { CuratedPlanDay, CuratedPlanSummary, PlanPortion } from '@epos/schemas';
import { addDays, curatedPortions, daysBetween, type CuratedCut } from '@epos/domain/study/plan-schedule';
import type { LineIndex } from '@epos/projections/poem/line-index';
import type { CuratedPlanRow } from '@epos/projections/study/plan-queries';
import { renderMarkdown } from '@epos/platform/markdown/index';

/** The editors' plans as readers and the console see them: portions on the poem as it is now, commentary rendered once a version. */

const cutOf = (row: CuratedPlanRow): CuratedCut => ({
  fromBook: row.from_book,
  fromCanto: row.from_canto,
  toBook: row.to_book,
  toCanto: row.to_canto,
  split: row.split,
  portions: row.portions,
});

const stepOf = (row: Pick<CuratedPlanRow, 'every'>) => (row.every === 'week' ? 7 : 1);

/** The editors' markdown of each portion (1…) that has some. */
export const notesOf = (row: CuratedPlanRow): Map<number, string> => new Map(row.notes ?? []);

/** How many days a reader following the plan on their own takes: a portion a day, or a week. */
export const followingDays = (row: CuratedPlanRow, index: LineIndex) => curatedDays(row, index).length * stepOf(row);

const MOST_KEPT = 200;
const versionOf = (row: CuratedPlanRow) => `${row.plan_id}@${new Date(row.updated_at).toISOString()}`;

/** Keeps at most `MOST_KEPT` values, the oldest out first. */
function keep<T>(kept: Map<string, T>, key: string, make: () => T): T {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    if (kept.size >= MOST_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
  }
  return value;
}

const rendered = new Map<string, string[]>();

/** The commentary of each portion as HTML: rendered once for each saved version of the plan. */
function notesHtml(row: CuratedPlanRow): string[] {
  return keep(rendered, versionOf(row), () => {
    const html: string[] = [];
    for (const [portion, note] of row.notes ?? []) html[portion - 1] = renderMarkdown(note, { profile: 'comment' });
    return html;
  });
}

/** Each line index (a version of the poem) with the plans' schedules cut on it. */
const schedules = new WeakMap<LineIndex, Map<string, CuratedPlanDay[]>>();

/** Every portion of the plan: its day, its dates on a shared calendar, what to read, its commentary; cut once for each version of the plan and of the poem. */
export function curatedDays(row: CuratedPlanRow, index: LineIndex): readonly CuratedPlanDay[] {
  let cut = schedules.get(index);
  if (cut === undefined) schedules.set(index, (cut = new Map()));
  return keep(cut, versionOf(row), () => {
    const html = notesHtml(row);
    const step = stepOf(row);
    return curatedPortions(index.places, cutOf(row)).map((portion, k) => ({
      day: k + 1,
      startDay: row.calendar_start === null ? null : addDays(row.calendar_start, k * step),
      endDay: row.calendar_start === null ? null : addDays(row.calendar_start, k * step + step - 1),
      portion,
      noteHtml: html[k] ?? '',
    }));
  });
}

/** The plan in a list: on a shared calendar, with the portion of `today`. */
export function curatedSummary(row: CuratedPlanRow, days: readonly CuratedPlanDay[], today: string): CuratedPlanSummary {
  const k = row.calendar_start === null ? -1 : Math.floor(daysBetween(row.calendar_start, today) / stepOf(row));
  return {
    planId: row.plan_id,
    title: row.title,
    summary: row.summary,
    from: { book: row.from_book, canto: row.from_canto },
    to: { book: row.to_book, canto: row.to_canto },
    split: row.split,
    every: row.every,
    portions: days.length,
    calendarStart: row.calendar_start,
    current: k >= 0 && k < days.length ? days[k]! : null,
  };
}

/** The editors' commentary on the portions a reader's reading of today covers (by the sentences they share). */
export function notesFor(row: CuratedPlanRow, index: LineIndex, reading: Pick<PlanPortion, 'from' | 'to'> | null): { day: number; html: string }[] {
  if (reading === null) return [];
  return curatedDays(row, index).flatMap((d) =>
    d.portion !== null && d.noteHtml !== '' && d.portion.from.sentence <= reading.to.sentence && reading.from.sentence <= d.portion.to.sentence
      ? [{ day: d.day, html: d.noteHtml }]
      : [],
  );
}
