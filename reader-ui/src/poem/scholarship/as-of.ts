/**
 * "Read as of a date": the section page reads `?asOf=YYYY-MM-DD` from its address.
 * Pure helpers (tested in node) plus a hook and an atom for the section fetch to use:
 *
 *   const asOf = useAsOf();                      // 'YYYY-MM-DD' | null, follows the URL
 *   fetch(withAsOfParam(sectionUrl(address), asOf))
 */
import { atom } from 'jotai';
import { formatLongDate } from '@epos/schemas/dates/formats';
import { useSearch } from 'wouter';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid calendar date `YYYY-MM-DD` (no time), or null. */
export function parseAsOf(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  const match = DATE.exec(text);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return null;
  return text;
}

/** The `asOf` date in a query string (`?asOf=2026-05-01&…`, the `?` optional), or null. */
export function asOfFromSearch(search: string): string | null {
  return parseAsOf(new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get('asOf'));
}

/** The `asOf` date of the current address (window.location), or null. */
export function asOfFromLocation(location: { readonly search: string } = window.location): string | null {
  return asOfFromSearch(location.search);
}

/** A URL (path or API call) with `asOf` set, replaced or (with null) removed; other parameters kept. */
export function withAsOfParam(url: string, asOf: string | null): string {
  const hashAt = url.indexOf('#');
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const rest = hashAt < 0 ? url : url.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  const path = queryAt < 0 ? rest : rest.slice(0, queryAt);
  const query = new URLSearchParams(queryAt < 0 ? '' : rest.slice(queryAt + 1));
  if (asOf === null) query.delete('asOf');
  else query.set('asOf', asOf);
  const text = query.toString();
  return `${path}${text === '' ? '' : `?${text}`}${hash}`;
}

/** A date for people: "Friday 1 May 2026" (the app's long date; the date itself, whatever the time zone). */
export function formatAsOf(asOf: string, locale?: string): string {
  return formatLongDate(asOf, locale ? { locale } : {});
}

/** Whether `asOf` is a day before the poem had any text (`since`, from /api/site; null when unknown). */
export function asOfBeforeText(asOf: string, since: string | null): boolean {
  return since !== null && asOf < since;
}

/** Today as `YYYY-MM-DD` in local time (the date input's `max`). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The `asOf` date of the current address, following client-side navigation; null when reading today's text. */
export function useAsOf(): string | null {
  return asOfFromSearch(useSearch());
}

/**
 * The same as an atom, for code outside React's tree of the page: kept in step with the
 * address by <AsOfControl>, which the reader controls render.
 */
export const asOfAtom = atom<string | null>(null);
