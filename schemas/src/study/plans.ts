import { z } from 'zod';
import { defineEvent } from '../events/define-event.js';
import { positiveInt } from '../poem/vocabulary.js';
import { wholeNumber } from '../api/input.js';
import { timeZoneSchema } from './reading.js';
import { MAX_PLAN_DAYS } from './vocabulary.js';

export { MAX_PLAN_DAYS };

/** The most plans one reader follows at once. */
export const MAX_PLANS = 20;
/** The most lines a day a plan asks for (a whole long epic in a day). */
export const MAX_LINES_PER_DAY = 100_000;

export const planIdSchema = z.uuid({ message: 'expected a plan id' });
const lineCount = z.number().int().nonnegative().max(100_000_000);

/**
 * A reader started a reading plan over cantos `from` to `to` (inclusive), from `startDay` to
 * `endDay` (their own days): the lines between are spread over the days, each day's portion ending
 * with the sentence its share of lines ends in.
 */
export const planStarted = defineEvent(
  'PlanStarted',
  z.object({
    userId: z.uuid(),
    planId: planIdSchema,
    fromBook: positiveInt('fromBook'),
    fromCanto: positiveInt('fromCanto'),
    toBook: positiveInt('toBook'),
    toCanto: positiveInt('toCanto'),
    startDay: z.iso.date(),
    endDay: z.iso.date(),
    /** The editors' plan this one follows (its commentary shown with each portion). */
    curatedPlanId: z.uuid().optional(),
  }),
);
/**
 * The reader has read their plan through sentence `through` (its permanent id; null: nothing yet),
 * `linesDone` lines of the plan then: where the sentence is gone, the plan goes on from that line.
 */
export const planRead = defineEvent(
  'PlanRead',
  z.object({ userId: z.uuid(), planId: planIdSchema, through: positiveInt('through').nullable(), linesDone: lineCount }),
);
/** The rest of the plan (from where the reader is) spread again over `fromDay` to `endDay`: re-paced to the same end, or the end moved. */
export const planRescheduled = defineEvent(
  'PlanRescheduled',
  z.object({ userId: z.uuid(), planId: planIdSchema, fromDay: z.iso.date(), endDay: z.iso.date() }),
);
export const planStopped = defineEvent('PlanStopped', z.object({ userId: z.uuid(), planId: planIdSchema }));

const cantoRef = (what: string) =>
  z.object(
    { book: wholeNumber(`${what}.book`, { max: 100_000 }), canto: wholeNumber(`${what}.canto`, { max: 100_000 }) },
    { message: `${what}: expected a book and a canto` },
  );

/**
 * Start a plan: over the whole poem (no `from`/`to`) or cantos `from` to `to`, finished in `days`
 * days or read at `linesPerDay` lines a day (one of the two), from `startDay` (today when absent);
 * or follow the editors' plan `curated` (its cantos and days; a shared calendar's dates).
 */
export const startPlanBody = z
  .object({
    from: cantoRef('from').optional(),
    to: cantoRef('to').optional(),
    days: wholeNumber('days', { max: MAX_PLAN_DAYS, message: `days: a whole number from 1 to ${MAX_PLAN_DAYS}` }).optional(),
    linesPerDay: wholeNumber('linesPerDay', { max: MAX_LINES_PER_DAY, message: `linesPerDay: a whole number from 1 to ${MAX_LINES_PER_DAY}` }).optional(),
    startDay: z.iso.date({ message: 'startDay: expected a date as YYYY-MM-DD' }).optional(),
    curated: z.uuid({ message: 'curated: expected a plan id' }).optional(),
    timeZone: timeZoneSchema,
  })
  .refine((b) => b.curated === undefined || (b.days ?? b.linesPerDay ?? b.from ?? b.to) === undefined, {
    message: "curated: an editors' plan keeps its own cantos and days",
    path: ['curated'],
  })
  .refine((b) => b.curated !== undefined || (b.days === undefined) !== (b.linesPerDay === undefined), {
    message: 'days: give days or linesPerDay, one of them',
    path: ['days'],
  })
  .refine((b) => (b.from === undefined) === (b.to === undefined), { message: 'to: give both from and to, or neither for the whole poem', path: ['to'] });
export type StartPlanBody = z.infer<typeof startPlanBody>;

/** Mark the plan read through a sentence (its running number), or nothing read with null. */
export const planReadBody = z.object({
  through: wholeNumber('through', { max: 2_147_483_647 }).nullable(),
  timeZone: timeZoneSchema,
});
/** Spread what is left again: to the same end (`repace`), or at the same pace to a later end (`moveEnd`). */
export const reschedulePlanBody = z.object({
  how: z.enum(['repace', 'moveEnd'], { message: 'how: expected repace or moveEnd' }),
  timeZone: timeZoneSchema,
});
export const planIdParams = z.object({ planId: planIdSchema });
export const myPlansQuery = z.object({ timeZone: timeZoneSchema.default('UTC') });

const place = z.object({
  sentence: z.number().int().positive(),
  book: z.number().int().positive(),
  canto: z.number().int().positive(),
  section: z.number().int().positive(),
});
/** A run of whole sentences to read: from the first to the last, and its lines. */
export const planPortion = z.object({ from: place, to: place, lines: z.number().int().positive() });
export type PlanPortion = z.infer<typeof planPortion>;

/** A plan as it stands on the reader's day. */
export const planToday = z.object({
  planId: z.uuid(),
  /** The editors' plan it follows: its title, and their commentary on the portions today's reading covers. */
  curated: z.object({ planId: z.uuid(), title: z.string(), notes: z.array(z.object({ day: z.number().int().positive(), html: z.string() })) }).nullable(),
  whole: z.boolean(),
  from: z.object({ book: z.number().int(), canto: z.number().int() }),
  to: z.object({ book: z.number().int(), canto: z.number().int() }),
  startDay: z.iso.date(),
  endDay: z.iso.date(),
  /** The day of the plan today is (1 on its first day; 0 before it starts), and how many it has. */
  day: z.number().int().nonnegative(),
  days: z.number().int().positive(),
  lines: z.number().int().nonnegative(),
  linesDone: z.number().int().nonnegative(),
  finished: z.boolean(),
  /** Today's portion (null once nothing is left for today's day of the plan), and whether it is read. */
  today: planPortion.nullable(),
  todayDone: z.boolean(),
  /** Days whose portions are not read yet, before today, and what reading them takes. */
  behind: z.object({ days: z.number().int().nonnegative(), lines: z.number().int().nonnegative() }),
  catchUp: planPortion.nullable(),
  /** The next portion after what is read and today's: to read ahead. */
  ahead: planPortion.nullable(),
  /** Where re-pacing or moving the end would take the plan: null where it cannot. */
  repaceTo: z.iso.date().nullable(),
  moveEndTo: z.iso.date().nullable(),
});
export type PlanToday = z.infer<typeof planToday>;
export const myPlansAnswer = z.object({ today: z.iso.date(), plans: z.array(planToday) });
export type MyPlansAnswer = z.infer<typeof myPlansAnswer>;
export const planAnswer = z.object({ plan: planToday.nullable() });
