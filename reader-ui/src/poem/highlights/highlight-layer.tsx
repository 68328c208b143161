import { useAtom } from 'jotai';
import { useEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Edition } from '@epos/schemas/poem/editions';
import type { Line, SectionRef } from '../api';
import { sentenceAnchor } from '../../ui/poem-address';
import { studyAtom } from '../study/state';
import { lookupForm } from '../study/words';
import { fetchSectionHighlights } from './api';
import { clearHighlights, paintHighlights, selectedWords, type SelectedWords } from './paint';
import { highlightsWrittenAtom, sectionHighlightsAtom } from './state';
import './highlights.css';

/** Where the toolbar stands: under the selection, inside the page's width. */
interface Toolbar {
  readonly words: SelectedWords;
  readonly top: number;
  readonly left: number;
}

/** The performance measure each painting of the section's highlights leaves. */
const PAINT_MEASURE = 'epos:highlights-paint';
const TOOLBAR_WIDTH = 190;
const MARGIN = 8;

function toolbarFor(words: SelectedWords, selection: Selection): Toolbar {
  const rect = selection.getRangeAt(0).getBoundingClientRect();
  const maxLeft = document.documentElement.clientWidth - TOOLBAR_WIDTH - MARGIN;
  return { words, top: rect.bottom + window.scrollY + MARGIN, left: Math.max(MARGIN, Math.min(rect.left, maxLeft)) + window.scrollX };
}

/**
 * The signed-in reader's highlights on the section being read (loaded lazily, only for them): read
 * from the API, painted on the verse (again whenever the verse is rendered anew), and, under words
 * selected in one sentence, a toolbar to highlight them (or look the word up).
 */
export default function HighlightLayer({
  section,
  edition,
  lines,
  root,
}: {
  section: SectionRef;
  edition: Edition;
  lines: readonly Line[];
  root: RefObject<HTMLElement | null>;
}) {
  const key = `${section.book}/${section.canto}/${section.section}`;
  const [loaded, setLoaded] = useAtom(sectionHighlightsAtom);
  const [written, setWritten] = useAtom(highlightsWrittenAtom);
  const [study, setStudy] = useAtom(studyAtom);
  const [toolbar, setToolbar] = useState<Toolbar | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void fetchSectionHighlights(section, { signal: controller.signal, after: written?.position }).then(
      (result) => result.ok && setLoaded({ section: key, list: result.data }),
      () => undefined,
    );
    return () => controller.abort();
  }, [key, written]);

  // Leaving the section (or signing out) forgets its highlights and unpaints them.
  useEffect(
    () => () => {
      setLoaded(null);
      setWritten(null);
      clearHighlights();
    },
    [key],
  );

  const list = loaded?.section === key ? loaded.list : null;
  useEffect(() => {
    const element = root.current;
    if (element === null || list === null) return;
    let frame = 0;
    const paint = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const started = performance.now();
        paintHighlights(element, list, edition);
        // What painting costs, for bench:highlights (and any reader's performance panel).
        performance.measure(PAINT_MEASURE, { start: started, detail: list.length });
      });
    };
    paint();
    // React may render the verse's text nodes anew (a layer shown, words coloured): paint again.
    const observer = new MutationObserver(paint);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [list, edition, root]);

  useEffect(() => {
    let frame = 0;
    const onChange = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const selection = window.getSelection();
        const words = root.current ? selectedWords(root.current, selection) : null;
        setToolbar(words === null || selection === null ? null : toolbarFor(words, selection));
      });
    };
    document.addEventListener('selectionchange', onChange);
    // Words selected before this layer loaded.
    onChange();
    return () => {
      document.removeEventListener('selectionchange', onChange);
      cancelAnimationFrame(frame);
    };
  }, [root]);

  if (toolbar === null || study !== null) return null;
  const line = lines.find((l) => l.lineNumber === toolbar.words.n);
  if (line === undefined) return null;
  const word = lookupForm(toolbar.words.text.slice(toolbar.words.range.start, toolbar.words.range.end));
  const sentence = () => document.getElementById(sentenceAnchor(toolbar.words.n));
  return createPortal(
    <div
      className="selection-toolbar"
      role="toolbar"
      aria-label="Selected words"
      style={{ top: toolbar.top, left: toolbar.left }}
      // Pressing a button here must not end the selection it acts on.
      onMouseDown={(event) => event.preventDefault()}
    >
      <button
        type="button"
        className="button button-primary"
        onClick={() => setStudy({ request: { kind: 'highlight', line, range: toolbar.words.range }, returnTo: sentence() })}
      >
        Highlight
      </button>
      {word !== null && (
        <button type="button" className="button" onClick={() => setStudy({ request: { kind: 'dictionary', word }, returnTo: sentence() })}>
          Look up
        </button>
      )}
    </div>,
    document.body,
  );
}
