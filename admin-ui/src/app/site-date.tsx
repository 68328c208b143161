import { useRecordContext } from 'react-admin';
import { formatClock, formatDateTime, formatShortDate, formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';

/** The kinds of date the console shows, each in the one format the whole site uses for it (schemas/src/dates/formats.ts). */
export type DateKind = 'day' | 'change' | 'appointment' | 'clock';

const formats: Record<DateKind, (value: string) => string> = {
  day: formatShortDate,
  change: formatShortDateTime,
  appointment: formatDateTime,
  clock: formatClock,
};

/** A date as the reader app writes it: "27th Nov 26, 16:30" for a change, "27th Nov 26" for a day. */
export function siteDate(value: string | number | Date, kind: DateKind = 'change'): string {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'number' ? new Date(value).toISOString() : value;
  return formats[kind](text);
}

/** A `<time>` with the site's format. */
function SiteTime({ value, kind = 'change' }: { value: string; kind?: DateKind }) {
  return <time dateTime={machineDate(value)}>{siteDate(value, kind)}</time>;
}

/** react-admin's date field, in the site's format for its kind (react-admin's writes the browser's default). */
export function SiteDateField({
  source,
  kind = 'change',
  emptyText = '',
}: {
  source: string;
  kind?: DateKind;
  label?: string;
  sortable?: boolean;
  emptyText?: string;
}) {
  const record = useRecordContext<Record<string, unknown>>();
  const value = record?.[source];
  if (typeof value !== 'string' && typeof value !== 'number') return <span>{emptyText}</span>;
  return <SiteTime value={typeof value === 'number' ? new Date(value).toISOString() : value} kind={kind} />;
}
