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
