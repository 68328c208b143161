import { useEffect } from 'react';
import { useAtom } from 'jotai';
import { useLocation, useSearch } from 'wouter';
import { LANGUAGES_COOKIE, languagesFromSearch } from '@epos/schemas/poem/address-languages';
import { cookieLanguages } from '../ui/server-answers';
import { languagesAtom } from './atoms';
import type { Lang } from './reading';

/** A year, in seconds. */
const COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Keeps the reader's choice in a cookie too, so the server renders their sections with it (docs/decisions/server-rendering.md). */
function keepInCookie(languages: readonly Lang[]): void {
  document.cookie = `${LANGUAGES_COOKIE}=${encodeURIComponent(languages.join(','))}; path=/; max-age=${COOKIE_MAX_AGE}; samesite=lax`;
}

/**
 * The ticked translations: those the address names (a shared link, or a reader without JavaScript
 * choosing them), else the reader's own: their cookie's, which the server renders a section with,
 * else those kept in this browser. Ticking one makes the choice the reader's own again (kept in
 * both), and the address drops its `lang`.
 */
export function useTickedLanguages(): [readonly Lang[], (languages: Lang[]) => void] {
  const [stored, setStored] = useAtom(languagesAtom);
  const search = useSearch();
  const [path, navigate] = useLocation();
  const fromAddress = languagesFromSearch(search);
  const fromCookie = cookieLanguages();
  // a choice made before the cookie was kept: keep it there from now on
  useEffect(() => {
    if (fromCookie === null && stored.length > 0) keepInCookie(stored);
  }, [fromCookie, stored]);
  const set = (languages: Lang[]) => {
    keepInCookie(languages);
    setStored(languages);
    if (fromAddress === null) return;
    const rest = new URLSearchParams(search);
    rest.delete('lang');
    navigate(rest.size > 0 ? `${path}?${rest.toString()}` : path, { replace: true });
  };
  return [fromAddress ?? fromCookie ?? stored, set];
}
