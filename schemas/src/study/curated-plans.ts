import { z } from 'zod';
import { defineEvent, type EventOf } from '../events/define-event.js';
import { positiveInt } from '../poem/vocabulary.js';
import { wholeNumber } from '../api/input.js';
import { isoMoment } from '../api/responses.js';
import { timeZoneSchema } from './reading.js';
import { MAX_PLAN_DAYS } from './vocabulary.js';
import { planPortion } from './plans.js';

/**
 * Reading plans made by the editors (issue 38): cantos from…to read in so many portions, a portion a
 * day or a week, each with the editors' commentary; with a calendar start, a shared calendar ("the
 * canto of the week") everyone reads on the same dates.
 */
export const curatedPlanStream = (planId: string) => `curated-plan-${planId}`;

/** How the cantos are cut: by lines into even portions, or a whole canto a portion. */
export const curatedPlanSplits = ['lines', 'cantos'] as const;
/** A portion a day or a week. */
export const curatedPlanPaces = ['day', 'week'] as const;
export const CURATED_TITLE_MAX = 200;
export const CURATED_SUMMARY_MAX = 2_000;
export const CURATED_NOTE_MAX = 10_000;

const curatedPlanId = z.uuid({ message: 'expected a plan id' });

/** What the editors say a plan is (`portions`: how many, worked out from the cantos when split by canto). */
export const curatedPlanContent = z.object({
  title: z.string().min(1).max(CURATED_TITLE_MAX),
  summary: z.string().max(CURATED_SUMMARY_MAX),
  fromBook: positiveInt('fromBook'),
  fromCanto: positiveInt('fromCanto'),
  toBook: positiveInt('toBook'),
  toCanto: positiveInt('toCanto'),
  split: z.enum(curatedPlanSplits),
  every: z.enum(curatedPlanPaces),
  portions: z.number().int().min(1).max(MAX_PLAN_DAYS),
  /** The first day of a shared calendar (everyone on the same dates); null: each reader starts it on their own day. */
  calendarStart: z.iso.date().nullable(),
});
export type CuratedPlanContent = z.infer<typeof curatedPlanContent>;

export const curatedPlanSaved = defineEvent('CuratedPlanSaved', curatedPlanContent.extend({ planId: curatedPlanId }));
/** The editors' commentary on one portion (1…), in markdown; '' clears it. One event a note, so each has its own history. */
export const curatedPlanNoteWritten = defineEvent(
  'CuratedPlanNoteWritten',
  z.object({ planId: curatedPlanId, portion: z.number().int().min(1).max(MAX_PLAN_DAYS), note: z.string().max(CURATED_NOTE_MAX) }),
);
/** Withdrawn from the list: readers who follow it keep their plan (and its commentary). */
export const curatedPlanWithdrawn = defineEvent('CuratedPlanWithdrawn', z.object({ planId: curatedPlanId }));
export const curatedPlanEvents = [curatedPlanSaved, curatedPlanNoteWritten, curatedPlanWithdrawn] as const;
export type CuratedPlanEvent = EventOf<typeof curatedPlanEvents>;

// --- The console (react-admin's records: snake_case, `id`) ---

const consoleDate = z
  .union([z.iso.date({ message: 'calendar_start: expected a date as YYYY-MM-DD' }), z.literal(''), z.null()])
  .transform((v) => (v === '' ? null : v));

/** A plan as the console sends it: `days` counts the portions when split by lines (by canto, the cantos do). */
export const adminCuratedPlanBody = z.object({
  title: z.string({ message: 'title: required' }).trim().min(1, 'title: required').max(CURATED_TITLE_MAX, `title: at most ${CURATED_TITLE_MAX} characters`),
  summary: z.string().trim().max(CURATED_SUMMARY_MAX, `summary: at most ${CURATED_SUMMARY_MAX} characters`).default(''),
  from_book: wholeNumber('from_book', { max: 100_000 }),
  from_canto: wholeNumber('from_canto', { max: 100_000 }),
  to_book: wholeNumber('to_book', { max: 100_000 }),
  to_canto: wholeNumber('to_canto', { max: 100_000 }),
  split: z.enum(curatedPlanSplits, { message: 'split: expected lines or cantos' }),
  every: z.enum(curatedPlanPaces, { message: 'every: expected day or week' }),
  days: wholeNumber('days', { max: MAX_PLAN_DAYS, message: `days: a whole number from 1 to ${MAX_PLAN_DAYS}` })
    .nullable()
    .optional(),
  calendar_start: consoleDate.optional().default(null),
  notes: z
    .array(z.object({ note: z.string().max(CURATED_NOTE_MAX, `notes: each at most ${CURATED_NOTE_MAX} characters`).nullable().optional() }))
    .max(MAX_PLAN_DAYS, `notes: at most ${MAX_PLAN_DAYS}`)
    .default([]),
});
export type AdminCuratedPlanBody = z.infer<typeof adminCuratedPlanBody>;

const place = z.object({ book: z.number().int(), canto: z.number().int() });
/** One portion of a plan: its day (1…), its dates on a shared calendar, what to read and the commentary. */
export const curatedPlanDay = z.object({
  day: z.number().int().positive(),
  startDay: z.iso.date().nullable(),
  endDay: z.iso.date().nullable(),
  portion: planPortion.nullable(),
  /** The commentary, markdown rendered and sanitised on the server. */
  noteHtml: z.string(),
});
export type CuratedPlanDay = z.infer<typeof curatedPlanDay>;

export const adminCuratedPlanAnswer = z.object({
  id: z.uuid(),
  title: z.string(),
  summary: z.string(),
  from_book: z.number().int(),
  from_canto: z.number().int(),
  to_book: z.number().int(),
  to_canto: z.number().int(),
  split: z.enum(curatedPlanSplits),
  every: z.enum(curatedPlanPaces),
  days: z.number().int(),
  calendar_start: z.iso.date().nullable(),
  notes: z.array(z.object({ note: z.string() })),
  /** The portions as the poem stands now, each with its commentary. */
  schedule: z.array(curatedPlanDay.extend({ id: z.number().int() })),
  followers: z.number().int(),
  created_at: isoMoment,
  updated_at: isoMoment,
});
export const adminCuratedPlansAnswer = z.array(adminCuratedPlanAnswer);
export type AdminCuratedPlan = z.infer<typeof adminCuratedPlanAnswer>;

// --- Readers ---

export const curatedPlansQuery = z.object({ timeZone: timeZoneSchema.default('UTC') });
export const curatedPlanParams = z.object({ planId: curatedPlanId });

/** A plan in the list: what it covers, how long, and on a shared calendar the portion of today. */
export const curatedPlanSummary = z.object({
  planId: z.uuid(),
  title: z.string(),
  summary: z.string(),
  from: place,
  to: place,
  split: z.enum(curatedPlanSplits),
  every: z.enum(curatedPlanPaces),
  portions: z.number().int(),
  calendarStart: z.iso.date().nullable(),
  /** Today's portion of a shared calendar (null: not a calendar, or not running today). */
  current: curatedPlanDay.nullable(),
});
export type CuratedPlanSummary = z.infer<typeof curatedPlanSummary>;
export const curatedPlansAnswer = z.object({ today: z.iso.date(), plans: z.array(curatedPlanSummary) });
export type CuratedPlansAnswer = z.infer<typeof curatedPlansAnswer>;
export const curatedPlanAnswer = z.object({ today: z.iso.date(), plan: curatedPlanSummary.extend({ days: z.array(curatedPlanDay) }) });
export type CuratedPlanAnswer = z.infer<typeof curatedPlanAnswer>;
