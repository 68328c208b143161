import { z } from 'zod';
import { defineEvent } from '../events/define-event.js';
import { editionSchema, positiveInt } from '../poem/vocabulary.js';
import { wholeNumber } from '../api/input.js';

/** The most reading one record credits: a record is sent at least every minute of reading. */
export const MAX_READING_SECONDS = 600;
/** Records less than this apart are one reading session (as the Quran Foundation's API merges them). */
export const SESSION_GAP_MINUTES = 20;

/** Each time zone's day format, made once: making one costs far more than using it. IANA names a few hundred zones. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const MAX_KEPT_FORMATS = 1_000;

/** The day format of `timeZone`; throws a RangeError for a zone the runtime does not know. */
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size < MAX_KEPT_FORMATS) dayFormats.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows `name` as an IANA time zone. */
function knownTimeZone(name: string): boolean {
  try {
    dayFormat(name);
    return true;
  } catch {
    return false;
  }
}
export const timeZoneSchema = z.string().max(64).refine(knownTimeZone, { message: 'timeZone: expected an IANA time zone such as Europe/Paris' });

/** The day `at` falls on in `timeZone`: YYYY-MM-DD. */
export function dayIn(timeZone: string, at: Date): string {
  return dayFormat(timeZone).format(at);
}

/**
 * A signed-in reader read a section for `seconds` (the page visible and focused), last at sentence
 * `sentence` (permanent id) in `edition`; `day` is the reader's own day then, in their time zone.
 */
export const readingRecorded = defineEvent(
  'ReadingRecorded',
  z.object({
    userId: z.uuid(),
    sentence: positiveInt('sentence'),
    book: positiveInt('book'),
    canto: positiveInt('canto'),
    section: positiveInt('section'),
    edition: editionSchema,
    seconds: z.number().int().min(1).max(MAX_READING_SECONDS),
    day: z.iso.date(),
  }),
);

/** The longest daily reading goal: ten hours. */
export const MAX_GOAL_MINUTES = 600;

/** A reader set (or, with null, cleared) their daily goal: minutes of reading a day. */
export const readingGoalSet = defineEvent(
  'ReadingGoalSet',
  z.object({ userId: z.uuid(), minutesPerDay: z.number().int().min(1).max(MAX_GOAL_MINUTES).nullable() }),
);

/** Set the daily goal in minutes, or clear it with null. */
export const readingGoalBody = z.object({
  minutesPerDay: z
    .number({ message: 'minutesPerDay: expected a whole number of minutes, or null' })
    .int('minutesPerDay: expected a whole number of minutes, or null')
    .min(1, 'minutesPerDay: at least 1')
    .max(MAX_GOAL_MINUTES, `minutesPerDay: at most ${MAX_GOAL_MINUTES}`)
    .nullable(),
});
export const readingGoalAnswer = z.object({ minutesPerDay: z.number().int().positive().nullable() });

/** What the reader's page sends while they read: where they are (a sentence's running number) and for how long since the last record. */
export const recordReadingBody = z.object({
  sentence: positiveInt('sentence'),
  edition: editionSchema.default('first'),
  seconds: z
    .number({ message: 'seconds: expected a whole number of seconds' })
    .int('seconds: expected a whole number of seconds')
    .min(1, 'seconds: at least 1')
    .max(MAX_READING_SECONDS, `seconds: at most ${MAX_READING_SECONDS}`),
  timeZone: timeZoneSchema,
});
export type RecordReadingBody = z.infer<typeof recordReadingBody>;
export const readingRecordedAnswer = z.object({ recorded: z.literal(true) });

export const myReadingQuery = z.object({ timeZone: timeZoneSchema.default('UTC'), days: wholeNumber('days', { min: 1, max: 366 }).default(91) });

/** Where the reader is, and how they have read: today, their streaks of days, a calendar, their last sessions. */
export const myReadingAnswer = z.object({
  position: z
    .object({
      sentence: z.number().int().positive(),
      book: z.number().int().positive(),
      canto: z.number().int().positive(),
      section: z.number().int().positive(),
      edition: editionSchema,
      at: z.string(),
    })
    .nullable(),
  today: z.object({ day: z.iso.date(), seconds: z.number().int().nonnegative() }),
  /** The daily goal (null: none), and how many of the listed days met it. */
  goal: z.object({ minutesPerDay: z.number().int().positive().nullable(), daysMet: z.number().int().nonnegative() }),
  streak: z.object({ current: z.number().int().nonnegative(), longest: z.number().int().nonnegative() }),
  /** The days read in the last `days` days, oldest first (days not read are not listed). */
  days: z.array(z.object({ day: z.iso.date(), seconds: z.number().int().positive(), sections: z.number().int().positive() })),
  sessions: z.array(z.object({ startedAt: z.string(), endedAt: z.string(), seconds: z.number().int().positive() })),
});
export type MyReadingAnswer = z.infer<typeof myReadingAnswer>;
