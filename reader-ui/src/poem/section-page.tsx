import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type CSSProperties } from 'react';
import { useLocation } from 'wouter';
import { NO_BOOK } from '../ui/messages';
import { NotFoundPage } from '../ui/not-found-page';
import { ReadFailure } from '../ui/not-found';
import { usePageTitle } from '../ui/use-page-title';
import { useToast } from '../ui/toast';
import { cachedSection, cachedTranslation, fetchContents, fetchSection, fetchTranslation, type Line, type SectionBook, type SectionRef } from './api';
import type { Result } from '../ui/http';
import { contentsAtom, languagesAtom, scrollPositions, translationsVersionAtom, useSiteInfo, shownLayersAtom } from './atoms';
import { contentsFromServer, mergeContents } from './contents';
import { useAsOf } from './scholarship/as-of';
import { AsOfBanner, AsOfNothing } from './scholarship/as-of-control';
import { Loading } from '../ui/loading';
import './poem.css';
import { ReaderControls } from './reader-controls';
import { SectionPaintings } from './paintings';
import { PdfButton } from './pdf/pdf-dialog';
import { ReaderBar, ReaderSettings, useSectionSwipe, useSettingsPanel } from './reader-bar';
import { textSizeAtom } from './preferences';
import { editionLabels, groupByStanza, sectionTitle, visibleLanguages, type Lang } from './reading';
import { parseHashTarget, parseSectionPath, scrollKey, sentenceAnchor, sectionKey, sectionPath, type SectionAddress } from '../ui/poem-address';
import { SectionMenu, SectionPager } from './section-menu';
import { SentenceView, verseOf, type ShownTranslation, type StudyTools } from './sentence-view';
import { InScript } from './in-script';
import { layOutVerse, type VerseRow } from '@epos/schemas/poem/verse-layout';
import { StudyHost } from './study/study-host';
import { studyLayers } from './study-layers';

/** How long a section waits for its ticked translations before it shows without them. */
const TRANSLATIONS_WAIT_MS = 1500;

/** How long a hash target stays highlighted (spec section 9). */
const HIGHLIGHT_MS = 6000;

/** `/{book}/{canto}/{section}` and `/…/{centenary|revised}`. */
export function SectionPage() {
  const [location] = useLocation();
  const address = parseSectionPath(location);
  if (address === null) return <NotFoundPage />;
  return <SectionReader address={address} />;
}

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function SectionReader({ address }: { address: SectionAddress }) {
  const key = sectionKey(address);
  const [loaded, setLoaded] = useState<{ key: string; result: Result<SectionBook> } | null>(null);
  const setContents = useSetAtom(contentsAtom);

  // The books, then the cantos of the book being read: a huge poem's menu loads a book at a time.
  useEffect(() => {
    for (const book of [undefined, address.book]) {
      void fetchContents(book).then((result) => {
        if (result.ok) setContents((contents) => contentsFromServer(contents, result.data));
      });
    }
  }, [address.book, setContents]);

  const asOf = useAsOf();
  const site = useSiteInfo();
  const loadKey = `${key}@${asOf ?? ''}`;
  const languages = useAtomValue(languagesAtom);
  const languagesNow = useRef(languages);
  languagesNow.current = languages;
  useEffect(() => {
    const controller = new AbortController();
    // The ticked translations load beside the section, and it shows with them, so they do not push
    // the verse about as each arrives (a slow one is left to useTranslations after a while).
    const ref: SectionRef = { book: address.book, canto: address.canto, section: address.section };
    const translations = visibleLanguages(languagesNow.current, address.edition)
      .filter((lang) => cachedTranslation(ref, lang) === undefined)
      .map((lang) => fetchTranslation(ref, lang, controller.signal).catch(() => undefined));
    const withTranslations = Promise.race([Promise.all(translations), new Promise((resolve) => setTimeout(resolve, TRANSLATIONS_WAIT_MS))]);
    Promise.all([fetchSection(address, controller.signal, asOf), withTranslations]).then(
      ([result]) => {
        setLoaded({ key: loadKey, result });
        if (result.ok) setContents((contents) => mergeContents(contents, result.data));
      },
      () => undefined, // aborted: a newer section is loading
    );
    return () => controller.abort();
  }, [loadKey, setContents]);

  const current = loaded?.key === loadKey ? loaded.result : null;
  const data = current?.ok ? current.data : cachedSection(address, asOf);
  const failure = current !== null && !current.ok ? current : null;

  usePageTitle(data ? sectionTitle(data.customSection[0], data.cantoName, data.bookName) : failure?.message ?? 'Loading');
  useScrollMemory(address, data !== undefined);

  if (data === undefined) {
    if (failure === null) {
      return (
        <>
          <ReaderBar address={address} data={undefined} />
          <Loading />
        </>
      );
    }
    // Read as of a day the section had no text: say so, with the ways out, instead of a bare "No book found".
    if (asOf !== null && failure.message === NO_BOOK) return <AsOfNothing path={sectionPath(address)} since={site?.poemTextSince ?? null} />;
    return <ReadFailure failure={failure} what={`Book ${address.book}, canto ${address.canto}, section ${address.section} is not in the poem’s ${editionLabels[address.edition]} edition.`} ways={[{ href: '/lookup', label: 'Look up a sentence or line' }]} />;
  }
  return <SectionText address={address} data={data} />;
}

