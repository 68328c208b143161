/**
 * Dates as the blog pages show them (spec section 9): short "Do MMM YY" ("5th Mar 24")
 * and a full weekday date ("Tuesday, 5 March 2024"). Times are shown in the reader's
 * time zone unless one is given (tests pass "UTC"); plain days (YYYY-MM-DD) never shift.
 */

const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/** A time or a plain day as a Date and the zone to read it in; null when it is not a date. */
function parse(value: string | null | undefined, timeZone: string | undefined): { date: Date; timeZone: string | undefined } | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const day = PLAIN_DAY.exec(value.trim());
  // A plain day is the same day everywhere: read it at noon UTC, in UTC.
  if (day) return { date: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 12)), timeZone: 'UTC' };
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, timeZone };
}

function parts(date: Date, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Record<string, string> {
  // en-US: its short months are "Sep" (en-GB now says "Sept"), as "MMM" is.
  const formatter = new Intl.DateTimeFormat('en-US', { ...options, ...(timeZone === undefined ? {} : { timeZone }) });
  const out: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** "Do MMM YY": `2024-03-05T10:00:00Z` → "5th Mar 24". Not a date: the text as it came (or ""). */
export function formatShortDate(value: string | null | undefined, timeZone?: string): string {
  const parsed = parse(value, timeZone);
  if (parsed === null) return value ?? '';
  const p = parts(parsed.date, { day: 'numeric', month: 'short', year: '2-digit' }, parsed.timeZone);
  const day = Number(p.day);
  return `${day}${ordinalSuffix(day)} ${p.month ?? ''} ${p.year ?? ''}`;
}

/** The full weekday date: "Tuesday, 5 March 2024". Not a date: the text as it came (or ""). */
export function formatLongDate(value: string | null | undefined, timeZone?: string): string {
  const parsed = parse(value, timeZone);
  if (parsed === null) return value ?? '';
  const p = parts(parsed.date, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, parsed.timeZone);
  return `${p.weekday ?? ''}, ${p.day ?? ''} ${p.month ?? ''} ${p.year ?? ''}`;
}

/** The same with the time of day: "Tuesday, 5 March 2024, 10:30" (24-hour clock). */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  const parsed = parse(value, timeZone);
  if (parsed === null) return value ?? '';
  const p = parts(parsed.date, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, parsed.timeZone);
  return `${formatLongDate(value, timeZone)}, ${p.hour ?? ''}:${p.minute ?? ''}`;
}

/** The value for a <time dateTime> attribute: the text as it came when it is a date, else undefined. */
export function machineDate(value: string | null | undefined): string | undefined {
  return parse(value, undefined) === null ? undefined : (value ?? undefined);
}
