import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { contentsUrl, fetchSite, SITE_URL, type ContentsResponse, type SectionBook, type SiteInfo } from './api';
import { contentsFromServer, mergeContents, type Contents } from './contents';
import { serverAnswer, serverAnswers } from '../ui/server-answers';
import { storedLanguagesAtom, storedShownLayersAtom } from './preferences';

/** The ticked translation checkboxes (what shows is these, filtered by the edition); kept across visits. */
export const languagesAtom = storedLanguagesAtom;

/** Bumped when a cached translation was read again (after an edit), so the section shows it. */
export const translationsVersionAtom = atom(0);

/** The "Works on …" options that are on, oldest first: `layer:{key}`, `reason`, `ipa`; kept across visits. */
export const shownLayersAtom = storedShownLayersAtom;

/** What the server rendered the page with: its contents answers, then its section's names. */
function servedContents(): Contents {
  let contents: Contents = {};
  const books = serverAnswer<ContentsResponse>(contentsUrl());
  if (books) contents = contentsFromServer(contents, books);
  for (const [url, answer] of serverAnswers()) {
    if (url.startsWith(`${contentsUrl()}/`)) contents = contentsFromServer(contents, answer as ContentsResponse);
  }
  for (const [url, answer] of serverAnswers()) {
    if (url.startsWith('/api/sbook/')) contents = mergeContents(contents, answer as SectionBook);
  }
  return contents;
}

const knownContentsAtom = atom<Contents | null>(null);

/** The poem's books, cantos and sections known so far (at first, what the server rendered the page with). */
export const contentsAtom = atom(
  (get) => get(knownContentsAtom) ?? servedContents(),
  (get, set, update: (contents: Contents) => Contents) => set(knownContentsAtom, update(get(knownContentsAtom) ?? servedContents())),
);

/** Names and labels from GET /api/site; null until loaded (or if it failed). */
const siteInfoAtom = atom<SiteInfo | null>(null);

/** The site's names and labels, loaded on first use (at once on a page the server rendered). */
export function useSiteInfo(): SiteInfo | null {
  const info = useAtomValue(siteInfoAtom) ?? serverAnswer<SiteInfo>(SITE_URL) ?? null;
  const setInfo = useSetAtom(siteInfoAtom);
  useEffect(() => {
    if (info !== null) return;
    let live = true;
    void fetchSite().then((result) => {
      if (live && result.ok) setInfo(result.data);
    });
    return () => {
      live = false;
    };
  }, [info, setInfo]);
  return info;
}

/** Scroll positions per section, in memory for this visit. */
export const scrollPositions = new Map<string, number>();
