import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { parseSectionPath } from '../ui/poem-address';
import { useToast } from '../ui/toast';
import { findMatches, matchSummary, scrollTargetY, searchTermFrom } from './search';
import './search.css';

/** The sticky bar's height plus a little air: the first hit stops this far below the top. */
const SEARCH_SCROLL_OFFSET = 75;
const HIGHLIGHT_NAME = 'search-hit';
/** The verse lines searched (not translations or notes). */
const VERSE_LINES = '.poem-section .verse-line';

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): boolean;
}
type HighlightConstructor = new (...ranges: Range[]) => unknown;

function highlightApi(): { registry: HighlightRegistry; Highlight: HighlightConstructor } | null {
  const registry = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)?.highlights;
  const Highlight = (globalThis as unknown as { Highlight?: HighlightConstructor }).Highlight;
  return registry !== undefined && Highlight !== undefined ? { registry, Highlight } : null;
}

function verseLines(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(VERSE_LINES)].filter((el) => el.closest('.translation') === null);
}

/** Ranges over every hit, within each verse line's text nodes. */
function hitRanges(root: HTMLElement, term: string): Range[] {
  const ranges: Range[] = [];
  for (const line of verseLines(root)) {
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.nodeValue ?? '';
      for (const match of findMatches(text, term)) {
        const range = document.createRange();
        range.setStart(node, match.start);
        range.setEnd(node, match.end);
        ranges.push(range);
      }
    }
  }
  return ranges;
}

function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Search-in-book: on a section page with `?search=term`, highlights each occurrence of the
 * term in the verse (case-insensitive substrings) and scrolls to the first one, 75 px below
 * the top; the number of hits is announced. Works on the rendered DOM of <main>, so it follows
 * the section as it loads and re-renders (layers, translations).
 */
export function SearchHighlighter() {
  const [location] = useLocation();
  const search = useSearch();
  const term = parseSectionPath(location) === null ? null : searchTermFrom(search);
  const toast = useToast();

  useEffect(() => {
    if (term === null) return;
    const main = document.getElementById('main');
    if (main === null) return;
    const api = highlightApi();
    let announced = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    // Without the Highlight API hits are not painted (changing React's text nodes would break
    // its updates); the reader still gets the count and the scroll to the first hit.
    const clear = () => {
      if (api !== null) api.registry.delete(HIGHLIGHT_NAME);
    };

    const apply = () => {
      observer.disconnect();
      clear();
      const ready = main.querySelector('.poem-section') !== null;
      const ranges = ready ? hitRanges(main, term) : [];
      const first: Range | undefined = ranges[0];
      if (api !== null && ranges.length > 0) api.registry.set(HIGHLIGHT_NAME, new api.Highlight(...ranges));
      if (ready && !announced) {
        announced = true;
        toast(matchSummary(ranges.length, term), ranges.length > 0 ? 'info' : 'error');
        if (first !== undefined) {
          const top = first.getBoundingClientRect().top;
          window.scrollTo({ top: scrollTargetY(top, window.scrollY, SEARCH_SCROLL_OFFSET), behavior: reducedMotion() ? 'auto' : 'smooth' });
        }
      }
      observer.observe(main, { childList: true, subtree: true, characterData: true });
    };

    const observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(apply, 60);
    });
    // after the section page's own scroll restoring (one frame after its text shows)
    timer = setTimeout(apply, 60);
    observer.observe(main, { childList: true, subtree: true, characterData: true });

    return () => {
      clearTimeout(timer);
      observer.disconnect();
      clear();
    };
  }, [location, term, toast]);

  return null;
}
