import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { fetchSite, type SiteInfo } from './api';
import type { Contents } from './contents';
import { storedLanguagesAtom, storedShownLayersAtom } from './preferences';

/** The ticked translation checkboxes (what shows is these, filtered by the edition); kept across visits. */
export const languagesAtom = storedLanguagesAtom;

/** Bumped when a cached translation was read again (after an edit), so the section shows it. */
export const translationsVersionAtom = atom(0);

/** The "Works on …" options that are on, oldest first: `layer:{key}`, `reason`, `ipa`; kept across visits. */
export const shownLayersAtom = storedShownLayersAtom;

/** The poem's books, cantos and sections known so far. */
export const contentsAtom = atom<Contents>({});

/** Names and labels from GET /api/site; null until loaded (or if it failed). */
const siteInfoAtom = atom<SiteInfo | null>(null);

/** The site's names and labels, loaded on first use. */
export function useSiteInfo(): SiteInfo | null {
  const info = useAtomValue(siteInfoAtom);
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
