import { useAtomValue } from 'jotai';
import { lazy, Suspense, useMemo, useRef } from 'react';
import { cachedTranslation, type Line, type SectionBook, type SectionRef } from './api';
import { translationsVersionAtom, useSiteInfo, shownLayersAtom } from './atoms';
import { AsOfBanner } from './scholarship/as-of-control';
import { ReaderControls } from './reader-controls';
import { SectionPaintings } from './paintings';
import { PdfButton } from './pdf/pdf-button';
import { ReaderBar, ReaderSettings, useSectionSwipe, useSettingsPanel } from './reader-bar';
import { textSizeAtom } from './preferences';
import { groupByStanza, visibleLanguages } from './reading';
import { scrollKey, sectionPath, type SectionAddress } from '../ui/poem-address';
import { NoScriptContents, SectionMenu, SectionPager } from './section-menu';
import { SentenceView, verseOf, type ShownTranslation } from './sentence-view';
import { InScript } from './in-script';
import { useTickedLanguages } from './address-languages';
import { layOutVerse, type VerseRow } from '@epos/schemas/poem/verse-layout';
import { StudyHost } from './study/study-host';
import { MostHighlighted } from './highlights/most-highlighted';
import { studyLayers } from './study-layers';
import { useMe } from '../ui/session';
import { useHashHighlight, useStudyTools, useTranslations } from './section-hooks';

const HighlightLayer = lazy(() => import('./highlights/highlight-layer'));

/** Sentence numbers' widest width the stylesheet knows (poem.css); a poem of ten million sentences has eight digits. */
const MAX_NUMBER_DIGITS = 8;

export function SectionText({ address, data }: { address: SectionAddress; data: SectionBook }) {
  const site = useSiteInfo();
  const [selected] = useTickedLanguages();
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
  const signedIn = useMe()?.loggedIn === true;
  const lines = useMemo(() => data.customSection.flatMap((section) => section.customSection), [data]);

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
  const numberDigits = useMemo(
    () => String(data.customSection.reduce((most, section) => section.customSection.reduce((m, line) => Math.max(m, line.lineNumber), most), 1)).length,
    [data],
  );
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
      data-number-digits={Math.min(numberDigits, MAX_NUMBER_DIGITS)}
      data-translations={languages.length}
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
        <MostHighlighted address={address} />
        <NoScriptContents address={address} data={data} />
        <StudyHost section={ref} layers={data.layers} />
        {signedIn && (
          <Suspense fallback={null}>
            <HighlightLayer section={ref} edition={address.edition} lines={lines} root={articleRef} />
          </Suspense>
        )}
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
