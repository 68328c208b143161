/**
 * Every date the site shows (the reader app and the console), in the reader's locale (the browser's
 * first language) and time zone. One format per kind of date:
 * - the day something appeared (a post published, a work added, a search hit): the short date;
 * - the moment something changed (a revision, a history entry, an event, a saved note or draft, a
 *   notification): the short date and the time;
 * - a time something will happen (a scheduled post): the full date and the time;
 * - the day a reading is "as of": the full date; the clock alone for "saved at" and "checked at".
 * The styles:
 * - short, the spec's "Do MMM YY" ("5th Mar 24"; other languages their own day, short month, year);
 * - long, the spec's full weekday date ("Tuesday 5 March 2024");
 * - with the time of day, long or short ("5th Mar 24, 10:30"); and the clock alone.
 * Plain days (YYYY-MM-DD) are the same day everywhere and never shift. What is not a date is shown
 * as it came. Tests pass `locale` and `timeZone`.
 */

export interface DateOptions {
  /** A BCP 47 locale; the reader's by default. */
  readonly locale?: string;
  /** An IANA time zone; the reader's by default. */
  readonly timeZone?: string;
}

const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The reader's locale: the browser's first language (undefined: the runtime's default). */
export function readerLocale(): string | undefined {
  if (typeof navigator === 'undefined') return undefined;
  return navigator.languages?.[0] ?? navigator.language ?? undefined;
}

/** "st", "nd", "rd" or "th" for a day of the month: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… */
export function ordinalSuffix(n: number): string {
  const lastTwo = Math.abs(n) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return 'th';
  switch (Math.abs(n) % 10) {
    case 1:
      return 'st';
    case 2:
      return 'nd';
    case 3:
      return 'rd';
    default:
      return 'th';
  }
}

interface Parsed {
  readonly date: Date;
  readonly timeZone: string | undefined;
  readonly locale: string | undefined;
}

/** A time or a plain day as a Date with the zone and locale to show it in; null when it is not a date. */
function parse(value: string | null | undefined, options: DateOptions): Parsed | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const locale = options.locale ?? readerLocale();
  const day = PLAIN_DAY.exec(value.trim());
  // A plain day is the same day everywhere: read it at noon UTC, in UTC.
  if (day) return { date: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12)), timeZone: 'UTC', locale };
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, timeZone: options.timeZone, locale };
}

function formatter(parsed: Parsed, options: Intl.DateTimeFormatOptions, locale = parsed.locale): Intl.DateTimeFormat {
  const zone = parsed.timeZone === undefined ? {} : { timeZone: parsed.timeZone };
  try {
    return new Intl.DateTimeFormat(locale, { ...options, ...zone });
  } catch {
    return new Intl.DateTimeFormat(undefined, { ...options, ...zone });
  }
}

function parts(parsed: Parsed, options: Intl.DateTimeFormatOptions, locale?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of formatter(parsed, options, locale).formatToParts(parsed.date)) out[part.type] = part.value;
  return out;
}

function isEnglish(locale: string | undefined): boolean {
  return (locale ?? new Intl.DateTimeFormat().resolvedOptions().locale).toLowerCase().startsWith('en');
}

function shortDate(parsed: Parsed): string {
  if (!isEnglish(parsed.locale)) return formatter(parsed, { day: 'numeric', month: 'short', year: '2-digit' }).format(parsed.date);
  // en-US: its short months are "Sep" (en-GB now says "Sept"), as "MMM" is.
  const p = parts(parsed, { day: 'numeric', month: 'short', year: '2-digit' }, 'en-US');
  const day = Number(p.day);
  return `${day}${ordinalSuffix(day)} ${p.month ?? ''} ${p.year ?? ''}`;
}

function clock(parsed: Parsed, seconds: boolean): string {
  return formatter(parsed, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hourCycle: 'h23' }).format(parsed.date);
}

/** "Do MMM YY": `2024-03-05T10:00:00Z` → "5th Mar 24". Not a date: the text as it came (or ""). */
export function formatShortDate(value: string | null | undefined, options: DateOptions = {}): string {
  const parsed = parse(value, options);
  return parsed === null ? (value ?? '') : shortDate(parsed);
}

/** The full weekday date: "Tuesday 5 March 2024" (as the locale writes it). */
export function formatLongDate(value: string | null | undefined, options: DateOptions = {}): string {
  const parsed = parse(value, options);
  return parsed === null ? (value ?? '') : formatter(parsed, { dateStyle: 'full' }).format(parsed.date);
}

/** The full weekday date and the time of day (24-hour clock): "Tuesday 5 March 2024, 10:30". */
export function formatDateTime(value: string | null | undefined, options: DateOptions = {}): string {
  const parsed = parse(value, options);
  return parsed === null ? (value ?? '') : `${formatter(parsed, { dateStyle: 'full' }).format(parsed.date)}, ${clock(parsed, false)}`;
}

/** The short date and the time of day, for lists of changes: "5th Mar 24, 10:30". */
export function formatShortDateTime(value: string | null | undefined, options: DateOptions = {}): string {
  const parsed = parse(value, options);
  return parsed === null ? (value ?? '') : `${shortDate(parsed)}, ${clock(parsed, false)}`;
}

/** The time of day with seconds: "12:03:10". */
export function formatClock(value: string | null | undefined, options: DateOptions = {}): string {
  const parsed = parse(value, options);
  return parsed === null ? (value ?? '') : clock(parsed, true);
}

/** The value for a <time dateTime> attribute: the text as it came when it is a date, else undefined. */
export function machineDate(value: string | null | undefined): string | undefined {
  return parse(value, {}) === null ? undefined : (value ?? undefined);
}