/**
 * Keeps the scroll position per section in memory and restores it when the section
 * shows again (back/forward, menu); a `#s{n}` hash instead scrolls to that sentence
 * and highlights it, below the sticky navigation (html's scroll-padding-top).
 */
function useScrollMemory(address: SectionAddress, ready: boolean) {
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

function useHashHighlight(ready: boolean): number | null {
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
function useStudyTools(place: string): StudyTools {
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
function useTranslations(ref: SectionRef, langs: readonly Lang[]) {
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

function SectionText({ address, data }: { address: SectionAddress; data: SectionBook }) {
  const site = useSiteInfo();
  const selected = useAtomValue(languagesAtom);
  const shownKeys = useAtomValue(shownLayersAtom);
  useAtomValue(translationsVersionAtom); // a translation read again after an edit shows at once
  const languages = visibleLanguages(selected, address.edition);
  const ref: SectionRef = { book: address.book, canto: address.canto, section: address.section };
  useTranslations(ref, languages);
  const highlighted = useHashHighlight(true);
  const study = useStudyTools(scrollKey(address));
  const textSize = useAtomValue(textSizeAtom);
  const articleRef = useRef<HTMLElement>(null);
  const panel = useSettingsPanel();
  useSectionSwipe(articleRef, address, data);

  const options = useMemo(() => studyLayers(data.layers), [data.layers]);
  // Each sentence's verse rows as laid out in its section (schemas/src/poem/verse-layout.ts).
  const rowsOf = useMemo(() => {
    const rows = new Map<Line, VerseRow[]>();
    for (const section of data.customSection) {
      const blocks = layOutVerse(section.customSection.map((line) => ({ sentence: line, n: line.lineNumber, fragments: verseOf(line) })));
      section.customSection.forEach((line, i) => rows.set(line, blocks[i]!));
    }
    return rows;
  }, [data]);
  // The number column is as wide as the page's longest sentence number (poem.css).
  const numberDigits = useMemo(() => String(data.customSection.reduce((most, section) => section.customSection.reduce((m, line) => Math.max(m, line.lineNumber), most), 1)).length, [data]);
  const shownLayers = options.filter((o) => shownKeys.includes(o.key));
  const translationsOf = (n: number): ShownTranslation[] =>
    languages.flatMap((lang) => {
      const text = cachedTranslation(ref, lang)?.find((t) => t.SentenceNumber === n)?.Translated;
      return text ? [{ lang, text }] : [];
    });

  return (
    <article
      ref={articleRef}
      className={panel.mode === 'side' && panel.open ? 'reader section-reader has-panel' : 'reader section-reader'}
      data-text-size={textSize}
      aria-labelledby="section-heading"
      style={{ '--number-digits': numberDigits } as CSSProperties}
    >
      <ReaderBar address={address} data={data} />
      <div className="reader-text">
        <header className="section-head">
          <p className="book-line">
            Book {data.bookNumber}: <InScript text={data.bookName} /> · Canto {data.cantoNumber}: <InScript text={data.cantoName} />
          </p>
          <AsOfBanner path={sectionPath(address)} />
        </header>
        {data.customSection.map((section, i) => (
          <section key={section.SectionNumber} className="poem-section" aria-labelledby={i === 0 ? 'section-heading' : undefined}>
            <h1 id={i === 0 ? 'section-heading' : undefined} className="section-title">
              <span className="srn">{section.srn}</span> <InScript text={section.SectionName} />
            </h1>
            {groupByStanza(section.customSection).map((stanza) => (
              <div key={stanza[0]?.lineNumber} className="stanza">
                {stanza.map((line) => (
                  <SentenceView
                    key={line.lineNumber}
                    line={line}
                    rows={rowsOf.get(line)}
                    highlighted={highlighted === line.lineNumber}
                    target={highlighted}
                    study={study}
                    translations={translationsOf(line.lineNumber)}
                    layers={shownLayers}
                    section={ref}
                  />
                ))}
              </div>
            ))}
          </section>
        ))}
        {/* The book's or canto's paintings close the section, where they keep no line of verse off the first screen. */}
        <SectionPaintings data={data} />
        <SectionPager address={address} data={data} />
        <StudyHost section={ref} layers={data.layers} />
      </div>
      {/* Text first: the contents and settings follow the verse, beside it or opened from the bar, never above it. */}
      <ReaderSettings>
        <SectionMenu address={address} data={data} />
        <ReaderControls address={address} options={options} layersMenuLabel={site?.labels.worksOn ?? 'Works on the poem'} />
        <div className="reader-settings-actions">
          <PdfButton book={{ number: data.bookNumber, name: data.bookName }} canto={{ number: data.cantoNumber, name: data.cantoName }} layers={data.layers} />
        </div>
      </ReaderSettings>
    </article>
  );
}
