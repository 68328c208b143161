import { languages, type Language } from './editions.js';

/**
 * The translations a section's address names (`?lang=de,fr`: a shared link, or a reader without
 * JavaScript choosing them), in menu order; null when it names none. Read alike by the server that
 * renders the section and by the app that hydrates it.
 */
export function languagesFromSearch(search: string): Language[] | null {
  const named = new URLSearchParams(search).get('lang');
  if (named === null) return null;
  const asked = named.split(',');
  return languages.filter((lang) => asked.includes(lang));
}

/** The cookie that carries the reader's own translations, so the server renders a section with them (the app keeps it equal to its stored choice). */
export const LANGUAGES_COOKIE = 'epos-lang';

/** The translations the reader's cookie names (`epos-lang=de,fr` in a Cookie header or `document.cookie`), in menu order; null without it. */
export function languagesFromCookie(cookies: string | undefined): Language[] | null {
  const value = (cookies ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${LANGUAGES_COOKIE}=`))
    ?.slice(LANGUAGES_COOKIE.length + 1);
  if (value === undefined) return null;
  let asked: string[];
  try {
    asked = decodeURIComponent(value).split(',');
  } catch {
    return null; // not a cookie of ours: as if there were none
  }
  return languages.filter((lang) => asked.includes(lang));
}
