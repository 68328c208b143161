import { useAtom, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import type { Layer, SectionRef } from '../api';
import { stopSpeech } from './speech-player';
import { preloadModals, speakingAtom, studyAtom, studyContextAtom } from './state';
import { lookupForm, wordAt } from './words';
import { useMe } from '../../ui/session';

const StudyModals = lazy(() => import('./study-modals'));

/** The verse a click may look a word up in (SentenceView marks it). */
const LOOKUP_SELECTOR = '[data-lookup]';

type CaretDocument = Document & {
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
  caretRangeFromPoint?: (x: number, y: number) => Range | null;
};

/** The text node and offset under a point, by whichever API the browser has. */
function caretAt(x: number, y: number): { node: Node; offset: number } | null {
  const doc = document as CaretDocument;
  if (typeof doc.caretPositionFromPoint === 'function') {
    const position = doc.caretPositionFromPoint(x, y);
    return position === null ? null : { node: position.offsetNode, offset: position.offset };
  }
  if (typeof doc.caretRangeFromPoint === 'function') {
    const range = doc.caretRangeFromPoint(x, y);
    return range === null ? null : { node: range.startContainer, offset: range.startOffset };
  }
  return null;
}

/** The word a click (or a selection ended by it) points at inside `verse`, or null. */
function clickedWord(event: MouseEvent, verse: Element): string | null {
  const selection = window.getSelection();
  if (selection !== null && !selection.isCollapsed && selection.rangeCount > 0) {
    const range = selection.getRangeAt(0);
    if (!verse.contains(range.commonAncestorContainer)) return null;
    return lookupForm(selection.toString());
  }
  const caret = caretAt(event.clientX, event.clientY);
  if (caret === null || caret.node.nodeType !== Node.TEXT_NODE || !verse.contains(caret.node)) return null;
  const word = wordAt(caret.node.textContent ?? '', caret.offset);
  return word === null ? null : lookupForm(word);
}

/**
 * Mounted once per page that shows SentenceViews: opens the dictionary for a word
 * clicked or selected in the verse (one listener for the whole page rather than a
 * button per word), and shows the study modals, whose code loads on first need.
 */
export function StudyHost({ section, layers }: { section: SectionRef | null; layers: readonly Layer[] }) {
  const [open, setOpen] = useAtom(studyAtom);
  const setContext = useSetAtom(studyContextAtom);
  const setSpeaking = useSetAtom(speakingAtom);
  // A signed-in reader's selection gets a toolbar (highlight, look up) instead of the dictionary at once.
  const signedIn = useMe()?.loggedIn === true;

  useEffect(() => {
    setContext(section === null ? null : { ref: section, layers });
  }, [section?.book, section?.canto, section?.section, layers, setContext]);

  // Leaving the section (or the page) closes its modal and stops speech.
  useEffect(
    () => () => {
      setOpen(null);
      stopSpeech();
      setSpeaking(null);
    },
    [section?.book, section?.canto, section?.section, setOpen, setSpeaking],
  );

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target instanceof Element ? event.target : null;
      const verse = target?.closest(LOOKUP_SELECTOR);
      if (!verse || target?.closest('a, button, input, textarea, select')) return;
      if (signedIn && window.getSelection()?.isCollapsed === false) return;
      const word = clickedWord(event, verse);
      if (word === null) return;
      const sentence = verse.closest<HTMLElement>('[tabindex="-1"]');
      setOpen({ request: { kind: 'dictionary', word }, returnTo: sentence });
    };
    document.addEventListener('click', onClick);
    // The modals' code, once the page is idle.
    const idle = window.setTimeout(preloadModals, 2500);
    return () => {
      document.removeEventListener('click', onClick);
      window.clearTimeout(idle);
    };
  }, [setOpen, signedIn]);

  if (open === null) return null;
  return (
    <Suspense fallback={null}>
      <StudyModals open={open} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
