import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useToast } from '../ui/toast';
import { cachedTranslation, fetchTranslation, type SectionRef } from './api';
import { scrollPositions } from './atoms';
import type { Lang } from './reading';
import { parseHashTarget, scrollKey, sentenceAnchor, type SectionAddress } from '../ui/poem-address';
import type { StudyTools } from './sentence-view';

/** How long a hash target stays highlighted (spec section 9). */
const HIGHLIGHT_MS = 6000;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Keeps the scroll position per section in memory and restores it when the section
 * shows again (back/forward, menu); a `#s{n}` hash instead scrolls to that sentence
 * and highlights it, below the sticky navigation (html's scroll-padding-top).
 */
export function useScrollMemory(address: SectionAddress, ready: boolean) {
  const [location] = useLocation();
  const place = scrollKey(address);
  const pending = useRef<{ place: string; y: number } | null>(null);
  const placeRef = useRef(place);

  // Before anything scrolls for the new address (the layout resets to the top), note where to return.
  useLayoutEffect(() => {
    placeRef.current = place;
    pending.current = { place, y: scrollPositions.get(place) ?? 0 };
  }, [place, location]);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (pending.current !== null) return; // not yet restored: this is the reset, not the reader
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => scrollPositions.set(placeRef.current, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      if ('scrollRestoration' in history) history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    if (!ready || pending.current === null) return;
    const target = pending.current;
    // after the layout's reset to the top, which runs later in this commit
    const frame = requestAnimationFrame(() => {
      if (parseHashTarget(window.location.hash) === null) window.scrollTo({ top: target.y, behavior: 'instant' });
      pending.current = null;
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, place, location]);
}

export function useHashHighlight(ready: boolean): number | null {
  const [location] = useLocation();
  const [target, setTarget] = useState<{ n: number; at: number } | null>(null);

  useEffect(() => {
    if (!ready) return;
    let frame = 0;
    const go = () => {
      const n = parseHashTarget(window.location.hash);
      if (n === null) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const element = document.getElementById(sentenceAnchor(n));
        if (element === null) return;
        element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
        element.focus({ preventScroll: true });
        setTarget({ n, at: Date.now() });
      });
    };
    go();
    window.addEventListener('hashchange', go);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('hashchange', go);
    };
  }, [ready, location]);

  useEffect(() => {
    if (target === null) return;
    const timer = setTimeout(() => setTarget(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [target]);

  return target?.n ?? null;
}

/** Which sentences have their study tools open: none when another section shows. */
export function useStudyTools(place: string): StudyTools {
  const [open, setOpen] = useState<{ place: string; sentences: ReadonlySet<number> }>({ place, sentences: new Set() });
  const sentences = open.place === place ? open.sentences : null;
  const toggle = useCallback(
    (n: number) =>
      setOpen((before) => {
        const next = new Set(before.place === place ? before.sentences : []);
        if (!next.delete(n)) next.add(n);
        return { place, sentences: next };
      }),
    [place],
  );
  return useMemo(() => ({ isOpen: (n: number) => sentences?.has(n) === true, toggle }), [sentences, toggle]);
}

/** Loads each shown translation of the section once; each shows as soon as it has loaded. */
export function useTranslations(ref: SectionRef, langs: readonly Lang[]) {
  const [, loadedOne] = useReducer((x: number) => x + 1, 0);
  const toast = useToast();
  useEffect(() => {
    const controller = new AbortController();
    for (const lang of langs) {
      if (cachedTranslation(ref, lang) !== undefined) continue;
      fetchTranslation(ref, lang, controller.signal).then(
        (result) => {
          if (result.ok) loadedOne();
          else toast(result.message, 'error');
        },
        () => undefined,
      );
    }
    return () => controller.abort();
  }, [ref.book, ref.canto, ref.section, langs.join(',')]);
}
